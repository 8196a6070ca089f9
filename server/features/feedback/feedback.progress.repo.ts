import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { prepared, preparedRows } from '../../db/prepared.js';
import type { TeamRow } from '../teams/teams.repo.js';
import { users, type UserRow } from '../users/users.repo.js';
import { statement } from '../../db/sqlite.js';

/**
 * SQL of team progress and nudges (docs/decisions/0048). Team progress costs four statements
 * whatever the number of people: the people in scope, the teams, feedback given and received
 * (with the last one ever received), and asks. Only counts leave this file, never content.
 */

export type ProgressScope = { orgId: string; me: string; admin: boolean; teamId: string | null };

const scopeParams = (s: ProgressScope) => ({ orgId: s.orgId, me: s.me, admin: s.admin ? 1 : 0, teamId: s.teamId ?? '' });

/** Live teams the viewer manages or leads (admins: every live team). */
const MANAGED_TEAMS = `SELECT id FROM teams WHERE organization_id = @orgId AND deleted_at IS NULL AND (manager_id = @me OR team_lead_id = @me)`;

/**
 * Active and invited people in scope (never deactivated or deleted): admins everyone; others the
 * members of teams they manage or lead and their direct reports. With a team, its people only.
 */
export function peopleInScope(db: Db, scope: ProgressScope): UserRow[] {
  const p = (name: string) => sql.placeholder(name);
  return preparedRows<UserRow>(db, 'feedback.progress.people', users, () =>
    db
      .select()
      .from(users)
      .where(
        and(
          eq(users.organization_id, p('orgId')),
          isNull(users.deleted_at),
          ne(users.status, 'DEACTIVATED'),
          sql`(${p('admin')} = 1 OR ${users.manager_id} = ${p('me')} OR ${users.team_id} IN (SELECT id FROM teams WHERE organization_id = ${p('orgId')}
      AND deleted_at IS NULL AND (manager_id = ${p('me')} OR team_lead_id = ${p('me')})))`,
          sql`(${p('teamId')} = '' OR ${users.team_id} = ${p('teamId')})`,
        ),
      )
      .orderBy(sql`${users.full_name} COLLATE NOCASE`, users.id),
  ).all(scopeParams(scope));
}

/** The live teams shown even when empty: every team for admins, the managed or led ones for others. */
export function teamsInScope(db: Db, scope: ProgressScope): TeamRow[] {
  const stmt = prepared(db, 'feedback.progress.teams', () =>
    statement(
      db,
      `SELECT * FROM teams
    WHERE organization_id = @orgId AND deleted_at IS NULL AND (@admin = 1 OR id IN (${MANAGED_TEAMS}) OR id IN (SELECT team_id FROM users WHERE organization_id = @orgId AND manager_id = @me))
      AND (@teamId = '' OR id = @teamId)
    ORDER BY name COLLATE NOCASE, id`,
    ),
  );
  return stmt.all(scopeParams(scope)) as TeamRow[];
}

/** Whether the viewer manages or leads a live team, or has a direct report (active or invited). */
export function managesAnyone(db: Db, orgId: string, me: string): boolean {
  const stmt = prepared(db, 'feedback.progress.managesAnyone', () =>
    statement(
      db,
      `SELECT EXISTS (${MANAGED_TEAMS.replace('SELECT id', 'SELECT 1')})
    OR EXISTS (SELECT 1 FROM users WHERE organization_id = @orgId AND manager_id = @me AND deleted_at IS NULL AND status <> 'DEACTIVATED') AS yes`,
    ),
  );
  return !!(stmt.get({ orgId, me }) as { yes: number }).yes;
}

export type PeriodCounts = {
  given: Map<string, number>;
  received: Map<string, { n: number; last: string | null }>;
  asks: Map<string, { asked: number; answered: number }>;
};

/**
 * Per person of `ids`: feedback given and received in [from, to) and the last feedback they ever
 * received (index seeks per person, in one statement); asks of them in the period that count (not
 * declined or cancelled) and answered ones. `everyone`: the ids are the whole organization's, so
 * the asks are counted in one pass without the list.
 */
