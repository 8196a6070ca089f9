import type { Statement } from 'better-sqlite3';
import type { CodeProcessSettings, StatusCategory } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { statement } from '../../db/sqlite.js';

/**
 * The derived columns of the canonical ext_* tables (docs/insights-metrics.md), recomputed
 * from the stored events by the ingest writer for the rows a call touched, and for a whole
 * organization when its code process changes (recomputeDerived in integrations.ingest.repo.ts):
 *
 * - pull requests: first commit, ready for review (created, or the last time it left draft; null while
 *   a draft), first review or comment and first/last approval by someone who is neither the author nor
 *   a bot, review depth (theirs, and everyone's as DevLake counts it), review rounds, and the
 *   deployment that shipped it (a deployment of the merge commit, else the earliest successful
 *   production deployment of the same repository finished at or after the merge; MERGE: its own);
 * - issues: bug / incident by type, first in progress, cycle time as the sum of the intervals spent in
 *   the In Progress category (reopened work counts again), resolved when last moved to Done (cleared
 *   when reopened), and for incidents the deployment they are attributed to.
 */

const lower = (list: readonly string[]) => list.map((v) => v.trim().toLowerCase()).filter(Boolean);

/** The SQL list of production environments (lowercase literals, quotes doubled). */
export function productionSql(settings: CodeProcessSettings): string {
  const envs = lower(settings.production_environments);
  return envs.length ? envs.map((e) => `'${e.replaceAll("'", "''")}'`).join(',') : "''";
}

/** Whether pull requests into this branch count (unknown base: the repository's default, so yes). */
export function countedBranch(settings: CodeProcessSettings, baseRef: string | null): boolean {
  return baseRef === null || settings.branches.includes(baseRef);
}

/** The ext_deployments external id of a merge counted as a deployment (code process MERGE). */
export const mergeDeploymentId = (prExternalId: string) => `merge:${prExternalId}`;

type PrRow = {
  id: string;
  scope_id: string;
  external_id: string;
  author_account_id: string | null;
  is_draft: number;
  base_ref: string | null;
  merge_commit_sha: string | null;
  created_at: string;
  merged_at: string | null;
};
type EventRow = { pull_request_id: string; kind: string; state: string | null; at: string; actor_account_id: string | null; actor_bot: number | null };
type DeploymentRow = { id: string; sha: string | null; finished_at: string };

export type PrDerived = {
  first_commit_at: string | null;
  ready_at: string | null;
  first_review_at: string | null;
  first_approval_at: string | null;
  last_approval_at: string | null;
  review_comments: number;
  all_comments: number;
  review_rounds: number;
};

/** The boundaries of one pull request from its events (pure: the tests and recompute share it). */
export function derivePullRequest(
  pr: Pick<PrRow, 'author_account_id' | 'is_draft' | 'created_at'>,
  events: ReadonlyArray<Pick<EventRow, 'kind' | 'state' | 'at' | 'actor_account_id' | 'actor_bot'>>,
): PrDerived {
  let firstCommit: string | null = null;
  let lastReady: string | null = null;
  let firstReview: string | null = null;
  let firstApproval: string | null = null;
  let lastApproval: string | null = null;
  let reviewComments = 0;
  let allComments = 0;
  let changesRequested = 0;
  for (const e of events) {
    if (e.kind === 'COMMIT') {
      if (firstCommit === null || e.at < firstCommit) firstCommit = e.at;
    } else if (e.kind === 'READY_FOR_REVIEW') {
      if (lastReady === null || e.at > lastReady) lastReady = e.at;
    } else if (e.kind === 'REVIEW' || e.kind === 'COMMENT') {
      allComments += 1;
      const other = !e.actor_bot && (e.actor_account_id === null || e.actor_account_id !== pr.author_account_id);
      if (!other) continue;
      reviewComments += 1;
      if (firstReview === null || e.at < firstReview) firstReview = e.at;
      if (e.kind === 'REVIEW' && e.state === 'APPROVED') {
        if (firstApproval === null || e.at < firstApproval) firstApproval = e.at;
        if (lastApproval === null || e.at > lastApproval) lastApproval = e.at;
      }
      if (e.kind === 'REVIEW' && e.state === 'CHANGES_REQUESTED') changesRequested += 1;
    }
  }
  return {
    first_commit_at: firstCommit,
    // Draft time is coding time: pickup starts when it was last marked ready (null while still a draft).
    ready_at: pr.is_draft ? null : lastReady && lastReady > pr.created_at ? lastReady : pr.created_at,
    first_review_at: firstReview,
    first_approval_at: firstApproval,
    last_approval_at: lastApproval,
    review_comments: reviewComments,
    all_comments: allComments,
    review_rounds: changesRequested + (reviewComments > 0 ? 1 : 0),
  };
}

