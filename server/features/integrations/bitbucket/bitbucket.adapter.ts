import type { CodeProcessSettings } from '../../../../shared/integrations.js';
import { IntegrationError, NotTheService } from '../integrations.errors.js';
import type {
  AccountInput,
  ConnectionTest,
  CreatedIssue,
  OpenConnection,
  ProviderAdapter,
  PullRequestInput,
  ScopeInfo,
  SyncContext,
} from '../integrations.provider.js';
import {
  BitbucketAccessError,
  createBitbucketClient,
  repoPath,
  type BbActivity,
  type BbCommit,
  type BbDiffstat,
  type BbIssue,
  type BbPullRequest,
  type BbRepository,
  type BitbucketClient,
} from './bitbucket.client.js';
import { syncDeployments } from './bitbucket.deployments.js';
import { isClosedIssueState, pullRequestInput } from './bitbucket.map.js';
import { bitbucketWebhook } from './bitbucket.webhook.js';

/**
 * Bitbucket Cloud (REST 2.0, docs/decisions/0051): repositories of one workspace (`account`), their
 * pull requests with activity (approvals are only there, not in comments: DevLake #4383, #6367),
 * commits (the first one's date starts coding time), diffstat (size), and deployments from
 * Bitbucket Pipelines (bitbucket.deployments.ts), webhook deliveries (bitbucket.webhook.ts). Never sleeps: a 429 becomes RATE_LIMITED and the next run
 * resumes from the cursors. Review requests come from the activity's `update` snapshots (bitbucket.map.ts).
 * Retro action items become issues of the repository's issue tracker (createIssue, issueStates).
 */

/** Re-read overlap on incremental syncs (clock skew between Bitbucket's nodes), as for GitHub. */
export const BITBUCKET_OVERLAP_MS = 5 * 60_000;
const PR_STATES = 'state=OPEN&state=MERGED&state=DECLINED&state=SUPERSEDED';

/**
 * The pull-request cursor of a repository: the highest `updated_on` written, and the pull requests
 * written within the overlap before it with their `updated_on` (a re-read inside the overlap skips
 * those unchanged, so a second sync fetches details only of what changed).
 */
type PrCursor = { updated: string; seen: Record<string, string> };

function parseCursor(raw: string | null): PrCursor | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PrCursor>;
    return typeof v.updated === 'string' && Number.isFinite(Date.parse(v.updated))
      ? { updated: v.updated, seen: v.seen && typeof v.seen === 'object' ? v.seen : {} }
      : null;
  } catch {
    return Number.isFinite(Date.parse(raw)) ? { updated: new Date(raw).toISOString(), seen: {} } : null;
  }
}

/** A BBQL datetime literal (unquoted ISO 8601 with an offset), floored to the second. */
function bbqlInstant(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}+00:00`;
}

async function pullRequestDetails(client: BitbucketClient, repo: string, pr: BbPullRequest, settings: CodeProcessSettings): Promise<PullRequestInput> {
  const base = `/repositories/${repoPath(repo)}/pullrequests/${pr.id}`;
  const what = `${repo} #${pr.id}`;
  const activity = await client.all<BbActivity>(`${base}/activity?pagelen=50`, `${what} activity`);
  const commits = await client.all<BbCommit>(`${base}/commits?pagelen=100`, `${what} commits`);
  const diffstat = await client.all<BbDiffstat>(`${base}/diffstat?pagelen=500`, `${what} diffstat`);
  return pullRequestInput(repo, pr, activity, commits, diffstat, settings);
}

