import type { Octokit } from '@octokit/rest';
import type { DeploymentInput, SyncContext } from '../integrations.provider.js';
import { badPayload, githubFailure, nextLink, splitRepo } from './github.client.js';
import { OVERLAP_MS } from './github.pulls.js';

/**
 * Deployments of a repository as the code process recognises them (deployment_source):
 * DEPLOYMENTS: the Deployments API, each with its latest final status; RELEASES: published,
 * non-draft, non-prerelease releases; TAGS: tags (dated by their commit); WORKFLOW: completed
 * Actions runs whose workflow name matches `deployment_pattern`; MERGE: nothing to fetch (the ingest
 * writer counts merges to a counted branch). Releases, tags and runs name no environment: they are
 * recorded in the first production environment. The first page is asked with If-None-Match and the
 * ETag kept in the cursor store: a 304 (free under GitHub's rate limit) means nothing changed.
 */
type Cursor = { since: string | null; pending: number[]; tags: string[] };
const FINAL = new Set(['success', 'failure', 'error']);

function readCursor(raw: string | null): Cursor {
  try {
    const v = raw ? (JSON.parse(raw) as Partial<Cursor>) : {};
    return {
      since: typeof v.since === 'string' ? v.since : null,
      pending: Array.isArray(v.pending) ? v.pending.filter((n) => typeof n === 'number') : [],
      tags: Array.isArray(v.tags) ? v.tags.filter((t) => typeof t === 'string') : [],
    };
  } catch {
    return { since: null, pending: [], tags: [] };
  }
}

type Page<T> = { items: T[]; etag: string | null } | 'NOT_MODIFIED';

/** GET a list, following Link rel="next" while `more(items)`; the first page conditional on `etag`. */
async function getList<T>(
  octokit: Octokit,
  ctx: SyncContext,
  url: string,
  what: string,
  etag: string | null,
  pick: (data: unknown) => T[] | null,
  more: (items: T[]) => boolean,
): Promise<Page<T>> {
  const items: T[] = [];
  let first = true;
  let firstEtag: string | null = null;
  let next: string | null = url;
  while (next) {
    ctx.signal.throwIfAborted();
    let res;
    try {
      res = await octokit.request({ method: 'GET', url: next, headers: first && etag ? { 'if-none-match': etag } : {} });
    } catch (err) {
      if (first && (err as { status?: number }).status === 304) return 'NOT_MODIFIED';
      throw githubFailure(err, what, ctx.signal);
    }
    ctx.progress({ requests: 1 });
    const page = pick(res.data);
    if (!page) throw badPayload(what);
    if (first) firstEtag = (res.headers.etag as string | undefined) ?? null;
    first = false;
    items.push(...page);
    next = more(page) ? nextLink(res.headers.link) : null;
  }
  return { items, etag: firstEtag };
}

const asArray = <T>(data: unknown): T[] | null => (Array.isArray(data) ? (data as T[]) : null);