/** Cycle time (minutes) as the sum of the intervals in the In Progress category, the first time it entered it, and when it was last done. */
export function deriveIssue(
  statusCategory: StatusCategory,
  transitions: ReadonlyArray<{ at: string; from_category: StatusCategory | null; to_category: StatusCategory }>,
): { first_in_progress_at: string | null; cycle_minutes: number | null; last_done_at: string | null } {
  const sorted = [...transitions].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let current: StatusCategory = sorted[0]?.from_category ?? 'TODO';
  let since: string | null = null;
  let firstInProgress: string | null = null;
  let lastDone: string | null = null;
  let total = 0;
  let everInProgress = current === 'IN_PROGRESS';
  for (const t of sorted) {
    if (current === 'IN_PROGRESS' && since !== null && t.to_category !== 'IN_PROGRESS') total += Date.parse(t.at) - Date.parse(since);
    if (t.to_category === 'IN_PROGRESS' && current !== 'IN_PROGRESS') {
      since = t.at;
      everInProgress = true;
      if (firstInProgress === null) firstInProgress = t.at;
    }
    if (t.to_category === 'DONE') lastDone = t.at;
    current = t.to_category;
  }
  const done = statusCategory === 'DONE';
  return {
    first_in_progress_at: firstInProgress,
    cycle_minutes: done && everInProgress && firstInProgress !== null ? Math.round(total / 60_000) : null,
    last_done_at: done ? lastDone : null,
  };
}

/** Prepared statements of the derivation, per database connection and settings. */
export class Deriver {
  private readonly prs: (ids: string[]) => PrRow[];
  private readonly events: (ids: string[]) => EventRow[];
  private readonly updatePr: Statement;
  private readonly prodDeployments: Statement;
  private readonly upsertMergeDeployment: Statement;
  private readonly deleteMergeDeployment: Statement;
  private readonly prsOfScopeSince: Statement;
  private readonly prsLinkedTo: (ids: string[]) => string[];
  private readonly issues: (ids: string[]) => Array<{
    id: string;
    organization_id: string;
    scope_id: string;
    issue_type: string;
    status_category: StatusCategory;
    created_at: string;
    resolved_at: string | null;
  }>;
  private readonly transitions: (ids: string[]) => Array<{ issue_id: string; at: string; from_category: StatusCategory | null; to_category: StatusCategory }>;
  private readonly updateIssue: Statement;
  private readonly incidentsOfOrg: Statement;
  private readonly scopeTeam: Statement;
  private readonly attribution: { team: Statement; any: Statement };
  private readonly updateAttribution: Statement;
  private readonly deploymentCache = new Map<string, DeploymentRow[]>();

