import type { Db } from '../../db/connection.js';
import { sqliteTransaction, statement } from '../../db/sqlite.js';

import { DAY_MS } from '../../../shared/dates.days.js';

/**
 * The team insights' read model of merged pull requests (docs/decisions/0052): per organization,
 * scope and UTC day of merge, the facts of the PRs merged that day by people (bots left out), packed
 * as float64 columns in one blob (ext_pr_fact_days). A team page over a year of 100,000 PRs reads
 * ~850 rows of blobs instead of 100,000 rows of text dates.
 *
 * Triggers of migration 0016 mark a day stale (ext_pr_fact_stale) whenever a PR merged that day is
 * inserted, updated or deleted, or its author's bot flag changes: no writer can forget to. Stale
 * days are rebuilt from ext_pull_requests by `refreshPrFactDays`, which every read calls first (a
 * read never sees a stale day) and each sync calls when it ends (the first read after a backfill
 * finds nothing to rebuild).
 */

/** The facts of a PR, in blob order. Instants in ms since the epoch; spans in hours (prDurations of insights.metrics.ts); NaN: missing or negative. */
export const PR_FACT_FIELDS = ['merged', 'deployed', 'coding', 'pickup', 'review', 'deploy', 'cycle', 'merge', 'size', 'comments'] as const;
export type PrFactField = (typeof PR_FACT_FIELDS)[number];
/** PR facts as columns: `n` PRs, one Float64Array per field. */
export type PrFactColumns = { n: number } & Record<PrFactField, Float64Array>;

const STRIDE = PR_FACT_FIELDS.length;
/** The UTC day number of an instant (days since 1970-01-01), as ext_pr_fact_days keys days (unixepoch / 86400 in its triggers). */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** Columns with room for n PRs. */
export function emptyPrFactColumns(n: number): PrFactColumns {
  const out = { n: 0 } as PrFactColumns;
  for (const f of PR_FACT_FIELDS) out[f] = new Float64Array(n);
  return out;
}

/** Hours from one instant (ms) to another; NaN when either is missing or the span is negative (hoursBetween of shared/insights.ts). */
const span = (from: number, to: number) => (Number.isNaN(from) || Number.isNaN(to) || to < from ? NaN : (to - from) / 3_600_000);

/** A PR's facts from its instants (ms, NaN when missing): ready = ready or created; cycle from the first commit or creation. */
export function prFactValues(pr: {
  merged: number;
  deployed: number;
  created: number;
  ready: number;
  firstCommit: number;
  firstReview: number;
  size: number;
  comments: number;
}): number[] {
  const ready = Number.isNaN(pr.ready) ? pr.created : pr.ready;
  const start = Number.isNaN(pr.firstCommit) ? pr.created : pr.firstCommit;
  return [
    pr.merged,
    pr.deployed,
    span(pr.firstCommit, ready),
    span(ready, pr.firstReview),
    span(pr.firstReview, pr.merged),
    span(pr.merged, pr.deployed),
    span(start, pr.deployed),
    span(pr.created, pr.merged),
    pr.size,
    pr.comments,
  ];
}

const msOf = (seconds: number | null) => (seconds === null ? NaN : Math.round(seconds * 1000));
const iso = (ms: number) => new Date(ms).toISOString();

