import type { Services } from '../../services.js';
import { nowIso } from '../../lib/tokens.js';
import { usableSlackWebhook } from '../notifications/notifications.deliver.js';
import { escapeSlack, postSlackMessage, slackLink, type SlackMessage } from '../notifications/notifications.slack.client.js';
import { recordSlackDelivery } from '../notifications/notifications.slack.repo.js';
import { markSharedOnSlack } from './feedback.give.repo.js';

/** Slack's section text is limited to 3,000 characters; the praise is cut before that. */
const SLACK_BODY_MAX = 2_500;

export type PraiseForSlack = { organizationId: string; feedbackId: string; giverName: string; recipientName: string; body: string; tagNames: string[] };

/** The praise as a Slack message: everything people wrote is escaped (no mentions, links or control sequences of theirs). */
export function praiseMessage(p: PraiseForSlack, wallUrl: string): SlackMessage {
  const giver = escapeSlack(p.giverName);
  const recipient = escapeSlack(p.recipientName);
  const body = escapeSlack(p.body.length > SLACK_BODY_MAX ? `${p.body.slice(0, SLACK_BODY_MAX)}…` : p.body);
  const tags = p.tagNames.length ? `\nTags: ${p.tagNames.map(escapeSlack).join(', ')}` : '';
  const quoted = body
    .split('\n')
    .map((line) => `>${line}`)
    .join('\n');
  return {
    text: `:tada: ${giver} praised ${recipient}: ${body}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `:tada: *${giver}* praised *${recipient}*\n${quoted}${tags}` } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: slackLink(wallUrl, 'See the praise wall in Teamlens') }] },
    ],
  };
}

/** Whether the organization has a Slack channel praise can be posted to. */
export function slackConnected(services: Services, orgId: string): boolean {
  return !!usableSlackWebhook(services, orgId);
}

/**
 * Posts public praise to the organization's Slack channel (the webhook an admin connected). Never
 * throws: a failed post leaves the item's slack_shared false, is logged, and shows to the admin
 * on the Slack settings (recordSlackDelivery). True when Slack took it.
 */
export async function sharePraiseToSlack(services: Services, praise: PraiseForSlack): Promise<boolean> {
  try {
    const webhook = usableSlackWebhook(services, praise.organizationId);
    if (!webhook) return false;
    const outcome = await postSlackMessage(webhook.webhook_url, praiseMessage(praise, new URL('/continuous-feedback', services.config.origin).href));
    recordSlackDelivery(services.db, praise.organizationId, webhook.webhook_url, outcome);
    if (!outcome.ok) {
      services.log.warn({ organizationId: praise.organizationId, feedbackId: praise.feedbackId, error: outcome.error }, 'praise not shared to Slack');
      return false;
    }
    markSharedOnSlack(services.db, praise.feedbackId, nowIso());
    return true;
  } catch (err) {
    services.log.error({ err, organizationId: praise.organizationId, feedbackId: praise.feedbackId }, 'praise not shared to Slack');
    return false;
  }
}
