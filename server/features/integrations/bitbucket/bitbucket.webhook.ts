import { headerOf, hubSignature, verifyHubSignature } from '../integrations.webhook-signature.js';
import type { CodeProcessSettings } from '../../../../shared/integrations.js';
import type { AccountInput, IngestWriter, OpenConnection, PrEventInput, WebhookDelivery } from '../integrations.provider.js';
import { accountOf, isClosedIssueState, pullRequestInput } from './bitbucket.map.js';
import type { BbAccount, BbActivity, BbPullRequest } from './bitbucket.client.js';

/**
 * Bitbucket Cloud webhook deliveries (support.atlassian.com “Manage webhooks”, “Event payloads”):
 * with a secret set on the webhook, `X-Hub-Signature` = `sha256=` + HMAC-SHA256 of the raw body,
 * compared in constant time; no secret, no delivery. `X-Request-UUID` is the de-duplication key,
 * `X-Event-Key` the event. Pull request events are written through the one writer with the approval,
 * change request or comment they carry, under the ids the sync uses, so the sync and the nightly
 * reconciliation (which fill in commits and sizes) never count one twice; `pullrequest:created`
 * adds its reviewers as review requests. `issue:updated` that closes an issue (resolved, invalid,
 * duplicate, wontfix, closed) names it in `closedIssues`: its retro action item is done at once.
 */
/** The signature of a body (tests sign deliveries with it). */
export const bitbucketSignature = hubSignature;

type Payload = {
  issue?: { id?: number; state?: string };
  changes?: { status?: { old?: string; new?: string }; state?: { old?: string; new?: string } };
  repository?: { full_name?: string; links?: { html?: { href?: string } }; mainbranch?: { name?: string } | null };
  pullrequest?: BbPullRequest;
  approval?: { date: string; user: BbAccount | null };
  changes_request?: { date: string; user: BbAccount | null };
  comment?: { id: number; created_on: string; user: BbAccount | null; deleted?: boolean };
};

const PR_EVENTS = new Set([
  'pullrequest:created',
  'pullrequest:updated',
  'pullrequest:approved',
  'pullrequest:changes_request_created',
  'pullrequest:fulfilled',
  'pullrequest:rejected',
  'pullrequest:comment_created',
]);

function apply(event: string, p: Payload, write: IngestWriter, settings: CodeProcessSettings): { written: number; closedIssues?: string[] } {
  if (event === 'issue:updated') {
    // An issue (a retro action item sent here) that a change closed: its action item is done now.
    const state = p.changes?.status?.new ?? p.changes?.state?.new ?? p.issue?.state;
    const repo = p.repository?.full_name;
    return { written: 0, closedIssues: repo && typeof p.issue?.id === 'number' && isClosedIssueState(state) ? [`${repo}#${p.issue.id}`] : [] };
  }
  const pr = p.pullrequest;
  const repo = p.repository?.full_name;
  if (!PR_EVENTS.has(event) || !pr || typeof pr.id !== 'number' || !repo || !pr.created_on || !pr.updated_on) return { written: 0 };
  const scope = write.scope({
    kind: 'REPOSITORY',
    externalId: repo,
    name: repo,
    url: p.repository?.links?.html?.href ?? null,
    defaultBranch: p.repository?.mainbranch?.name ?? null,
  });
  if (!scope.included) return { written: 0 };
  const activity: BbActivity[] = [];
  if (event === 'pullrequest:approved' && p.approval) activity.push({ approval: p.approval });
  if (event === 'pullrequest:changes_request_created' && p.changes_request) activity.push({ changes_requested: p.changes_request });
  if (event === 'pullrequest:comment_created' && p.comment) activity.push({ comment: p.comment });
  // At creation the reviewers named were asked then (the ids the sync gives them). An update's
  // payload is the whole pull request without what changed (BCLOUD-21940): it cannot tell who was
  // added when, so its reviewers wait for the next sync, which dates them from the activity.
  if (event === 'pullrequest:created' && Array.isArray(pr.reviewers))
    activity.push({ update: { date: pr.created_on, author: pr.author, reviewers: pr.reviewers } });
  // No diffstat or commits in a delivery: sizes stay as stored (the writer keeps them), commits come with the next sync.
  const record = { ...pullRequestInput(repo, pr, activity, [], [], settings), additions: null, deletions: null };
  const accounts = new Map<string, AccountInput>();
  for (const a of [record.author, ...record.events.flatMap((e: PrEventInput) => [e.actor, e.target]), accountOf(p.approval?.user, settings)])
    if (a) accounts.set(a.externalId, a);
  if (accounts.size) write.accounts([...accounts.values()]);
  return { written: write.pullRequests(scope.id, [record]) };
}

export function bitbucketWebhook(input: {
  connection: OpenConnection;
  webhookSecret: string | null;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}): WebhookDelivery | null {
  const { webhookSecret, headers, rawBody } = input;
  if (!webhookSecret || !verifyHubSignature(webhookSecret, rawBody, headerOf(headers, 'x-hub-signature'))) return null;
  const deliveryId = headerOf(headers, 'x-request-uuid');
  if (!deliveryId) return null;
  const event = headerOf(headers, 'x-event-key') ?? 'unknown';
  let payload: Payload | null = null;
  try {
    const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
    payload = parsed && typeof parsed === 'object' ? (parsed as Payload) : null;
  } catch {
    payload = null;
  }
  return { deliveryId, event, apply: (write, settings) => (payload ? apply(event, payload, write, settings) : { written: 0 }) };
}
