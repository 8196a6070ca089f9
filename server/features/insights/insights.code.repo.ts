import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { DeploymentRow, IncidentRow, IssueRow, PrRow, SprintIssueRow, SprintRow } from './insights.metrics.js';
import { statement } from '../../db/sqlite.js';

import { DAY_MS } from '../../../shared/dates.days.js';

/**
 * The insights' reads of the canonical ext_* tables (docs/decisions/0051), only the columns the
 * metrics need, one statement per family. A team's data: the included scopes it owns
 * (integration_scopes.team_id); a person's: the accounts matched to them (ext_accounts.user_id).
 * Every read is within one organization.
 */

const ids = (list: readonly string[]) => sql`(select value from json_each(${JSON.stringify(list)}))`;
const iso = (ms: number) => new Date(ms).toISOString();
/** How long before the window a PR deployed in it may have been merged (lead time for changes): 60 days, a length of time. */
export const DEPLOY_LOOKBACK_MS = 60 * DAY_MS;

export type TeamScopes = { repos: string[]; projects: string[]; sample: boolean; lastSyncedAt: string | null };

export function teamScopes(db: Db, orgId: string, teamId: string): TeamScopes {
  const rows = db.all<{ id: string; kind: string; is_sample: number; last_synced_at: string | null }>(sql`
    select s.id, s.kind, c.is_sample, c.last_synced_at from integration_scopes s join integration_connections c on c.id = s.connection_id
    where s.organization_id = ${orgId} and s.team_id = ${teamId} and s.included = 1`);
  return scopesOf(rows);
}

/**
 * Whether the organization has a code host (GitHub, Bitbucket) and an issue tracker (Jira, Azure
 * Boards) connected at all, the sample's included: a page tells “not connected” from “connected, but
 * nothing of it is this team's or this person's” (docs/decisions/0064).
 */
export function connectedSources(db: Db, orgId: string): { code_connected: boolean; issues_connected: boolean } {
  const providers = new Set(
    db.all<{ provider: string }>(sql`select distinct provider from integration_connections where organization_id = ${orgId}`).map((r) => r.provider),
  );
  return { code_connected: providers.has('GITHUB') || providers.has('BITBUCKET'), issues_connected: providers.has('JIRA') || providers.has('AZURE_BOARDS') };
}

/** Every included scope of the organization (an organization-wide view). */
export function organizationScopes(db: Db, orgId: string): TeamScopes {
  const rows = db.all<{ id: string; kind: string; is_sample: number; last_synced_at: string | null }>(sql`
    select s.id, s.kind, c.is_sample, c.last_synced_at from integration_scopes s join integration_connections c on c.id = s.connection_id
    where s.organization_id = ${orgId} and s.included = 1`);
  return scopesOf(rows);
}

function scopesOf(rows: Array<{ id: string; kind: string; is_sample: number; last_synced_at: string | null }>): TeamScopes {
  const last =
    rows
      .map((r) => r.last_synced_at)
      .filter((v): v is string => !!v)
      .sort()
      .at(-1) ?? null;
  return {
    repos: rows.filter((r) => r.kind === 'REPOSITORY' || r.kind === 'WORKSPACE').map((r) => r.id),
    projects: rows.filter((r) => r.kind === 'PROJECT' || r.kind === 'BOARD').map((r) => r.id),
    sample: rows.some((r) => !!r.is_sample),
    lastSyncedAt: last,
  };
}

const PR_COLUMNS = sql`p.id, p.number, p.title, p.url, s.name as repository, p.state, a.login as author_login, a.user_id as author_user_id,
  coalesce(a.is_bot, 0) as author_is_bot, p.created_at, p.first_commit_at, p.ready_at, p.first_review_at, p.merged_at, p.closed_at,
  p.deployed_at, p.additions, p.deletions, p.review_comments`;

type RawPr = Omit<PrRow, 'author_is_bot'> & { author_is_bot: number };
const toPr = (r: RawPr): PrRow => ({ ...r, author_is_bot: !!r.author_is_bot });

