import { createHmac } from 'node:crypto';
import { headerOf, hubSignature, verifyHubSignature } from '../integrations.webhook-signature.js';
import { DEFAULT_CODE_PROCESS } from '../../../../shared/integrations.js';
import type { OpenConnection, WebhookDelivery } from '../integrations.provider.js';
import { jiraAccountOf, mapIssue, statusCategories, type JiraIssue } from './jira.map.js';

/**
 * Jira Cloud admin webhooks and Jira Data Center 10 webhooks (with a secret) sign the raw body
 * alike: `X-Hub-Signature: sha256=<hex HMAC>`; the payloads share their shape (Data Center's users
 * carry `key`/`name` instead of `accountId`, mapped by jiraAccountOf).
 * The delivery id is `X-Atlassian-Webhook-Identifier` (retries of one delivery keep it), else the
 * payload's timestamp, issue id and event.
 */
/** The signature of a body (the fake Jira signs its deliveries with it). */
export const jiraSignatureOf = hubSignature;
const head = headerOf;

/** The admin's story points field; left at Cloud's default, the one the connection test found (Data Center names its own). */
function webhookPointsField(setting: string, connection: OpenConnection): string {
  const fallback = DEFAULT_CODE_PROCESS.story_points_field;
  if (setting && setting !== fallback) return setting;
  return connection.externalInfo.storyPointsField || fallback;
}

type Payload = { timestamp?: number; webhookEvent?: string; issue?: JiraIssue };

export function jiraWebhook(input: {
  connection: OpenConnection;
  webhookSecret: string | null;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}): WebhookDelivery | null {
  if (!input.webhookSecret || !verifyHubSignature(input.webhookSecret, input.rawBody, head(input.headers, 'x-hub-signature'))) return null;
  let payload: Payload;
  try {
    payload = JSON.parse(input.rawBody.toString('utf8')) as Payload;
  } catch {
    return {
      deliveryId: `malformed-${createHmac('sha256', 'id').update(input.rawBody).digest('hex').slice(0, 32)}`,
      event: 'malformed',
      apply: () => ({ written: 0 }),
    };
  }
  const event = payload.webhookEvent ?? 'unknown';
  const issue = payload.issue;
  const deliveryId = head(input.headers, 'x-atlassian-webhook-identifier') ?? `${payload.timestamp ?? 0}-${issue?.id ?? 'none'}-${event}`;
  return {
    deliveryId,
    event,
    apply(write, settings = DEFAULT_CODE_PROCESS) {
      if (!issue?.id || !issue.key || !issue.fields || !['jira:issue_created', 'jira:issue_updated'].includes(event)) return { written: 0 };
      const projectId = issue.fields.project as { id?: string; key?: string } | undefined;
      if (!projectId?.id) return { written: 0 };
      const scope = write.scope({ kind: 'PROJECT', externalId: String(projectId.id), name: projectId.key ?? String(projectId.id) });
      if (!scope.included) return { written: 0 };
      // The webhook carries the issue, not its whole history nor every status's category: its state,
      // resolution, points and assignee land at once; transitions and sprint membership are left to
      // the next sync (it reads the whole changelog with the site's status categories, under the
      // same history ids, so nothing is counted twice).
      const st = issue.fields.status;
      const { sprints: _sprints, ...record } = mapIssue(issue, [], {
        categories: statusCategories(st ? [st] : []),
        storyPointsField: webhookPointsField(settings.story_points_field, input.connection),
        sprintField: null,
        browseBase: input.connection.externalInfo.siteUrl || input.connection.baseUrl,
      });
      const assignee = jiraAccountOf(issue.fields.assignee);
      if (assignee) write.accounts([assignee]);
      const written = write.issues(scope.id, [record]);
      return { written, closedIssues: record.resolvedAt ? [record.externalId] : [] };
    },
  };
}
