import type { Services } from '../../services.js';
import { NOTIFICATION_KINDS, wantsNotification, type NotificationChannel, type NotificationKind } from '../../../shared/notification-kinds.js';
import { findUsersByIds, type UserRow } from '../users/users.repo.js';
import { addNotification } from './notifications.repo.js';
import { isUnderWebhookBase } from '../../../shared/slack-webhook.schemas.js';
import { findSlackWebhook, recordSlackDelivery, type SlackWebhookRow } from './notifications.slack.repo.js';
import { escapeSlack, postSlackMessage, slackLink, type SlackMessage } from './notifications.slack.client.js';
import { directMessageOf, sendSlackDirectMessage } from '../integrations/slack/slack.dm.js';

export type NotifyInput = {
  organizationId: string;
  userIds: readonly string[];
  kind: NotificationKind;
  /**
   * Read by more than the recipients: a Slack channel (when not private), and every admin in the email
   * outbox. It names no object a channel member or an admin may not read in its area (a goal, a cycle,
   * a retro, a level, a note) and nobody whom the area keeps out of it: those go in `body`.
   */
  title: string;
  /**
   * In the app and in the email (so also the admins' outbox); never to Slack. Dropped when `private`.
   * A function writes it for each reader: a moment in it is then in their profile time zone
   * (`time_zone`, null when unset: shared/format.ts writes UTC and says so; docs/decisions/0070).
   */
  body?: string | null | ((reader: Reader) => string);
  /**
   * Whether what this is about is something not every admin may read in its own area (private or
   * manager-visible feedback, a feedback request, a 1:1 note, a goal admins cannot open): then no
   * channel carries the body (the app and the mail show the title and the link, and the area shows
   * the rest to whoever may read it), and nothing is posted to the Slack channel (a direct message
   * still is). Ask the area's own rule, e.g. as `anyAdminOf(orgId)` (docs/decisions/0055).
   */
  private: boolean;
  /** A path inside Teamlens (`/reviews/pending`); emails and Slack get it as an absolute URL. */
  link?: string | null;
};

export type NotifyReport = {
  recipients: number;
  inApp: number;
  email: number;
  /** `delivered` is null when nothing was posted (no webhook, or nobody chose Slack). */
  slack: { mentioned: number; delivered: boolean | null };
};

/** What a body written per reader may know of them. */
export type Reader = { time_zone: string | null };

type Delivery = Omit<NotifyInput, 'kind'> & { kind: NotificationKind | 'test'; reason: string };
type Wants = (user: UserRow, channel: NotificationChannel) => boolean;

const emptyReport = (): NotifyReport => ({ recipients: 0, inApp: 0, email: 0, slack: { mentioned: 0, delivered: null } });

/** A Slack member id, strictly: anything else (the field is self-edited) is shown as the person's name. */
const SLACK_ID = /^[UW][A-Z0-9]{2,20}$/;

function mentionOf(user: UserRow): string {
  return user.slack_id && SLACK_ID.test(user.slack_id) ? `<@${user.slack_id}>` : escapeSlack(user.full_name);
}

/**
 * The organization's webhook, if it may be used: one saved under another SLACK_WEBHOOK_BASE (the
 * setting changed since) is not posted to, and the admin sees why.
 */
export function usableSlackWebhook(services: Services, orgId: string): SlackWebhookRow | undefined {
  const row = findSlackWebhook(services.db, orgId);
  if (!row || isUnderWebhookBase(row.webhook_url, services.config.slackWebhookBase)) return row;
  recordSlackDelivery(services.db, orgId, row.webhook_url, {
    ok: false,
    error: `Not posted: the webhook no longer starts with ${services.config.slackWebhookBase}. Connect it again.`,
  });
  return undefined;
}

function problemWith(input: Delivery): string | null {
  if (!input.title.trim() || input.title.length > 200) return 'title must be 1 to 200 characters';
  if (typeof input.body === 'string' && input.body.length > 4000) return 'body must be at most 4000 characters';
  if (input.link && (!/^\/(?![/\\])/.test(input.link) || input.link.length > 500)) return 'link must be a path inside Teamlens, such as /reviews/pending';
  return null;
}

/** What a private notification says instead of its body, in the mail (docs/decisions/0055). */
export const PRIVATE_BODY_NOTE = 'What it says is kept in Teamlens, for the people who may read it there.';

/** The body as `user` reads it; one written per reader is cut at the 4000 characters a body may have. */
const bodyFor = (input: Delivery, user: UserRow): string | null =>
  typeof input.body === 'function' ? input.body({ time_zone: user.time_zone }).slice(0, 4000) : (input.body ?? null);

function emailText(services: Services, input: Delivery, body: string | null, url: string | null): string {
  const lines = [input.title.trim()];
  if (body) lines.push('', body);
  else if (input.private) lines.push('', PRIVATE_BODY_NOTE);
  if (url) lines.push('', `Open it in Teamlens: ${url}`);
  lines.push('', '--', input.reason, `Choose what you get and where: ${services.config.origin}/settings/privacy`);
  return lines.join('\n');
}