/** Rebuilds the organization's stale days (one transaction). Returns how many days were rebuilt. */
export function refreshPrFactDays(db: Db, orgId: string): number {
  const stale = statement(db, 'select day from ext_pr_fact_stale where organization_id = ?').pluck().all(orgId) as number[];
  if (!stale.length) return 0;
  // The day's PRs: found through the merged index with a day of slack each side (stored instants may carry an offset), then held to the trigger's own day.
  const prsOfDay = statement(
    db,
    `select p.scope_id, unixepoch(p.merged_at, 'subsec'), unixepoch(p.deployed_at, 'subsec'), unixepoch(p.created_at, 'subsec'),
      unixepoch(p.ready_at, 'subsec'), unixepoch(p.first_commit_at, 'subsec'), unixepoch(p.first_review_at, 'subsec'),
      case when p.additions is null and p.deletions is null then null else coalesce(p.additions, 0) + coalesce(p.deletions, 0) end, p.review_comments
    from ext_pull_requests p
    where p.organization_id = ? and p.merged_at >= ? and p.merged_at < ? and unixepoch(p.merged_at) / 86400 = ?
      and (p.author_account_id is null or p.author_account_id not in (select id from ext_accounts where organization_id = ? and is_bot = 1))
    order by p.scope_id, p.merged_at`,
  ).raw(true);
  const clearDay = statement(db, 'delete from ext_pr_fact_days where organization_id = ? and day = ?');
  const insertDay = statement(db, 'insert into ext_pr_fact_days (organization_id, scope_id, day, count, facts) values (?, ?, ?, ?, ?)');
  const done = statement(db, 'delete from ext_pr_fact_stale where organization_id = ? and day = ?');
  sqliteTransaction(db, () => {
    for (const day of stale) {
      const rows = prsOfDay.all(orgId, iso((day - 1) * DAY_MS), iso((day + 2) * DAY_MS), day, orgId) as Array<[string, ...Array<number | null>]>;
      clearDay.run(orgId, day);
      let start = 0;
      while (start < rows.length) {
        const scope = rows[start]![0];
        let end = start;
        while (end < rows.length && rows[end]![0] === scope) end++;
        const facts = new Float64Array((end - start) * STRIDE);
        for (let i = start; i < end; i++) {
          const r = rows[i]!;
          facts.set(
            prFactValues({
              merged: msOf(r[1]!),
              deployed: msOf(r[2]!),
              created: msOf(r[3]!),
              ready: msOf(r[4]!),
              firstCommit: msOf(r[5]!),
              firstReview: msOf(r[6]!),
              size: r[7] ?? NaN,
              comments: r[8] ?? 0,
            }),
            (i - start) * STRIDE,
          );
        }
        insertDay.run(orgId, scope, day, end - start, Buffer.from(facts.buffer));
        start = end;
      }
      done.run(orgId, day);
    }
  }).immediate();
  return stale.length;
}

/**
 * The facts of the scopes' PRs merged in [from, to) (ms), by people, as columns. Rebuilds what is
 * stale first. Order: by scope, then day, then merge time within the day.
 */
export function readPrFacts(db: Db, orgId: string, scopeIds: readonly string[], from: number, to: number): PrFactColumns {
  if (!scopeIds.length || to <= from) return emptyPrFactColumns(0);
  refreshPrFactDays(db, orgId);
  const days = statement(
    db,
    `select count, facts from ext_pr_fact_days
    where organization_id = ? and scope_id in (select value from json_each(?)) and day >= ? and day <= ?`,
  )
    .raw(true)
    .all(orgId, JSON.stringify(scopeIds), dayOf(from), dayOf(to - 1)) as Array<[number, Buffer]>;
  let total = 0;
  for (const d of days) total += d[0];
  const out = emptyPrFactColumns(total);
  const cols = PR_FACT_FIELDS.map((f) => out[f]);
  let n = 0;
  for (const [count, blob] of days) {
    // A blob's bytes need not sit at a multiple of 8 in its buffer: read them through a copy that does.
    const facts =
      blob.byteOffset % 8 === 0
        ? new Float64Array(blob.buffer, blob.byteOffset, count * STRIDE)
        : new Float64Array(new Uint8Array(blob).buffer, 0, count * STRIDE);
    for (let i = 0; i < count; i++) {
      const base = i * STRIDE;
      const merged = facts[base]!;
      if (merged < from || merged >= to) continue;
      for (let f = 0; f < STRIDE; f++) cols[f]![n] = facts[base + f]!;
      n++;
    }
  }
  out.n = n;
  return out;
}
