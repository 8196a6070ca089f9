import type { Statement } from 'better-sqlite3';
import { isBotLogin, type CodeProcessSettings } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { readCodeProcessSettings } from './integrations.code-process.repo.js';
import { Deriver, derivePullRequest } from './integrations.ingest.derive.repo.js';
import { matchAccountIds } from './integrations.matching.repo.js';
import type { AccountInput, DeploymentInput, IngestWriter, IssueInput, PullRequestInput, ScopeInfo, SprintInput } from './integrations.provider.js';
import { httpUrlOrNull } from './integrations.urls.js';
import { sqliteTransaction, statement } from '../../db/sqlite.js';

/**
 * The one writer of the canonical ext_* tables (docs/decisions/0051): every adapter, webhook and the
 * sample data set write through it. Each call is one transaction; rows are upserted by their natural
 * key (scope: connection + kind + external id; account: connection + external id; pull request:
 * scope + number; event: pull request + kind + external id; deployment: scope + external id; issue:
 * connection + external id; transition: issue + external id; sprint: connection + external id;
 * sprint membership: sprint + issue), so re-reading a page never duplicates a row. Events of a pull
 * request missing from a later read stay (GitHub's nested pages may be partial). After writing, the
 * derived columns of the rows touched are recomputed (integrations.ingest.derive.repo.ts), and new
 * accounts are matched to people (integrations.matching.repo.ts).
 *
 * Fast by construction: prepared statements, upserts with RETURNING (no SELECT per row), accounts
 * upserted once per writer, derivation batched per call.
 *
 * Links from the payloads (scope, pull request and issue pages) are kept only when http(s)
 * (integrations.urls.ts). With `onlyNewer` (webhook deliveries, docs/decisions/0057) a pull request
 * or issue whose `updatedAt` is older than the stored one, or a deployment whose `finishedAt` is
 * older than the stored one, is not written: a delivery resent late, or replayed under a new
 * delivery id, cannot move an object back in time. `skippedOlder()` counts them. The sync and
 * the nightly reconciliation read the current state and write without this check.
 */