export function periodCounts(db: Db, orgId: string, ids: readonly string[], from: string, to: string, everyone = false): PeriodCounts {
  const out: PeriodCounts = { given: new Map(), received: new Map(), asks: new Map() };
  if (!ids.length) return out;
  const params = { orgId, ids: JSON.stringify(ids), from, to };
  const feedbackCounts = prepared(db, 'feedback.progress.feedback', () =>
    statement(
      db,
      `SELECT j.value AS id,
      (SELECT count(*) FROM feedback f WHERE f.organization_id = @orgId AND f.giver_id = j.value AND f.created_at >= @from AND f.created_at < @to) AS given,
      (SELECT count(*) FROM feedback f WHERE f.organization_id = @orgId AND f.recipient_id = j.value AND f.created_at >= @from AND f.created_at < @to) AS received,
      (SELECT max(f.created_at) FROM feedback f WHERE f.organization_id = @orgId AND f.recipient_id = j.value) AS last
    FROM json_each(@ids) j`,
    ),
  );
  for (const r of feedbackCounts.all(params) as Array<{ id: string; given: number; received: number; last: string | null }>) {
    if (r.given) out.given.set(r.id, r.given);
    if (r.received || r.last) out.received.set(r.id, { n: r.received, last: r.last });
  }
  const who = everyone ? '' : 'AND responder_id IN (SELECT value FROM json_each(@ids))';
  const asks = prepared(db, `feedback.progress.asks.${everyone}`, () =>
    statement(
      db,
      `SELECT responder_id AS id, count(*) AS asked, sum(status = 'ANSWERED') AS answered
    FROM feedback_request_asks
    WHERE organization_id = @orgId ${who} AND status IN ('PENDING', 'ANSWERED') AND created_at >= @from AND created_at < @to GROUP BY responder_id`,
    ),
  );
  for (const r of asks.all(everyone ? { orgId, from, to } : params) as Array<{ id: string; asked: number; answered: number }>)
    out.asks.set(r.id, { asked: r.asked, answered: r.answered });
  return out;
}

export type NudgeCandidate = { user_id: string; organization_id: string; full_name: string; since: string; manager_id: string };

/**
 * Active people of every organization quiet since `cutoff` or earlier (their last received feedback,
 * or their start: their account's creation, when they never got any) who have a manager to tell
 * (direct manager, else their team's manager, else its lead; active, not themself) and whose
 * quiet stretch was not nudged yet.
 */
export function nudgeCandidates(db: Db, cutoff: string): NudgeCandidate[] {
  const live = (alias: string) =>
    `${alias}.organization_id = u.organization_id AND ${alias}.id <> u.id AND ${alias}.deleted_at IS NULL AND ${alias}.status = 'ACTIVE'`;
  const stmt = prepared(db, 'feedback.nudges.candidates', () =>
    statement(
      db,
      `
    SELECT q.user_id, q.organization_id, q.full_name, q.since, q.manager_id FROM (
      SELECT u.id AS user_id, u.organization_id, u.full_name, coalesce(dm.id, tm.id, tl.id) AS manager_id,
        coalesce((SELECT max(f.created_at) FROM feedback f WHERE f.organization_id = u.organization_id AND f.recipient_id = u.id), u.created_at) AS since
      FROM users u
      LEFT JOIN teams t ON t.id = u.team_id AND t.deleted_at IS NULL
      LEFT JOIN users dm ON dm.id = u.manager_id AND ${live('dm')}
      LEFT JOIN users tm ON tm.id = t.manager_id AND ${live('tm')}
      LEFT JOIN users tl ON tl.id = t.team_lead_id AND ${live('tl')}
      WHERE u.deleted_at IS NULL AND u.status = 'ACTIVE'
    ) q
    WHERE q.manager_id IS NOT NULL AND q.since <= @cutoff AND NOT EXISTS (SELECT 1 FROM feedback_nudges n WHERE n.user_id = q.user_id AND n.since = q.since)
    ORDER BY q.organization_id, q.user_id`,
    ),
  );
  return (stmt.all({ cutoff }) as Array<NudgeCandidate & { manager_id: string | null }>).filter((c): c is NudgeCandidate => !!c.manager_id);
}

/** Records the nudge of a quiet stretch; false when it was recorded already (another run, a restart). */
export function recordNudge(db: Db, c: NudgeCandidate, id: string, at: string): boolean {
  const stmt = prepared(db, 'feedback.nudges.insert', () =>
    statement(
      db,
      `INSERT INTO feedback_nudges (id, organization_id, user_id, manager_id, since, created_at)
    VALUES (@id, @orgId, @userId, @managerId, @since, @at) ON CONFLICT (user_id, since) DO NOTHING`,
    ),
  );
  return stmt.run({ id, orgId: c.organization_id, userId: c.user_id, managerId: c.manager_id, since: c.since, at }).changes === 1;
}
