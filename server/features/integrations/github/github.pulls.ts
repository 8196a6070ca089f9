import type { Octokit } from '@octokit/rest';
import type { SyncContext } from '../integrations.provider.js';
import { badPayload, ghCall, splitRepo } from './github.client.js';
import type { GqlConnection, GqlPullRequest, NestedName, PullRequestsResult } from './github.graphql.js';
import { CONNECTION_FIELDS, PULL_REQUESTS_QUERY, nestedPageQuery } from './github.graphql.js';
import { accountsOf, mapPullRequest } from './github.map.js';

/** Incremental reads start this far before the last one's newest change (clock skew, late writes). */
export const OVERLAP_MS = 5 * 60_000;
export const PR_ENTITY = 'pull_requests';

/**
 * The pull request cursor: `done` = the newest `updatedAt` of the last finished pass; `partial` =
 * where an unfinished pass stopped (the GraphQL page cursor after the last page written, the lower
 * bound it stops at, the newest `updatedAt` it saw), so an interrupted or rate-limited sync
 * continues after its last written page: no gap, no page read twice.
 */
export type PrCursor = { done: string | null; from?: string | null; partial: { after: string; bound: string; newest: string | null } | null };

export function readPrCursor(raw: string | null): PrCursor {
  if (!raw) return { done: null, partial: null };
  try {
    const v = JSON.parse(raw) as Partial<PrCursor>;
    return {
      done: typeof v.done === 'string' ? v.done : null,
      from: typeof v.from === 'string' ? v.from : null,
      partial: v.partial && typeof v.partial.after === 'string' ? v.partial : null,
    };
  } catch {
    return { done: Number.isFinite(Date.parse(raw)) ? raw : null, partial: null };
  }
}

const later = (a: string | null, b: string | null): string | null => (!a ? b : !b ? a : a > b ? a : b);

export async function syncPullRequests(
  octokit: Octokit,
  ctx: SyncContext,
  scope: { id: string; externalId: string; name: string },
  pageSize: number,
): Promise<void> {
  const { owner, repo } = splitRepo(scope.externalId);
  const saved = readPrCursor(ctx.cursors.get(scope.id, PR_ENTITY).cursor);
  // A backfill resumed after a rate limit finds the repositories it already finished with a cursor
  // read from its own start (`from`): those continue incrementally instead of reading it all again.
  const incremental = Boolean(saved.done) && (ctx.kind !== 'BACKFILL' || (saved.from != null && saved.from <= ctx.since));
  const bound = saved.partial?.bound ?? (incremental ? new Date(Date.parse(saved.done as string) - OVERLAP_MS).toISOString() : ctx.since);
  // `from`: since when the repository's history is complete (kept by incremental and resumed passes).
  const from = saved.partial || incremental ? (saved.from ?? null) : ctx.since;
  let after: string | null = saved.partial?.after ?? null;
  let newest: string | null = saved.partial ? saved.partial.newest : saved.done;
  let done = 0;
  for (let page = 1; ; page++) {
    ctx.signal.throwIfAborted();
    ctx.progress({ label: `${scope.name}: pull requests, page ${page}`, done });
    const data = await ghCall(
      `${scope.name}: pull requests`,
      () => octokit.graphql<PullRequestsResult>(PULL_REQUESTS_QUERY, { owner, name: repo, first: pageSize, after }),
      ctx.signal,
    );
    const conn = data && typeof data === 'object' ? data.repository?.pullRequests : undefined;
    if (!conn || !Array.isArray(conn.nodes) || !conn.pageInfo) throw badPayload(`${scope.name}: pull requests`);
    const nodes = conn.nodes.filter((n): n is GqlPullRequest => Boolean(n && typeof n.updatedAt === 'string'));
    const fresh = nodes.filter((n) => n.updatedAt >= bound);
    const reachedBound = fresh.length < nodes.length;
    for (const pr of fresh) await completeNested(octokit, ctx, scope.name, pr);
    const records = fresh.map((pr) => mapPullRequest(pr, ctx.settings.bot_logins));
    if (records.length) {
      ctx.write.accounts(accountsOf(records));
      ctx.write.pullRequests(scope.id, records);
    }
    for (const r of records) newest = later(newest, r.updatedAt);
    done += records.length;
    ctx.progress({ label: `${scope.name}: pull requests, page ${page}`, done, total: incremental ? null : conn.totalCount, requests: 1 });
    if (reachedBound || !conn.pageInfo.hasNextPage || !conn.pageInfo.endCursor) {
      ctx.cursors.set(scope.id, PR_ENTITY, { cursor: JSON.stringify({ done: newest, from, partial: null } satisfies PrCursor) });
      return;
    }
    after = conn.pageInfo.endCursor;
    ctx.cursors.set(scope.id, PR_ENTITY, { cursor: JSON.stringify({ done: saved.done, from, partial: { after, bound, newest } } satisfies PrCursor) });
  }
}

/** Follow-up pages of a pull request's reviews, comments, commits or timeline beyond the first 50. */
async function completeNested(octokit: Octokit, ctx: SyncContext, what: string, pr: GqlPullRequest): Promise<void> {
  for (const name of Object.keys(CONNECTION_FIELDS) as NestedName[]) {
    const conn = pr[name] as GqlConnection<unknown> | undefined;
    if (!conn || !Array.isArray(conn.nodes)) throw badPayload(`${what}: pull request #${pr.number}`);
    let page = conn.pageInfo;
    while (page?.hasNextPage && page.endCursor) {
      ctx.signal.throwIfAborted();
      const more = await ghCall(
        `${what}: pull request #${pr.number}`,
        () => octokit.graphql<{ node: Record<string, GqlConnection<unknown>> | null }>(nestedPageQuery(name), { id: pr.id, after: page.endCursor }),
        ctx.signal,
      );
      ctx.progress({ requests: 1 });
      const next = more?.node?.[name];
      if (!next || !Array.isArray(next.nodes)) throw badPayload(`${what}: pull request #${pr.number}`);
      conn.nodes.push(...next.nodes);
      page = next.pageInfo;
    }
  }
}