/** PRs of the repositories merged in [from - DEPLOY_LOOKBACK, to): those merged in the window and those deployed in it. */
export function mergedPullRequests(db: Db, orgId: string, repos: readonly string[], from: number, to: number): PrRow[] {
  if (!repos.length) return [];
  return db
    .all<RawPr>(
      sql`select ${PR_COLUMNS} from ext_pull_requests p
    join integration_scopes s on s.id = p.scope_id left join ext_accounts a on a.id = p.author_account_id
    where p.organization_id = ${orgId} and p.merged_at >= ${iso(from - DEPLOY_LOOKBACK_MS)} and p.merged_at < ${iso(to)} and p.scope_id in ${ids(repos)}`,
    )
    .map(toPr);
}

/**
 * When the repositories' PRs closed without merge in the window were closed (ms). Read through the
 * merged index's unmerged end (merged_at null: open and closed PRs only), no scan of merged ones.
 */
export function closedUnmergedMs(db: Db, orgId: string, repos: readonly string[], from: number, to: number): number[] {
  if (!repos.length) return [];
  return (
    statement(
      db,
      `select unixepoch(p.closed_at, 'subsec') from ext_pull_requests p indexed by ext_pull_requests_merged
    where p.organization_id = ? and p.merged_at is null and p.state = 'CLOSED' and p.closed_at >= ? and p.closed_at < ? and p.scope_id in (select value from json_each(?))`,
    )
      .pluck()
      .all(orgId, iso(from), iso(to), JSON.stringify(repos)) as number[]
  ).map((s) => Math.round(s * 1000));
}

export function deploymentsIn(db: Db, orgId: string, repos: readonly string[], from: number, to: number): DeploymentRow[] {
  if (!repos.length) return [];
  return db.all<DeploymentRow>(sql`select d.id, d.environment, d.result, d.finished_at from ext_deployments d
    where d.organization_id = ${orgId} and d.finished_at >= ${iso(from)} and d.finished_at < ${iso(to)} and d.scope_id in ${ids(repos)}`);
}

export type IncidentDetail = IncidentRow & {
  title: string;
  url: string | null;
  issue_type: string;
  status: string;
  status_category: string;
  story_points: number | null;
  cycle_minutes: number | null;
  assignee_user_id: string | null;
};

/**
 * Incidents of the team: in its projects, or attributed to a deployment of its repositories; created
 * from DEPLOY_LOOKBACK before the window on (recovery of incidents resolved in it, failures of its deployments).
 */
export function teamIncidents(db: Db, orgId: string, scopes: TeamScopes, from: number): IncidentDetail[] {
  if (!scopes.repos.length && !scopes.projects.length) return [];
  return db.all<IncidentDetail>(sql`select i.id, i.key, i.title, i.url, i.issue_type, i.status, i.status_category, i.story_points, i.cycle_minutes,
      i.created_at, i.resolved_at, i.caused_by_deployment_id, d.finished_at as deployment_finished_at, a.user_id as assignee_user_id
    from ext_issues i left join ext_deployments d on d.id = i.caused_by_deployment_id left join ext_accounts a on a.id = i.assignee_account_id
    where i.organization_id = ${orgId} and i.is_incident = 1 and i.created_at >= ${iso(from - DEPLOY_LOOKBACK_MS)}
      and (i.scope_id in ${ids(scopes.projects)} or d.scope_id in ${ids(scopes.repos)})`);
}

export type IssueDetail = IssueRow & { title: string; url: string | null; issue_type: string; status: string; assignee_user_id: string | null };

const ISSUE_COLUMNS = sql`i.id, i.key, i.title, i.url, i.issue_type, i.status, i.status_category, i.story_points, i.created_at, i.resolved_at,
  i.cycle_minutes, a.user_id as assignee_user_id`;

/** Issues of the projects resolved in the window. */
export function resolvedIssues(db: Db, orgId: string, projects: readonly string[], from: number, to: number): IssueDetail[] {
  if (!projects.length) return [];
  return db.all<IssueDetail>(sql`select ${ISSUE_COLUMNS} from ext_issues i left join ext_accounts a on a.id = i.assignee_account_id
    where i.organization_id = ${orgId} and i.resolved_at >= ${iso(from)} and i.resolved_at < ${iso(to)} and i.scope_id in ${ids(projects)}`);
}