async function syncPullRequests(ctx: SyncContext, client: BitbucketClient, scope: SyncContext['scopes'][number], counter: { done: number }): Promise<void> {
  const stored = parseCursor(ctx.cursors.get(scope.externalId, 'pullrequests').cursor);
  const lower = stored ? Date.parse(stored.updated) - BITBUCKET_OVERLAP_MS : Date.parse(ctx.since);
  const skipUnchanged: Record<string, string> = stored && ctx.kind !== 'RECONCILE' ? { ...stored.seen } : {};
  const cursor: PrCursor = stored ?? { updated: new Date(lower).toISOString(), seen: {} };
  const q = encodeURIComponent(`updated_on>=${bbqlInstant(lower)}`);
  // Oldest change first: the cursor after each page is then a point before which everything is written.
  const first = `/repositories/${repoPath(scope.externalId)}/pullrequests?${PR_STATES}&pagelen=50&sort=updated_on&q=${q}`;
  let pageNo = 0;
  const doneBefore = counter.done;
  await client.pages<BbPullRequest>(first, `${scope.name} pull requests`, async (page) => {
    pageNo++;
    ctx.progress({ label: `${scope.name}: pull requests, page ${pageNo}`, total: typeof page.size === 'number' ? doneBefore + page.size : null });
    const list: PullRequestInput[] = [];
    for (const pr of page.values) {
      ctx.signal.throwIfAborted();
      counter.done++;
      if (skipUnchanged[String(pr.id)] === pr.updated_on) continue;
      list.push(await pullRequestDetails(client, scope.externalId, pr, ctx.settings));
    }
    if (list.length) {
      const accounts = new Map<string, AccountInput>();
      for (const pr of list) for (const a of [pr.author, ...pr.events.flatMap((e) => [e.actor, e.target])]) if (a) accounts.set(a.externalId, a);
      ctx.write.accounts([...accounts.values()]);
      ctx.write.pullRequests(scope.id, list);
    }
    for (const pr of page.values) {
      if (Date.parse(pr.updated_on) > Date.parse(cursor.updated)) cursor.updated = new Date(pr.updated_on).toISOString();
      cursor.seen[String(pr.id)] = pr.updated_on;
    }
    const keepFrom = Date.parse(cursor.updated) - BITBUCKET_OVERLAP_MS;
    cursor.seen = Object.fromEntries(Object.entries(cursor.seen).filter(([, at]) => Date.parse(at) >= keepFrom));
    ctx.cursors.set(scope.externalId, 'pullrequests', { cursor: JSON.stringify(cursor) });
    ctx.progress({ done: counter.done });
  });
}

function workspaceOf(connection: OpenConnection): string {
  return encodeURIComponent(connection.account.trim());
}

async function test(connection: OpenConnection, signal: AbortSignal): Promise<ConnectionTest> {
  const client = createBitbucketClient(connection, signal);
  let step: 'workspace' | 'repository' | 'pullrequest' = 'workspace';
  try {
    const ws = await client.get<{ slug?: string; name?: string; uuid?: string }>(`/workspaces/${workspaceOf(connection)}`, `workspace ${connection.account}`);
    // Bitbucket always names a workspace by its slug and uuid: other JSON is another server's.
    if (!ws || typeof ws !== 'object' || (typeof ws.slug !== 'string' && typeof ws.uuid !== 'string')) throw new NotTheService('BITBUCKET');
    step = 'repository';
    const repos = await client.get<{ size?: number; values: BbRepository[] }>(`/repositories/${workspaceOf(connection)}?pagelen=1`, 'repositories');
    const first = repos.values?.[0];
    let pipelines = true;
    if (first) {
      step = 'pullrequest';
      await client.get(`/repositories/${repoPath(first.full_name)}/pullrequests?pagelen=1`, `${first.full_name} pull requests`);
      // Deployments (the default way to recognise them) need the Pipelines permission; pull requests do not.
      pipelines = await client.get(`/repositories/${repoPath(first.full_name)}/environments/?pagelen=1`, `${first.full_name} environments`).then(
        () => true,
        (err: unknown) => {
          if (err instanceof BitbucketAccessError) return false;
          if (err instanceof IntegrationError && err.kind === 'NOT_FOUND') return true;
          throw err;
        },
      );
    }
    const count = repos.size ?? repos.values?.length ?? 0;
    const where = `the ${ws.name ?? connection.account} workspace (${count} ${count === 1 ? 'repository' : 'repositories'})`;
    const info = { workspace: ws.slug ?? connection.account, ...(ws.uuid ? { workspace_uuid: ws.uuid } : {}) };
    if (!pipelines) {
      return {
        ok: false,
        missing: ['pipeline'],
        info,
        message: `Connected to ${where}, but the token lacks the pipeline permission (read): deployments cannot be read. Add it, or recognise deployments by merges on the code process page.`,
      };
    }
    return { ok: true, message: `Connected to ${where}.`, missing: [], info };
  } catch (err) {
    if (!(err instanceof IntegrationError) || err instanceof NotTheService) throw err;
    if (err instanceof BitbucketAccessError) {
      const missing = err.missing.length ? err.missing : step === 'workspace' ? ['account'] : [step];
      return { ok: false, message: `Bitbucket Cloud refused access: the token lacks the ${missing.join(', ')} permission (read).`, missing };
    }
    if (err.kind === 'NOT_FOUND' && step === 'workspace')
      return { ok: false, message: `Bitbucket Cloud does not know the workspace “${connection.account}”, or the token may not see it.`, missing: [] };
    return { ok: false, message: err.message, missing: [] };
  }
}

