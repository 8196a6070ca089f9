import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { badInput, notFound } from '../../../shared/app-error.js';
import { isUnderWebhookBase, slackWebhookInputSchema } from '../../../shared/slack-webhook.schemas.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { findOrganization } from '../org/org.repo.js';
import { sendTestNotification, usableSlackWebhook } from './notifications.deliver.js';
import { escapeSlack, postSlackMessage } from './notifications.slack.client.js';
import { deleteSlackWebhook, findSlackWebhook, recordSlackDelivery, saveSlackWebhook, type SlackWebhookRow } from './notifications.slack.repo.js';
import { auditActor } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';

const schema = /* GraphQL */ `
  "The organization's Slack incoming webhook. Its URL is a secret: only the last 4 characters are shown."
  type SlackWebhook {
    webhook_hint: String!
    channel_label: String
    created_at: DateTime!
    last_success_at: DateTime
    last_error: String
    last_error_at: DateTime
  }
  type SlackTestResult { delivered: Boolean! message: String! }
  "Where a test notification went; slack_delivered is null when nothing was posted to Slack."
  type TestNotificationResult { in_app: Boolean! email: Boolean! slack_delivered: Boolean }
  extend type Query {
    "Admin: the connected Slack webhook, or null."
    slackWebhook: SlackWebhook
  }
  extend type Mutation {
    "Admin: connects Slack (or replaces the webhook) for notifications."
    setSlackWebhook(url: String!, channel_label: String): SlackWebhook!
    "Admin: disconnects Slack; true when a webhook was removed."
    removeSlackWebhook: Boolean!
    "Admin: posts a test message to the connected channel and says how it went."
    sendSlackTestMessage: SlackTestResult!
    "Admin: sends a test notification to oneself through each channel one turned on."
    sendTestNotification: TestNotificationResult!
  }
`;

/** Never the URL itself. */
export function presentSlackWebhook(row: SlackWebhookRow) {
  return {
    webhook_hint: `…${row.webhook_url.slice(-4)}`,
    channel_label: row.channel_label,
    created_at: row.created_at,
    last_success_at: row.last_success_at,
    last_error: row.last_error,
    last_error_at: row.last_error_at,
  };
}

export async function slackSettings(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      slackWebhook: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const row = findSlackWebhook(ctx.services.db, requireAdmin(ctx).organizationId);
        return row ? presentSlackWebhook(row) : null;
      },
    },
    Mutation: {
      setSlackWebhook: (_: unknown, args: { url: string; channel_label?: string | null }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const input = parseInput(slackWebhookInputSchema, { url: args.url, channel_label: args.channel_label ?? undefined });
        const base = ctx.services.config.slackWebhookBase;
        if (!isUnderWebhookBase(input.url, base)) {
          const message = `Use the webhook URL Slack gives you: it starts with ${base}`;
          throw badInput(`url: ${message}`, { fields: { url: message } });
        }
        const { db } = ctx.services;
        const row = db.transaction(() => {
          const change = findSlackWebhook(db, viewer.organizationId) ? 'replaced' : 'connected';
          // Never the URL: it is the secret.
          recordAudit(db, {
            ...auditActor(ctx, viewer),
            action: 'INTEGRATION_SECRET_CHANGED',
            details: { integration: 'Slack', change, channel_label: input.channel_label ?? null },
          });
          return saveSlackWebhook(db, viewer.organizationId, { url: input.url, channelLabel: input.channel_label, createdBy: viewer.userId });
        });
        return presentSlackWebhook(row);
      },
      removeSlackWebhook: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { db } = ctx.services;
        return db.transaction(() => {
          const removed = deleteSlackWebhook(db, viewer.organizationId);
          if (removed)
            recordAudit(db, { ...auditActor(ctx, viewer), action: 'INTEGRATION_SECRET_CHANGED', details: { integration: 'Slack', change: 'removed' } });
          return removed;
        });
      },
      sendSlackTestMessage: async (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { db } = ctx.services;
        const row = findSlackWebhook(db, viewer.organizationId);
        if (!row) throw notFound('Slack webhook');
        if (!usableSlackWebhook(ctx.services, viewer.organizationId))
          return { delivered: false, message: `The webhook no longer starts with ${ctx.services.config.slackWebhookBase}: connect Slack again.` };
        const orgName = findOrganization(db, viewer.organizationId)?.name ?? 'your organization';
        const text = `Teamlens is connected to this channel. People of ${escapeSlack(orgName)} who choose Slack notifications will be mentioned here.`;
        const outcome = await postSlackMessage(row.webhook_url, { text });
        recordSlackDelivery(db, viewer.organizationId, row.webhook_url, outcome);
        if (!outcome.ok) ctx.services.log.warn({ organizationId: viewer.organizationId, error: outcome.error }, 'Slack test message not delivered');
        return outcome.ok ? { delivered: true, message: 'The test message was posted to Slack.' } : { delivered: false, message: outcome.error };
      },
      sendTestNotification: async (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const report = await sendTestNotification(ctx.services, requireAdmin(ctx));
        return { in_app: report.inApp > 0, email: report.email > 0, slack_delivered: report.slack.delivered };
      },
    },
  } as never);
}