/** Sprints of the projects or boards overlapping [from, to). */
export function sprintsIn(db: Db, orgId: string, projects: readonly string[], from: number, to: number): SprintRow[] {
  if (!projects.length) return [];
  return db.all<SprintRow>(sql`select sp.id, sp.name, sp.start_at, sp.end_at, sp.complete_at from ext_sprints sp
    where sp.scope_id in ${ids(projects)} and sp.organization_id = ${orgId} and sp.start_at is not null and sp.start_at < ${iso(to)}
      and coalesce(sp.complete_at, sp.end_at, ${iso(to)}) >= ${iso(from)}
    order by sp.start_at`);
}

/** The issues of the sprints with their points and their status category at each sprint's end (last transition at or before it). */
export function sprintIssues(db: Db, sprintIds: readonly string[]): SprintIssueRow[] {
  if (!sprintIds.length) return [];
  return db.all<SprintIssueRow>(sql`select si.sprint_id, si.issue_id, si.added_at, si.removed_at, i.story_points,
      (select t.to_category from ext_issue_transitions t where t.issue_id = si.issue_id and t.at <= coalesce(sp.complete_at, sp.end_at)
        order by t.at desc, t.id desc limit 1) as category_at_end
    from ext_sprint_issues si join ext_sprints sp on sp.id = si.sprint_id join ext_issues i on i.id = si.issue_id
    where si.sprint_id in ${ids(sprintIds)}`);
}

// ---------------------------------------------------------------- the PRs behind a number

/** PRs of the repositories closed without merge in the window (through the merged index's unmerged end). */
export function closedUnmergedPullRequests(db: Db, orgId: string, repos: readonly string[], from: number, to: number): PrRow[] {
  if (!repos.length) return [];
  return db
    .all<RawPr>(
      sql`select ${PR_COLUMNS} from ext_pull_requests p indexed by ext_pull_requests_merged
    join integration_scopes s on s.id = p.scope_id left join ext_accounts a on a.id = p.author_account_id
    where p.organization_id = ${orgId} and p.merged_at is null and p.state = 'CLOSED' and p.closed_at >= ${iso(from)} and p.closed_at < ${iso(to)}
      and p.scope_id in ${ids(repos)}`,
    )
    .map(toPr);
}

export function pullRequestsByIds(db: Db, orgId: string, prIds: readonly string[]): PrRow[] {
  if (!prIds.length) return [];
  return db
    .all<RawPr>(
      sql`select ${PR_COLUMNS} from ext_pull_requests p
    join integration_scopes s on s.id = p.scope_id left join ext_accounts a on a.id = p.author_account_id
    where p.organization_id = ${orgId} and p.id in ${ids(prIds)}`,
    )
    .map(toPr);
}

/** Logins of the people who reviewed or commented (not the author, not bots), per PR. */
export function reviewersOf(db: Db, prIds: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!prIds.length) return out;
  const rows = db.all<{ pull_request_id: string; login: string }>(sql`select distinct e.pull_request_id, a.login from ext_pr_events e
    join ext_accounts a on a.id = e.actor_account_id join ext_pull_requests p on p.id = e.pull_request_id
    where e.pull_request_id in ${ids(prIds)} and e.kind in ('REVIEW', 'COMMENT') and a.is_bot = 0
      and (p.author_account_id is null or e.actor_account_id <> p.author_account_id) and a.login is not null
    order by a.login`);
  for (const r of rows) {
    const list = out.get(r.pull_request_id) ?? [];
    list.push(r.login);
    out.set(r.pull_request_id, list);
  }
  return out;
}

// ---------------------------------------------------------------- a person's code

export function accountsOf(db: Db, orgId: string, userId: string): string[] {
  return db.all<{ id: string }>(sql`select id from ext_accounts where organization_id = ${orgId} and user_id = ${userId}`).map((r) => r.id);
}