export async function syncDeployments(octokit: Octokit, ctx: SyncContext, scope: { id: string; externalId: string; name: string }): Promise<void> {
  const source = ctx.settings.deployment_source;
  if (source === 'MERGE') return;
  const entity = `deployments:${source}`;
  const stored = ctx.cursors.get(scope.id, entity);
  const cursor = readCursor(stored.cursor);
  const bound = ctx.kind !== 'BACKFILL' && cursor.since ? new Date(Date.parse(cursor.since) - OVERLAP_MS).toISOString() : ctx.since;
  const { owner, repo } = splitRepo(scope.externalId);
  const base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  const pattern = ctx.settings.deployment_pattern ? new RegExp(ctx.settings.deployment_pattern, 'i') : null;
  const production = ctx.settings.production_environments[0] ?? 'production';
  const what = `${scope.name}: deployments`;
  ctx.progress({ label: `${scope.name}: deployments` });
  const out: DeploymentInput[] = [];
  let since = cursor.since;
  let pending: number[] = cursor.pending;
  let tags = cursor.tags;
  let etag = stored.etag;

  const latestStatus = async (id: number): Promise<{ state: string; created_at: string; environment?: string } | null> => {
    try {
      const res = await octokit.request({ method: 'GET', url: `${base}/deployments/${id}/statuses?per_page=10` });
      ctx.progress({ requests: 1 });
      const list = asArray<{ state: string; created_at: string; environment?: string }>(res.data);
      if (!list) throw badPayload(what);
      return list.find((s) => FINAL.has(s.state)) ?? null;
    } catch (err) {
      throw githubFailure(err, what, ctx.signal);
    }
  };

  if (source === 'DEPLOYMENTS') {
    type D = { id: number; sha?: string; environment: string; created_at: string };
    const list = await getList<D>(octokit, ctx, `${base}/deployments?per_page=100`, what, etag, asArray, (page) => page.every((d) => d.created_at >= bound));
    const toCheck = new Map<number, D | null>(pending.map((id) => [id, null]));
    if (list !== 'NOT_MODIFIED') {
      etag = list.etag;
      for (const d of list.items) if (d.created_at >= bound) toCheck.set(d.id, d);
    }
    const stillPending: number[] = [];
    for (const [id, d] of toCheck) {
      const status = await latestStatus(id);
      if (!status) {
        stillPending.push(id);
        continue;
      }
      out.push({
        externalId: String(id),
        environment: status.environment || d?.environment || production,
        result: status.state.toUpperCase(),
        sha: d?.sha ?? null,
        startedAt: d?.created_at ?? null,
        finishedAt: status.created_at,
      });
      if (d) since = !since || d.created_at > since ? d.created_at : since;
    }
    pending = stillPending;
  } else if (source === 'RELEASES') {
    type R = { id: number; tag_name: string; name: string | null; draft: boolean; prerelease: boolean; published_at: string | null; created_at: string };
    const list = await getList<R>(octokit, ctx, `${base}/releases?per_page=100`, what, etag, asArray, (page) =>
      page.every((r) => (r.published_at ?? r.created_at) >= bound),
    );
    if (list !== 'NOT_MODIFIED') {
      etag = list.etag;
      for (const r of list.items) {
        if (r.draft || r.prerelease || !r.published_at || r.published_at < bound) continue;
        if (pattern && !pattern.test(r.name ?? '') && !pattern.test(r.tag_name)) continue;
        out.push({ externalId: `release:${r.id}`, environment: production, result: 'SUCCESS', sha: null, startedAt: null, finishedAt: r.published_at });
        since = !since || r.published_at > since ? r.published_at : since;
      }
    }
  } else if (source === 'TAGS') {
    type T = { name: string; commit: { sha: string } };
    const list = await getList<T>(octokit, ctx, `${base}/tags?per_page=100`, what, etag, asArray, () => true);
    if (list !== 'NOT_MODIFIED') {
      etag = list.etag;
      const known = new Set(tags);
      for (const t of list.items) {
        if (known.has(t.name) || (pattern && !pattern.test(t.name))) continue;
        let at: string | undefined;
        try {
          const res = await octokit.request({ method: 'GET', url: `${base}/commits/${encodeURIComponent(t.commit.sha)}` });
          ctx.progress({ requests: 1 });
          const c = res.data as { commit?: { committer?: { date?: string } } };
          at = c.commit?.committer?.date;
        } catch (err) {
          throw githubFailure(err, what, ctx.signal);
        }
        if (!at) throw badPayload(what);
        if (at >= bound)
          out.push({
            externalId: `tag:${t.name}`,
            environment: production,
            result: 'SUCCESS',
            sha: t.commit.sha,
            startedAt: null,
            finishedAt: new Date(at).toISOString(),
          });
        known.add(t.name);
      }
      tags = [...known].slice(-2000);
    }
  } else if (source === 'WORKFLOW') {
    type W = {
      id: number;
      name: string | null;
      head_sha: string;
      status: string;
      conclusion: string | null;
      run_started_at?: string;
      created_at: string;
      updated_at: string;
    };
    const pick = (data: unknown): W[] | null =>
      data && typeof data === 'object' && Array.isArray((data as { workflow_runs?: unknown }).workflow_runs)
        ? (data as { workflow_runs: W[] }).workflow_runs
        : null;
    const list = await getList<W>(
      octokit,
      ctx,
      `${base}/actions/runs?per_page=100&status=completed&created=${encodeURIComponent(`>=${bound.slice(0, 10)}`)}`,
      what,
      etag,
      pick,
      (page) => page.every((w) => w.created_at >= bound),
    );
    if (list !== 'NOT_MODIFIED') {
      etag = list.etag;
      for (const w of list.items) {
        if (w.status !== 'completed' || !w.conclusion || w.created_at < bound) continue;
        if (pattern && !pattern.test(w.name ?? '')) continue;
        out.push({
          externalId: `run:${w.id}`,
          environment: production,
          result: w.conclusion.toUpperCase(),
          sha: w.head_sha,
          startedAt: w.run_started_at ?? w.created_at,
          finishedAt: w.updated_at,
        });
        since = !since || w.created_at > since ? w.created_at : since;
      }
    }
  }
  if (out.length) ctx.write.deployments(scope.id, out);
  ctx.cursors.set(scope.id, entity, { cursor: JSON.stringify({ since, pending, tags } satisfies Cursor), etag });
}