export function createIngestWriter(
  db: Db,
  options: { organizationId: string; connectionId: string; settings: CodeProcessSettings; onlyNewer?: boolean },
): IngestWriter & { skippedOlder(): number } {
  const { organizationId, connectionId, settings, onlyNewer = false } = options;
  const deriver = new Deriver(db, organizationId, settings);
  const prep = (sql: string) => statement(db, sql) as Statement<unknown[]>;
  const tx = <A extends unknown[], R>(fn: (...args: A) => R) => sqliteTransaction(db, fn) as unknown as (...args: A) => R;

  const st = {
    scope: prep(`insert into integration_scopes (id, organization_id, connection_id, kind, external_id, name, url, default_branch)
      values (?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (connection_id, kind, external_id) do update set name = excluded.name, url = coalesce(excluded.url, url), default_branch = coalesce(excluded.default_branch, default_branch)
      returning id, included`),
    scopeOf: prep(`select id from integration_scopes where id = ? and connection_id = ?`),
    prUpdatedAt: prep(`select updated_at as at from ext_pull_requests where scope_id = ? and number = ?`),
    issueUpdatedAt: prep(`select updated_at as at from ext_issues where connection_id = ? and external_id = ?`),
    deploymentFinishedAt: prep(`select finished_at as at from ext_deployments where scope_id = ? and external_id = ?`),
    account: prep(`insert into ext_accounts (id, organization_id, connection_id, external_id, login, display_name, email, is_bot)
      values (?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (connection_id, external_id) do update set login = coalesce(excluded.login, login), display_name = coalesce(excluded.display_name, display_name),
        email = coalesce(excluded.email, email), is_bot = max(is_bot, excluded.is_bot)
      returning id, match_kind, is_bot`),
    pr: prep(`insert into ext_pull_requests (id, organization_id, connection_id, scope_id, external_id, number, title, url, author_account_id, state, is_draft, base_ref,
        merge_commit_sha, additions, deletions, created_at, updated_at, merged_at, closed_at, first_commit_at, ready_at, first_review_at, first_approval_at, last_approval_at,
        deployment_id, deployed_at, review_comments, all_comments, review_rounds)
      values (@id, @org, @conn, @scope, @external_id, @number, @title, @url, @author, @state, @draft, @base, @sha, @additions, @deletions, @created, @updated, @merged, @closed,
        @first_commit_at, @ready_at, @first_review_at, @first_approval_at, @last_approval_at, @deployment_id, @deployed_at, @review_comments, @all_comments, @review_rounds)
      on conflict (scope_id, number) do update set external_id = excluded.external_id, title = excluded.title, url = coalesce(excluded.url, url),
        author_account_id = coalesce(excluded.author_account_id, author_account_id), state = excluded.state, is_draft = excluded.is_draft,
        base_ref = coalesce(excluded.base_ref, base_ref), merge_commit_sha = coalesce(excluded.merge_commit_sha, merge_commit_sha),
        additions = coalesce(excluded.additions, additions), deletions = coalesce(excluded.deletions, deletions), created_at = excluded.created_at,
        updated_at = excluded.updated_at, merged_at = excluded.merged_at, closed_at = excluded.closed_at,
        first_commit_at = excluded.first_commit_at, ready_at = excluded.ready_at, first_review_at = excluded.first_review_at, first_approval_at = excluded.first_approval_at,
        last_approval_at = excluded.last_approval_at, deployment_id = excluded.deployment_id, deployed_at = excluded.deployed_at, review_comments = excluded.review_comments,
        all_comments = excluded.all_comments, review_rounds = excluded.review_rounds
      returning id`),
    eventCount: prep(`select count(*) as n from ext_pr_events where pull_request_id = ?`),
    event: prep(`insert into ext_pr_events (pull_request_id, external_id, kind, actor_account_id, target_account_id, state, at) values (?, ?, ?, ?, ?, ?, ?)
      on conflict (pull_request_id, kind, external_id) do update set actor_account_id = coalesce(excluded.actor_account_id, actor_account_id),
        target_account_id = coalesce(excluded.target_account_id, target_account_id), state = excluded.state, at = excluded.at`),
    deployment:
      prep(`insert into ext_deployments (id, organization_id, scope_id, external_id, environment, result, sha, started_at, finished_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (scope_id, external_id) do update set environment = excluded.environment, result = excluded.result, sha = coalesce(excluded.sha, sha),
        started_at = coalesce(excluded.started_at, started_at), finished_at = excluded.finished_at
      returning id`),
    issue:
      prep(`insert into ext_issues (id, organization_id, connection_id, scope_id, external_id, key, title, url, issue_type, status, status_category, story_points,
        assignee_account_id, created_at, updated_at, resolved_at)
      values (@id, @org, @conn, @scope, @external_id, @key, @title, @url, @type, @status, @category, @points, @assignee, @created, @updated, @resolved)
      on conflict (connection_id, external_id) do update set scope_id = excluded.scope_id, key = excluded.key, title = excluded.title, url = coalesce(excluded.url, url),
        issue_type = excluded.issue_type, status = excluded.status, status_category = excluded.status_category, story_points = excluded.story_points,
        assignee_account_id = excluded.assignee_account_id, created_at = excluded.created_at, updated_at = excluded.updated_at, resolved_at = excluded.resolved_at
      returning id`),
    transition:
      prep(`insert into ext_issue_transitions (issue_id, external_id, at, from_status, to_status, from_category, to_category) values (?, ?, ?, ?, ?, ?, ?)
      on conflict (issue_id, external_id) do update set at = excluded.at, from_status = excluded.from_status, to_status = excluded.to_status,
        from_category = excluded.from_category, to_category = excluded.to_category`),
    sprint:
      prep(`insert into ext_sprints (id, organization_id, connection_id, scope_id, external_id, name, state, start_at, end_at, complete_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (connection_id, external_id) do update set scope_id = excluded.scope_id, name = excluded.name, state = excluded.state, start_at = excluded.start_at,
        end_at = excluded.end_at, complete_at = excluded.complete_at
      returning id`),
    /** A sprint an issue names before the board's sprints were read: a placeholder the sprint's own record completes. */
    sprintPlaceholder:
      prep(`insert into ext_sprints (id, organization_id, connection_id, scope_id, external_id, name, state) values (?, ?, ?, ?, ?, ?, 'unknown')
      on conflict (connection_id, external_id) do update set external_id = external_id
      returning id`),
    membership: prep(`insert into ext_sprint_issues (sprint_id, issue_id, added_at, removed_at) values (?, ?, ?, ?)
      on conflict (sprint_id, issue_id) do update set added_at = excluded.added_at, removed_at = excluded.removed_at`),
    memberships: prep(`select sprint_id from ext_sprint_issues where issue_id = ?`),
    dropMembership: prep(`delete from ext_sprint_issues where sprint_id = ? and issue_id = ?`),
  };

  const accountIds = new Map<string, { id: string; sig: string; isBot: boolean }>();
  const botIds = new Set<string>();
  const sprintIds = new Map<string, string>();
  let newAccounts: string[] = [];
  let olderSkipped = 0;

  /** With onlyNewer: whether `incoming` is before the stored moment (both readable instants); counted. */
  function olderThanStored(stored: Statement<unknown[]>, key: unknown[], incoming: string | null | undefined): boolean {
    if (!onlyNewer || !incoming) return false;
    const row = stored.get(...key) as { at: string | null } | undefined;
    const before = row?.at ? Date.parse(row.at) : NaN;
    const at = Date.parse(incoming);
    if (Number.isNaN(before) || Number.isNaN(at) || at >= before) return false;
    olderSkipped += 1;
    return true;
  }

  function scopeIdChecked(scopeId: string): string {
    if (!st.scopeOf.get(scopeId, connectionId)) throw new Error(`Scope ${scopeId} is not of connection ${connectionId}`);
    return scopeId;
  }
  const checkedScopes = new Set<string>();
  const ensureScope = (scopeId: string) => {
    if (!checkedScopes.has(scopeId)) {
      scopeIdChecked(scopeId);
      checkedScopes.add(scopeId);
    }
    return scopeId;
  };

  function account(input: AccountInput | null | undefined): string | null {
    if (!input || !input.externalId) return null;
    const isBot = input.isBot || isBotLogin(input.login, settings.bot_logins) ? 1 : 0;
    const sig = `${input.login ?? ''}\u0000${input.displayName ?? ''}\u0000${input.email ?? ''}\u0000${isBot}`;
    const known = accountIds.get(input.externalId);
    if (known && known.sig === sig) return known.id;
    const fresh = newId();
    const row = st.account.get(
      fresh,
      organizationId,
      connectionId,
      input.externalId,
      input.login ?? null,
      input.displayName ?? null,
      input.email?.trim().toLowerCase() || null,
      isBot,
    ) as { id: string; match_kind: string; is_bot: number };
    if (row.id === fresh || row.match_kind === 'NONE') newAccounts.push(row.id);
    accountIds.set(input.externalId, { id: row.id, sig, isBot: !!row.is_bot });
    if (row.is_bot) botIds.add(row.id);
    else botIds.delete(row.id);
    return row.id;
  }

  /** Matches the accounts the call created (or still unmatched ones it saw) to people. */
  function matchNew(): void {
    if (!newAccounts.length) return;
    const ids = [...new Set(newAccounts)];
    newAccounts = [];
    matchAccountIds(db, organizationId, connectionId, ids);
  }

  const scope = tx((input: ScopeInfo) => {
    const row = st.scope.get(
      newId(),
      organizationId,
      connectionId,
      input.kind,
      input.externalId,
      input.name,
      httpUrlOrNull(input.url),
      input.defaultBranch ?? null,
    ) as { id: string; included: number };
    checkedScopes.add(row.id);
    return { id: row.id, included: !!row.included };
  });

  const accounts = tx((list: AccountInput[]) => {
    for (const a of list) account(a);
    matchNew();
  });

  const pullRequests = tx((scopeId: string, list: PullRequestInput[]) => {
    ensureScope(scopeId);
    const touched: string[] = [];
    // The boundaries are computed from the events read (one statement per pull request); a pull
    // request with more events stored than read (an earlier, fuller read) or without its base
    // branch is derived again from what is stored.
    const again: string[] = [];
    const merge = settings.deployment_source === 'MERGE';
    for (const pr of list) {
      if (olderThanStored(st.prUpdatedAt, [scopeId, pr.number], pr.updatedAt)) continue;
      const author = account(pr.author);
      const events = new Map<string, { externalId: string; kind: string; at: string; actor: string | null; target: string | null; state: string | null }>();
      for (const e of pr.events) {
        if (!e.externalId || !e.at) continue;
        events.set(`${e.kind}\u0000${e.externalId}`, {
          externalId: e.externalId,
          kind: e.kind,
          at: e.at,
          actor: account(e.actor),
          target: account(e.target),
          state: e.state ?? null,
        });
      }
      const list = [...events.values()];
      const derived = derivePullRequest(
        { author_account_id: author, is_draft: pr.isDraft ? 1 : 0, created_at: pr.createdAt },
        list.map((e) => ({ kind: e.kind, state: e.state, at: e.at, actor_account_id: e.actor, actor_bot: e.actor && botIds.has(e.actor) ? 1 : 0 })),
      );
      const id = newId();
      const dep = merge
        ? null
        : deriver.deploymentFor({
            id,
            scope_id: scopeId,
            base_ref: pr.baseRef ?? null,
            merge_commit_sha: pr.mergeCommitSha ?? null,
            merged_at: pr.mergedAt ?? null,
          });
      const row = st.pr.get({
        id,
        org: organizationId,
        conn: connectionId,
        scope: scopeId,
        external_id: pr.externalId,
        number: pr.number,
        title: pr.title ?? '',
        url: httpUrlOrNull(pr.url),
        author,
        state: pr.state,
        draft: pr.isDraft ? 1 : 0,
        base: pr.baseRef ?? null,
        sha: pr.mergeCommitSha ?? null,
        additions: pr.additions ?? null,
        deletions: pr.deletions ?? null,
        created: pr.createdAt,
        updated: pr.updatedAt,
        merged: pr.mergedAt ?? null,
        closed: pr.closedAt ?? null,
        ...derived,
        deployment_id: dep?.id ?? null,
        deployed_at: dep?.finished_at ?? null,
      }) as { id: string };
      for (const e of list) st.event.run(row.id, e.externalId, e.kind, e.actor, e.target, e.state, e.at);
      const stale = merge || (pr.mergedAt && !pr.baseRef) || (row.id !== id && (st.eventCount.get(row.id) as { n: number }).n !== list.length);
      if (stale) again.push(row.id);
      touched.push(row.id);
    }
    deriver.pullRequests(again);
    if (settings.deployment_source === 'MERGE') deriver.incidents();
    matchNew();
    return touched.length;
  });

  const deployments = tx((scopeId: string, list: DeploymentInput[]) => {
    ensureScope(scopeId);
    const written: Array<{ id: string; finishedAt: string; sha: string | null }> = [];
    for (const d of list) {
      if (olderThanStored(st.deploymentFinishedAt, [scopeId, d.externalId], d.finishedAt)) continue;
      const row = st.deployment.get(
        newId(),
        organizationId,
        scopeId,
        d.externalId,
        d.environment,
        d.result,
        d.sha ?? null,
        d.startedAt ?? null,
        d.finishedAt,
      ) as { id: string };
      written.push({ id: row.id, finishedAt: d.finishedAt, sha: d.sha ?? null });
    }
    deriver.deploymentsChanged(scopeId, written);
    return written.length;
  });

  function sprintId(scopeId: string, externalId: string): string {
    const known = sprintIds.get(externalId);
    if (known) return known;
    const row = st.sprintPlaceholder.get(newId(), organizationId, connectionId, scopeId, externalId, externalId) as { id: string };
    sprintIds.set(externalId, row.id);
    return row.id;
  }

  const issues = tx((scopeId: string, list: IssueInput[]) => {
    ensureScope(scopeId);
    const touched: string[] = [];
    for (const issue of list) {
      if (olderThanStored(st.issueUpdatedAt, [connectionId, issue.externalId], issue.updatedAt)) continue;
      const row = st.issue.get({
        id: newId(),
        org: organizationId,
        conn: connectionId,
        scope: scopeId,
        external_id: issue.externalId,
        key: issue.key,
        title: issue.title ?? '',
        url: httpUrlOrNull(issue.url),
        type: issue.issueType ?? '',
        status: issue.status ?? '',
        category: issue.statusCategory,
        points: issue.storyPoints ?? null,
        assignee: account(issue.assignee),
        created: issue.createdAt,
        updated: issue.updatedAt,
        resolved: issue.resolvedAt ?? null,
      }) as { id: string };
      for (const t of issue.transitions) {
        st.transition.run(row.id, t.externalId, t.at, t.fromStatus ?? null, t.toStatus, t.fromCategory ?? null, t.toCategory);
      }
      if (issue.sprints) {
        const keep = new Set<string>();
        for (const m of issue.sprints) {
          const sid = sprintId(scopeId, m.sprintExternalId);
          keep.add(sid);
          st.membership.run(sid, row.id, m.addedAt, m.removedAt ?? null);
        }
        for (const { sprint_id } of st.memberships.all(row.id) as Array<{ sprint_id: string }>)
          if (!keep.has(sprint_id)) st.dropMembership.run(sprint_id, row.id);
      }
      touched.push(row.id);
    }
    deriver.issuesChanged(touched);
    matchNew();
    return touched.length;
  });

  const sprints = tx((scopeId: string, list: SprintInput[]) => {
    ensureScope(scopeId);
    for (const s of list) {
      const row = st.sprint.get(
        newId(),
        organizationId,
        connectionId,
        scopeId,
        s.externalId,
        s.name,
        s.state,
        s.startAt ?? null,
        s.endAt ?? null,
        s.completeAt ?? null,
      ) as { id: string };
      sprintIds.set(s.externalId, row.id);
    }
    return list.length;
  });

  return { scope, accounts, pullRequests, deployments, issues, sprints, skippedOlder: () => olderSkipped };
}