function slackMessage(recipients: UserRow[], input: Delivery, url: string | null): SlackMessage {
  const mentions = recipients.map(mentionOf).join(', ');
  const title = escapeSlack(input.title.trim());
  const link = url ? slackLink(url, 'Open in Teamlens') : null;
  return {
    text: `${mentions}: ${title}${link ? ` ${link}` : ''}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${title}*${link ? `\n${link}` : ''}` } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `For ${mentions}` }] },
    ],
  };
}

/**
 * Writes the in-app notifications and emails at once (before the first await: a caller that does not
 * wait still gets them), then posts one Slack message that mentions everyone who chose Slack.
 * Never rejects: problems are logged and Slack failures are also recorded for the admin.
 * Call it after your own transaction committed.
 */
async function deliver(services: Services, input: Delivery, wants: Wants): Promise<NotifyReport> {
  const report = emptyReport();
  try {
    const problem = problemWith(input);
    if (problem) {
      services.log.error({ kind: input.kind, problem }, 'notification not sent: bad input');
      return report;
    }
    // One rule for private notifications: their body stays in its area, whatever the caller wrote.
    if (input.private) input = { ...input, body: null };
    const recipients = findUsersByIds(services.db, input.organizationId, [...new Set(input.userIds)]).filter(
      (u) => u.status !== 'DEACTIVATED' && !u.deleted_at,
    );
    report.recipients = recipients.length;
    const url = input.link ? new URL(input.link, services.config.origin).href : null;
    const forSlack: UserRow[] = [];
    for (const user of recipients) {
      const body = bodyFor(input, user);
      if (wants(user, 'in_app')) {
        addNotification(services, {
          organizationId: input.organizationId,
          userId: user.id,
          kind: input.kind,
          title: input.title.trim(),
          body: body ?? undefined,
          link: input.link ?? undefined,
        });
        report.inApp++;
      }
      if (wants(user, 'email')) {
        services.mailer.send({
          organizationId: input.organizationId,
          to: user.email,
          subject: input.title.trim(),
          text: emailText(services, input, body, url),
          link: url ?? undefined,
        });
        report.email++;
      }
      if (wants(user, 'slack')) forSlack.push(user);
    }
    // With a connected Slack bot, each of them with a slack_id also gets it by direct message (never fails the rest;
    // once Slack asks to slow down, the remaining direct messages are skipped).
    const dm = directMessageOf(input.title, url);
    for (const user of forSlack.filter((u) => u.slack_id)) {
      if ((await sendSlackDirectMessage(services, input.organizationId, user.id, dm, services.log))?.skipped) break;
    }
    // The channel is read by people the area would not tell, and one post names every recipient.
    const webhook = forSlack.length && !input.private ? usableSlackWebhook(services, input.organizationId) : undefined;
    if (!webhook) return report;
    report.slack.mentioned = forSlack.length;
    const outcome = await postSlackMessage(webhook.webhook_url, slackMessage(forSlack, input, url));
    report.slack.delivered = outcome.ok;
    if (!outcome.ok) services.log.warn({ organizationId: input.organizationId, kind: input.kind, error: outcome.error }, 'Slack notification not delivered');
    recordSlackDelivery(services.db, input.organizationId, webhook.webhook_url, outcome);
  } catch (err) {
    services.log.error({ err, kind: input.kind, organizationId: input.organizationId }, 'notification delivery failed');
  }
  return report;
}

/**
 * Notifies people of one organization, each as they chose (`wantsNotification` per channel and
 * kind): in the app (live through notificationAdded), by email (outbox / SMTP) and in the
 * organization's Slack channel when an admin connected one. Ids of deleted or deactivated people,
 * and of other organizations, get nothing.
 */
export function notify(services: Services, input: NotifyInput): Promise<NotifyReport> {
  const label = NOTIFICATION_KINDS.find((k) => k.id === input.kind)?.label ?? input.kind;
  const reason = `You get this because "${label}" notifications are on for you.`;
  return deliver(services, { ...input, reason }, (user, channel) => wantsNotification(user.notifications, input.kind, channel));
}

/** A test to oneself through every channel the person turned on, whatever the kinds. */
export function sendTestNotification(services: Services, viewer: { organizationId: string; userId: string }): Promise<NotifyReport> {
  return deliver(
    services,
    {
      organizationId: viewer.organizationId,
      userIds: [viewer.userId],
      kind: 'test',
      title: 'Test notification from Teamlens',
      private: false,
      body: 'Notifications reach you here. Choose what you get and where in your settings.',
      link: '/settings/privacy',
      reason: 'You get this because you asked for a test notification.',
    },
    (user, channel) => user.notifications.includes(channel),
  );
}
