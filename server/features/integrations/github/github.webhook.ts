import { headerOf, hubSignature, verifyHubSignature } from '../integrations.webhook-signature.js';
import type { CodeProcessSettings } from '../../../../shared/integrations.js';
import type { DeploymentInput, IngestWriter, OpenConnection, PrEventInput, WebhookDelivery } from '../integrations.provider.js';
import type { RestPullRequest, RestUser } from './github.map.js';
import { mapRestPullRequest, mapRestUser, mapReviewState } from './github.map.js';

/**
 * GitHub webhook deliveries. The signature `X-Hub-Signature-256` = `sha256=` + HMAC-SHA256 of the raw
 * body with the connection's webhook secret, compared in constant time (the same computation as
 * @octokit/webhooks-methods `verify`, synchronous here because the adapter's `webhook` is); the
 * legacy SHA-1 header is not accepted. `X-GitHub-Delivery` is the de-duplication key (a redelivery
 * keeps it; CORE's route stores it). What a delivery names is written through the one writer:
 * pull requests with the reviews or comments it carries (ids as the sync names them, so the nightly
 * reconciliation never counts one twice), deployment statuses, and closed issues (retro action items).
 */
/** The signature of a body (the fake GitHub signs its deliveries with it). */
export const signatureOf = hubSignature;

type Repo = { full_name: string; name?: string; html_url?: string; default_branch?: string };
type Payload = {
  action?: string;
  repository?: Repo;
  pull_request?: RestPullRequest;
  review?: { node_id: string; state: string; submitted_at: string | null; user?: RestUser };
  comment?: { node_id: string; created_at: string; user?: RestUser };
  issue?: { number: number; pull_request?: unknown; closed_at?: string | null; state?: string };
  deployment?: { id: number; sha?: string; environment?: string; created_at?: string };
  deployment_status?: { state: string; environment?: string; created_at: string };
};

export function githubWebhook(input: {
  connection: OpenConnection;
  webhookSecret: string | null;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}): WebhookDelivery | null {
  const { webhookSecret, headers, rawBody } = input;
  if (!webhookSecret || !verifyHubSignature(webhookSecret, rawBody, headerOf(headers, 'x-hub-signature-256'))) return null;
  const deliveryId = headerOf(headers, 'x-github-delivery');
  const event = headerOf(headers, 'x-github-event') ?? 'unknown';
  if (!deliveryId) return null;
  let payload: Payload | null = null;
  try {
    const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
    payload = parsed && typeof parsed === 'object' ? (parsed as Payload) : null;
  } catch {
    payload = null;
  }
  return { deliveryId, event, apply: (write, settings) => (payload ? applyDelivery(event, payload, write, settings) : { written: 0 }) };
}

function repoScope(write: IngestWriter, repo: Repo | undefined): string | null {
  if (!repo?.full_name) return null;
  const scope = write.scope({
    kind: 'REPOSITORY',
    externalId: repo.full_name,
    name: repo.full_name,
    url: repo.html_url ?? null,
    defaultBranch: repo.default_branch ?? null,
  });
  return scope.included ? scope.id : null;
}

function applyDelivery(event: string, p: Payload, write: IngestWriter, settings: CodeProcessSettings): { written: number; closedIssues?: string[] } {
  const bots = settings.bot_logins;
  if (event === 'issues') {
    if (p.action === 'closed' && p.issue && p.repository?.full_name && !p.issue.pull_request)
      return { written: 0, closedIssues: [`${p.repository.full_name}#${p.issue.number}`] };
    return { written: 0 };
  }
  if (event === 'deployment_status') {
    if (
      settings.deployment_source !== 'DEPLOYMENTS' ||
      !p.deployment ||
      !p.deployment_status ||
      !['success', 'failure', 'error'].includes(p.deployment_status.state)
    )
      return { written: 0 };
    const scopeId = repoScope(write, p.repository);
    if (!scopeId) return { written: 0 };
    const d: DeploymentInput = {
      externalId: String(p.deployment.id),
      environment: p.deployment_status.environment || p.deployment.environment || 'production',
      result: p.deployment_status.state.toUpperCase(),
      sha: p.deployment.sha ?? null,
      startedAt: p.deployment.created_at ?? null,
      finishedAt: p.deployment_status.created_at,
    };
    return { written: write.deployments(scopeId, [d]) };
  }
  if (!['pull_request', 'pull_request_review', 'pull_request_review_comment', 'issue_comment'].includes(event)) return { written: 0 };
  const pr = p.pull_request;
  if (!pr) return { written: 0 }; // issue_comment on an issue (or a PR: its payload has no pull request body; the sync picks it up)
  const scopeId = repoScope(write, p.repository);
  if (!scopeId) return { written: 0 };
  const events: PrEventInput[] = [];
  if (event === 'pull_request_review' && p.review?.submitted_at) {
    const state = mapReviewState(p.review.state);
    if (state) events.push({ externalId: p.review.node_id, kind: 'REVIEW', at: p.review.submitted_at, actor: mapRestUser(p.review.user, bots), state });
  }
  const record = mapRestPullRequest(pr, bots, events);
  const accounts = [record.author, ...events.map((e) => e.actor)].filter((a): a is NonNullable<typeof a> => Boolean(a));
  if (accounts.length) write.accounts(accounts);
  return { written: write.pullRequests(scopeId, [record]) };
}