/**
 * Recomputes every derived column of an organization (its code process changed, a bot was marked):
 * listed bot logins, MERGE deployments, pull request boundaries and deployments, issue types, cycle
 * times and incident attribution. One transaction.
 */
export function recomputeDerived(db: Db, organizationId: string, settings: CodeProcessSettings = readCodeProcessSettings(db, organizationId)): void {
  sqliteTransaction(db, () => {
    if (settings.bot_logins.length) {
      const logins = settings.bot_logins.map((l) => l.toLowerCase());
      statement(db, `update ext_accounts set is_bot = 1 where organization_id = ? and is_bot = 0 and lower(login) in (${logins.map(() => '?').join(',')})`).run(
        organizationId,
        ...logins,
      );
    }
    if (settings.deployment_source !== 'MERGE')
      statement(db, `delete from ext_deployments where organization_id = ? and external_id like 'merge:%'`).run(organizationId);
    const deriver = new Deriver(db, organizationId, settings);
    const prIds = statement(db, `select id from ext_pull_requests where organization_id = ?`).pluck().all(organizationId) as string[];
    for (let i = 0; i < prIds.length; i += 2000) deriver.pullRequests(prIds.slice(i, i + 2000));
    const issueIds = statement(db, `select id from ext_issues where organization_id = ?`).pluck().all(organizationId) as string[];
    for (let i = 0; i < issueIds.length; i += 2000) deriver.issuesChanged(issueIds.slice(i, i + 2000));
    deriver.incidents();
  })();
}

/** Recomputes the pull requests an account reviewed or commented on (it was marked a bot, or no longer). */
export function recomputeForAccount(db: Db, organizationId: string, accountId: string): void {
  const ids = statement(
    db,
    `select distinct e.pull_request_id from ext_pr_events e join ext_pull_requests p on p.id = e.pull_request_id
    where e.actor_account_id = ? and p.organization_id = ?`,
  )
    .pluck()
    .all(accountId, organizationId) as string[];
  const deriver = new Deriver(db, organizationId, readCodeProcessSettings(db, organizationId));
  sqliteTransaction(db, () => {
    for (let i = 0; i < ids.length; i += 2000) deriver.pullRequests(ids.slice(i, i + 2000));
  })();
}