async function listScopes(connection: OpenConnection, signal: AbortSignal): Promise<ScopeInfo[]> {
  const client = createBitbucketClient(connection, signal);
  const repos = await client.all<BbRepository>(`/repositories/${workspaceOf(connection)}?pagelen=100`, 'repositories');
  return repos.map((r) => ({
    kind: 'REPOSITORY' as const,
    externalId: r.full_name,
    name: r.full_name,
    url: r.links?.html?.href ?? null,
    defaultBranch: r.mainbranch?.name ?? null,
  }));
}

async function sync(ctx: SyncContext): Promise<void> {
  const client = createBitbucketClient(
    ctx.connection,
    ctx.signal,
    () => ctx.now.getTime(),
    () => ctx.progress({ requests: 1 }),
  );
  const counter = { done: 0 };
  // A repository the token may not read (403) or that is gone (404) does not stop the others:
  // they are synced, then the sync fails naming those it could not read (as GitHub's does).
  const refused: Array<{ name: string; error: IntegrationError }> = [];
  for (const scope of ctx.scopes.filter((s) => s.kind === 'REPOSITORY')) {
    ctx.signal.throwIfAborted();
    try {
      await syncPullRequests(ctx, client, scope, counter);
      await syncDeployments(ctx, client, scope);
    } catch (err) {
      if (err instanceof IntegrationError && (err.kind === 'ACCESS' || err.kind === 'NOT_FOUND')) refused.push({ name: scope.name, error: err });
      else throw err;
    }
  }
  ctx.progress({ done: counter.done, total: counter.done });
  const first = refused[0];
  if (first) {
    throw new IntegrationError(
      first.error.kind,
      refused.length === 1
        ? first.error.message
        : `Bitbucket Cloud refused ${refused.length} repositories (${refused.map((r) => r.name).join(', ')}): the token may not read them, or they are gone.`,
    );
  }
}

export const TRACKER_OFF = 'This repository’s issue tracker is off: switch it on in Bitbucket’s repository settings, or choose another repository.';

/** A retro action item as an issue of the repository's tracker; a repository without one answers 404 on /issues. */
async function createIssue(
  connection: OpenConnection,
  scope: { externalId: string; name: string },
  issue: { title: string; body: string },
  signal: AbortSignal,
): Promise<CreatedIssue> {
  const client = createBitbucketClient(connection, signal);
  let created: BbIssue;
  try {
    created = await client.post<BbIssue>(
      `/repositories/${repoPath(scope.externalId)}/issues`,
      { title: issue.title, content: { raw: issue.body } },
      `${scope.name}: new issue`,
    );
  } catch (err) {
    if (err instanceof IntegrationError && err.kind === 'NOT_FOUND') throw new IntegrationError('NOT_FOUND', TRACKER_OFF);
    throw err;
  }
  if (typeof created?.id !== 'number') throw new IntegrationError('BAD_PAYLOAD', `Bitbucket Cloud sent an answer without the new issue (${scope.name}).`);
  const key = `${scope.externalId}#${created.id}`;
  return { externalId: key, key, url: created.links?.html?.href ?? null };
}

/** Whether the issues are closed (resolved, invalid, duplicate, wontfix, closed); one gone (404) stays as it is. */
async function issueStates(
  connection: OpenConnection,
  scope: { externalId: string; name: string },
  externalIds: string[],
  signal: AbortSignal,
): Promise<Array<{ externalId: string; closedAt: string | null }>> {
  const client = createBitbucketClient(connection, signal);
  const out: Array<{ externalId: string; closedAt: string | null }> = [];
  for (const externalId of externalIds) {
    const m = /^(.+)#(\d+)$/.exec(externalId);
    if (!m) continue;
    const issue = await client.get<BbIssue>(`/repositories/${repoPath(m[1]!)}/issues/${m[2]}`, `${scope.name}: issue #${m[2]}`).catch((err: unknown) => {
      if (err instanceof IntegrationError && err.kind === 'NOT_FOUND') return null;
      throw err;
    });
    if (!issue) continue;
    const closed = isClosedIssueState(issue.state);
    out.push({
      externalId,
      closedAt: closed ? new Date(issue.updated_on && Number.isFinite(Date.parse(issue.updated_on)) ? issue.updated_on : Date.now()).toISOString() : null,
    });
  }
  return out;
}

export const bitbucketAdapter: ProviderAdapter = { provider: 'BITBUCKET', test, listScopes, sync, createIssue, issueStates, webhook: bitbucketWebhook };
