import type { Db } from '../../../db/connection.js';
import { openSecret } from '../../../lib/secret-box.js';
import type { Services } from '../../../services.js';
import { escapeSlack, slackLink, type SlackMessage, type SlackOutcome } from '../../notifications/notifications.slack.client.js';
import { findUserById } from '../../users/users.repo.js';
import { findConnectedOfProvider, patchConnection } from '../integrations.connections.repo.js';
import { classifySlackError, slackClient } from './slack.client.js';

/**
 * Direct messages through the organization's Slack bot (docs/decisions/0051): what notify() posts to the
 * channel webhook also reaches each recipient who chose Slack and has a `slack_id`, by
 * `chat.postMessage` to that id. Never throws and never waits for Slack's rate limit: a 429 is skipped
 * with a warning; other failures are recorded on the connection's `last_error` (as the webhook's are
 * on its row), in words without the token, and cleared by the next delivered message.
 */
export type DirectMessageOutcome = SlackOutcome & { skipped?: boolean };
type WarnLog = { warn(obj: object, msg: string): void };

/** A Slack member id, strictly (the field is self-edited). */
const SLACK_ID = /^[UW][A-Z0-9]{2,20}$/;
const DM_ERROR = 'Direct message not delivered:';

/** The notification as a direct message: its title and the link, no mention list (it is one person's). */
export function directMessageOf(title: string, url: string | null): SlackMessage {
  const t = escapeSlack(title.trim());
  const link = url ? slackLink(url, 'Open in Teamlens') : null;
  return { text: `${t}${link ? ` ${link}` : ''}`, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*${t}*${link ? `\n${link}` : ''}` } }] };
}

/** The organization's Slack bot connection when it is connected (not paused, not in error). */
function connectedSlack(db: Db, orgId: string) {
  return findConnectedOfProvider(db, orgId, 'SLACK');
}

/** Whether direct messages can go out for the organization (a connected Slack bot). */
export function slackBotConnected(db: Db, orgId: string): boolean {
  return !!connectedSlack(db, orgId);
}

/**
 * Sends `message` to one person of the organization by direct message. Null when there is nothing to
 * send to (no connected Slack bot, no person, no valid slack_id); the outcome otherwise.
 */
export async function sendSlackDirectMessage(
  services: Pick<Services, 'db' | 'keys' | 'outbound'>,
  orgId: string,
  userId: string,
  message: SlackMessage,
  log?: WarnLog,
): Promise<DirectMessageOutcome | null> {
  const { db, keys } = services;
  const conn = connectedSlack(db, orgId);
  if (!conn) return null;
  const person = findUserById(db, orgId, userId);
  if (!person?.slack_id || !SLACK_ID.test(person.slack_id)) return null;
  const record = (lastError: string | null) => {
    patchConnection(db, conn.id, { last_error: lastError });
  };
  let outcome: DirectMessageOutcome;
  try {
    const token = (JSON.parse(openSecret(keys.secretsKey, conn.secret_sealed, `integration:${conn.id}`)) as { token?: string }).token;
    if (!token) throw new Error('no token');
    await (
      await slackClient(services.outbound, conn.base_url, token)
    ).chat.postMessage({ channel: person.slack_id, text: message.text, ...(message.blocks ? { blocks: message.blocks } : {}) });
    outcome = { ok: true };
  } catch (err) {
    const failure = err instanceof Error && err.message === 'no token' ? null : classifySlackError(err, Date.now(), 'chat.postMessage');
    if (failure?.kind === 'RATE_LIMITED') {
      log?.warn({ organizationId: orgId, userId, connectionId: conn.id }, 'Slack direct message skipped: rate limited');
      return { ok: false, skipped: true, error: failure.message };
    }
    outcome = { ok: false, error: failure ? failure.message : 'The Slack bot token could not be opened: connect Slack again.' };
  }
  if (!outcome.ok) {
    log?.warn({ organizationId: orgId, userId, connectionId: conn.id, error: outcome.error }, 'Slack direct message not delivered');
    record(`${DM_ERROR} ${outcome.error}`);
  } else if (conn.last_error?.startsWith(DM_ERROR)) record(null);
  return outcome;
}