  constructor(
    private readonly db: Db,
    private readonly organizationId: string,
    private readonly settings: CodeProcessSettings,
  ) {
    const inList = <T>(sqlOf: (marks: string) => string) => {
      const cache = new Map<number, Statement>();
      return (ids: string[]): T[] => {
        const out: T[] = [];
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          let st = cache.get(chunk.length);
          if (!st) {
            st = statement(db, sqlOf(chunk.map(() => '?').join(',')));
            cache.set(chunk.length, st);
          }
          out.push(...(st.all(...chunk) as T[]));
        }
        return out;
      };
    };
    const prod = productionSql(settings);
    this.prs = inList<PrRow>(
      (m) =>
        `select id, scope_id, external_id, author_account_id, is_draft, base_ref, merge_commit_sha, created_at, merged_at from ext_pull_requests where id in (${m})`,
    );
    this.events = inList<EventRow>(
      (m) =>
        `select e.pull_request_id, e.kind, e.state, e.at, e.actor_account_id, a.is_bot as actor_bot from ext_pr_events e left join ext_accounts a on a.id = e.actor_account_id where e.pull_request_id in (${m}) and e.kind in ('COMMIT','READY_FOR_REVIEW','REVIEW','COMMENT')`,
    );
    this.updatePr = statement(
      db,
      `update ext_pull_requests set first_commit_at = ?, ready_at = ?, first_review_at = ?, first_approval_at = ?, last_approval_at = ?,
      review_comments = ?, all_comments = ?, review_rounds = ?, deployment_id = ?, deployed_at = ? where id = ?`,
    );
    this.prodDeployments = statement(
      db,
      `select id, sha, finished_at from ext_deployments where scope_id = ? and upper(result) = 'SUCCESS' and lower(environment) in (${prod}) order by finished_at, id`,
    );
    this.upsertMergeDeployment = statement(
      db,
      `insert into ext_deployments (id, organization_id, scope_id, external_id, environment, result, sha, started_at, finished_at)
      values (?, ?, ?, ?, 'production', 'SUCCESS', ?, null, ?)
      on conflict (scope_id, external_id) do update set sha = excluded.sha, finished_at = excluded.finished_at, environment = excluded.environment, result = excluded.result`,
    );
    this.deleteMergeDeployment = statement(db, `delete from ext_deployments where scope_id = ? and external_id = ?`);
    this.prsOfScopeSince = statement(
      db,
      `select id from ext_pull_requests where scope_id = ? and merged_at is not null and merged_at <= ? and (deployed_at is null or deployed_at >= ?)`,
    );
    this.prsLinkedTo = (ids) => inList<{ id: string }>((m) => `select id from ext_pull_requests where deployment_id in (${m})`)(ids).map((r) => r.id);
    this.issues = inList(
      (m) => `select id, organization_id, scope_id, issue_type, status_category, created_at, resolved_at from ext_issues where id in (${m})`,
    );
    this.transitions = inList((m) => `select issue_id, at, from_category, to_category from ext_issue_transitions where issue_id in (${m})`);
    this.updateIssue = statement(
      db,
      `update ext_issues set is_bug = @bug, is_incident = @incident, first_in_progress_at = @first, cycle_minutes = @cycle, resolved_at = @resolved,
      caused_by_deployment_id = case when @incident = 1 then caused_by_deployment_id else null end where id = @id`,
    );
    this.incidentsOfOrg = statement(db, `select id, scope_id, created_at from ext_issues where organization_id = ? and is_incident = 1`);
    this.scopeTeam = statement(db, `select team_id from integration_scopes where id = ?`);
    const window = settings.incident_window_hours;
    const base = `select d.id from ext_deployments d join integration_scopes s on s.id = d.scope_id
      where d.organization_id = ? and s.kind = 'REPOSITORY' and s.included = 1 and upper(d.result) = 'SUCCESS' and lower(d.environment) in (${prod})
      and d.finished_at < ? ${window === null ? '' : 'and d.finished_at >= ?'}`;
    this.attribution = {
      team: statement(db, `${base} and s.team_id = ? order by d.finished_at desc, d.id desc limit 1`),
      any: statement(db, `${base} order by d.finished_at desc, d.id desc limit 1`),
    };
    this.updateAttribution = statement(db, `update ext_issues set caused_by_deployment_id = ? where id = ? and caused_by_deployment_id is not ?`);
  }

  /** Deployments that counted as production successes of a scope, by finish (cached for the call; dropped when deployments are written). */
  private deploymentsOf(scopeId: string): DeploymentRow[] {
    let list = this.deploymentCache.get(scopeId);
    if (!list) {
      list = this.prodDeployments.all(scopeId) as DeploymentRow[];
      this.deploymentCache.set(scopeId, list);
    }
    return list;
  }

  forgetDeployments(scopeId?: string): void {
    if (scopeId) this.deploymentCache.delete(scopeId);
    else this.deploymentCache.clear();
  }

  /** The deployment that shipped a pull request (null: not merged, not into a counted branch, or not deployed yet). */
  deploymentFor(pr: Pick<PrRow, 'id' | 'scope_id' | 'base_ref' | 'merge_commit_sha' | 'merged_at'>): DeploymentRow | null {
    if (!pr.merged_at || !countedBranch(this.settings, pr.base_ref)) return null;
    const list = this.deploymentsOf(pr.scope_id);
    if (this.settings.deployment_source === 'MERGE') {
      const own = list.find((d) => d.id === this.mergeRowId(pr));
      if (own) return own;
    }
    if (pr.merge_commit_sha) {
      const bySha = list.find((d) => d.sha === pr.merge_commit_sha && d.finished_at >= pr.merged_at!);
      if (bySha) return bySha;
    }
    // Earliest finished at or after the merge: binary search on finished_at.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.finished_at < pr.merged_at) lo = mid + 1;
      else hi = mid;
    }
    return list[lo] ?? null;
  }

  private mergeRowId(pr: Pick<PrRow, 'id'>): string {
    return `m-${pr.id}`;
  }

  /** MERGE: each merged pull request into a counted branch is its own production deployment; otherwise none are kept. */
  private syncMergeDeployments(prs: PrRow[]): void {
    const merge = this.settings.deployment_source === 'MERGE';
    for (const pr of prs) {
      const external = mergeDeploymentId(pr.external_id);
      if (merge && pr.merged_at && countedBranch(this.settings, pr.base_ref)) {
        this.upsertMergeDeployment.run(this.mergeRowId(pr), this.organizationId, pr.scope_id, external, pr.merge_commit_sha, pr.merged_at);
      } else {
        this.deleteMergeDeployment.run(pr.scope_id, external);
      }
      this.deploymentCache.delete(pr.scope_id);
    }
  }

  /** Recomputes the pull requests' derived columns (and their MERGE deployments). */
  pullRequests(ids: string[], options: { mergeDeployments?: boolean } = {}): void {
    if (!ids.length) return;
    const prs = this.prs(ids);
    if (options.mergeDeployments !== false) this.syncMergeDeployments(prs);
    const byPr = new Map<string, EventRow[]>();
    for (const e of this.events(ids)) {
      let list = byPr.get(e.pull_request_id);
      if (!list) {
        list = [];
        byPr.set(e.pull_request_id, list);
      }
      list.push(e);
    }
    for (const pr of prs) {
      const d = derivePullRequest(pr, byPr.get(pr.id) ?? []);
      const dep = this.deploymentFor(pr);
      this.updatePr.run(
        d.first_commit_at,
        d.ready_at,
        d.first_review_at,
        d.first_approval_at,
        d.last_approval_at,
        d.review_comments,
        d.all_comments,
        d.review_rounds,
        dep?.id ?? null,
        dep?.finished_at ?? null,
        pr.id,
      );
    }
  }

  /** After deployments of a scope were written: relinks the pull requests whose deployment may have changed, and the incidents. */
  deploymentsChanged(scopeId: string, written: Array<{ id: string; finishedAt: string; sha: string | null }>): void {
    this.forgetDeployments(scopeId);
    if (!written.length) return;
    const min = written.reduce((m, d) => (d.finishedAt < m ? d.finishedAt : m), written[0]!.finishedAt);
    const max = written.reduce((m, d) => (d.finishedAt > m ? d.finishedAt : m), written[0]!.finishedAt);
    const ids = new Set((this.prsOfScopeSince.all(scopeId, max, min) as Array<{ id: string }>).map((r) => r.id));
    for (const id of this.prsLinkedTo(written.map((d) => d.id))) ids.add(id);
    const shas = written.map((d) => d.sha).filter((s): s is string => !!s);
    if (shas.length) {
      for (const r of statement(this.db, `select id from ext_pull_requests where scope_id = ? and merge_commit_sha in (${shas.map(() => '?').join(',')})`).all(
        scopeId,
        ...shas,
      ) as Array<{ id: string }>)
        ids.add(r.id);
    }
    this.pullRequests([...ids], { mergeDeployments: false });
    this.incidents();
  }

  /** Recomputes the issues' derived columns, then attributes the organization's incidents when any of them is one. */
  issuesChanged(ids: string[]): void {
    if (!ids.length) return;
    const bugs = new Set(lower(this.settings.bug_issue_types));
    const incidents = new Set(lower(this.settings.incident_issue_types));
    const byIssue = new Map<string, Array<{ at: string; from_category: StatusCategory | null; to_category: StatusCategory }>>();
    for (const t of this.transitions(ids)) {
      let list = byIssue.get(t.issue_id);
      if (!list) {
        list = [];
        byIssue.set(t.issue_id, list);
      }
      list.push(t);
    }
    let anyIncident = false;
    for (const issue of this.issues(ids)) {
      const type = issue.issue_type.trim().toLowerCase();
      const d = deriveIssue(issue.status_category, byIssue.get(issue.id) ?? []);
      const resolved = issue.status_category !== 'DONE' ? null : (issue.resolved_at ?? d.last_done_at);
      const isIncident = incidents.has(type);
      anyIncident ||= isIncident;
      this.updateIssue.run({
        bug: bugs.has(type) ? 1 : 0,
        incident: isIncident ? 1 : 0,
        first: d.first_in_progress_at,
        cycle: d.cycle_minutes,
        resolved,
        id: issue.id,
      });
    }
    if (anyIncident) this.incidents();
  }

  /** Attributes every incident of the organization to the latest production deployment before it (window, owning team's repositories). */
  incidents(): void {
    const window = this.settings.incident_window_hours;
    const teamOf = new Map<string, string | null>();
    for (const inc of this.incidentsOfOrg.all(this.organizationId) as Array<{ id: string; scope_id: string; created_at: string }>) {
      if (!teamOf.has(inc.scope_id)) teamOf.set(inc.scope_id, (this.scopeTeam.get(inc.scope_id) as { team_id: string | null } | undefined)?.team_id ?? null);
      const team = teamOf.get(inc.scope_id) ?? null;
      const args: unknown[] = [this.organizationId, inc.created_at];
      if (window !== null) args.push(new Date(Date.parse(inc.created_at) - window * 3_600_000).toISOString());
      const row = (team ? this.attribution.team.get(...args, team) : this.attribution.any.get(...args)) as { id: string } | undefined;
      this.updateAttribution.run(row?.id ?? null, inc.id, row?.id ?? null);
    }
  }
}