/** PRs the accounts authored: merged in [from - lookback, to) or still open. */
export function authoredPullRequests(db: Db, orgId: string, accounts: readonly string[], from: number, to: number): PrRow[] {
  if (!accounts.length) return [];
  return db
    .all<RawPr>(
      sql`select ${PR_COLUMNS} from ext_pull_requests p
    join integration_scopes s on s.id = p.scope_id left join ext_accounts a on a.id = p.author_account_id
    where p.author_account_id in ${ids(accounts)} and p.organization_id = ${orgId} and s.included = 1
      and ((p.merged_at >= ${iso(from - DEPLOY_LOOKBACK_MS)} and p.merged_at < ${iso(to)}) or p.state = 'OPEN'
        or (p.state = 'CLOSED' and p.closed_at >= ${iso(from)} and p.closed_at < ${iso(to)}))
    order by p.created_at`,
    )
    .map(toPr);
}

export type PrEventRow = {
  pull_request_id: string;
  kind: string;
  at: string;
  actor_account_id: string | null;
  target_account_id: string | null;
  actor_login: string | null;
  target_login: string | null;
  target_user_id: string | null;
  actor_user_id: string | null;
};

/** REVIEW_REQUESTED, REVIEW and COMMENT events of some PRs (who was asked, who answered). */
export function reviewEventsOf(db: Db, prIds: readonly string[]): PrEventRow[] {
  if (!prIds.length) return [];
  return db.all<PrEventRow>(sql`select e.pull_request_id, e.kind, e.at, e.actor_account_id, e.target_account_id,
      aa.login as actor_login, ta.login as target_login, ta.user_id as target_user_id, aa.user_id as actor_user_id
    from ext_pr_events e left join ext_accounts aa on aa.id = e.actor_account_id left join ext_accounts ta on ta.id = e.target_account_id
    where e.pull_request_id in ${ids(prIds)} and e.kind in ('REVIEW_REQUESTED', 'REVIEW', 'COMMENT') and coalesce(aa.is_bot, 0) = 0
    order by e.at`);
}

/** The first review or comment the accounts gave on others' PRs, per PR, in [from, to). */
export function reviewsGivenBy(db: Db, orgId: string, accounts: readonly string[], from: number, to: number): Array<{ pull_request_id: string; at: string }> {
  if (!accounts.length) return [];
  return db.all<{ pull_request_id: string; at: string }>(sql`select e.pull_request_id, min(e.at) as at from ext_pr_events e
    join ext_pull_requests p on p.id = e.pull_request_id
    where e.actor_account_id in ${ids(accounts)} and e.kind in ('REVIEW', 'COMMENT') and e.at >= ${iso(from)} and e.at < ${iso(to)}
      and p.organization_id = ${orgId} and (p.author_account_id is null or p.author_account_id not in ${ids(accounts)})
    group by e.pull_request_id order by at`);
}

/** Open PRs whose review is asked of the accounts and who have not reviewed since. */
export function reviewRequestsFor(db: Db, orgId: string, accounts: readonly string[]): string[] {
  if (!accounts.length) return [];
  return db
    .all<{ id: string }>(
      sql`select distinct p.id from ext_pr_events r join ext_pull_requests p on p.id = r.pull_request_id
    where r.target_account_id in ${ids(accounts)} and r.kind = 'REVIEW_REQUESTED' and p.state = 'OPEN' and p.organization_id = ${orgId}
      and not exists (select 1 from ext_pr_events g where g.pull_request_id = p.id and g.kind = 'REVIEW' and g.actor_account_id = r.target_account_id and g.at >= r.at)`,
    )
    .map((r) => r.id);
}

/** Issues assigned to the accounts: resolved in the window, or not done. */
export function assignedIssues(db: Db, orgId: string, accounts: readonly string[], from: number, to: number): IssueDetail[] {
  if (!accounts.length) return [];
  return db.all<IssueDetail>(sql`select ${ISSUE_COLUMNS} from ext_issues i left join ext_accounts a on a.id = i.assignee_account_id
    join integration_scopes s on s.id = i.scope_id
    where i.assignee_account_id in ${ids(accounts)} and i.organization_id = ${orgId} and s.included = 1
      and ((i.resolved_at >= ${iso(from)} and i.resolved_at < ${iso(to)}) or (i.status_category <> 'DONE' and i.created_at < ${iso(to)}))
    order by i.created_at`);
}
