import { eq } from 'drizzle-orm';
import { GOAL_SETTINGS_DEFAULTS, type GoalSettings } from '../../../shared/goals.js';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../lib/tokens.js';
import { goalSettings } from './goals.tables.js';
import { statement } from '../../db/sqlite.js';

/** The organization's goal settings (a missing row: GOAL_SETTINGS_DEFAULTS). */
export function readGoalSettings(db: Db, orgId: string): GoalSettings {
  const row = db
    .select({
      check_in_cadence: goalSettings.check_in_cadence,
      check_in_weekday: goalSettings.check_in_weekday,
      due_reminder_days: goalSettings.due_reminder_days,
    })
    .from(goalSettings)
    .where(eq(goalSettings.organization_id, orgId))
    .get();
  return row ?? { ...GOAL_SETTINGS_DEFAULTS };
}

export function writeGoalSettings(db: Db, orgId: string, s: GoalSettings): GoalSettings {
  const at = nowIso();
  db.insert(goalSettings)
    .values({ organization_id: orgId, ...s, updated_at: at })
    .onConflictDoUpdate({ target: goalSettings.organization_id, set: { ...s, updated_at: at } })
    .run();
  return readGoalSettings(db, orgId);
}

/** Organizations with at least one open goal, with their settings (defaults where no row). */
export function organizationsWithOpenGoals(db: Db): Array<{ organization_id: string } & GoalSettings> {
  const rows = statement(
    db,
    `SELECT o.organization_id, s.check_in_cadence, s.check_in_weekday, s.due_reminder_days
    FROM (SELECT DISTINCT organization_id FROM goals WHERE status IN ('ON_TRACK','AT_RISK','OFF_TRACK')) o
    LEFT JOIN goal_settings s ON s.organization_id = o.organization_id`,
  ).all() as Array<{ organization_id: string; check_in_cadence: string | null; check_in_weekday: number | null; due_reminder_days: number | null }>;
  return rows.map((r) => ({
    organization_id: r.organization_id,
    check_in_cadence: (r.check_in_cadence ?? GOAL_SETTINGS_DEFAULTS.check_in_cadence) as GoalSettings['check_in_cadence'],
    check_in_weekday: r.check_in_weekday ?? GOAL_SETTINGS_DEFAULTS.check_in_weekday,
    due_reminder_days: r.due_reminder_days ?? GOAL_SETTINGS_DEFAULTS.due_reminder_days,
  }));
}

const ACTIVE_USER = `u.deleted_at IS NULL AND u.status = 'ACTIVE'`;
const OPEN = `g.status IN ('ON_TRACK','AT_RISK','OFF_TRACK')`;

/**
 * People to remind to check in: owners of open PERSON goals, and the manager and lead of teams with
 * open TEAM goals, where such a goal has had no check-in since `sinceIso`. One row per person with
 * the number of such goals.
 */
export function checkInReminderCandidates(db: Db, orgId: string, sinceIso: string): Array<{ user_id: string; goals: number }> {
  return statement(
    db,
    `SELECT who AS user_id, count(DISTINCT goal_id) AS goals FROM (
      SELECT g.owner_user_id AS who, g.id AS goal_id FROM goals g WHERE g.organization_id = @org AND g.owner_kind = 'PERSON' AND ${OPEN}
        AND (g.last_check_in_at IS NULL OR g.last_check_in_at < @since)
      UNION ALL
      SELECT t.manager_id, g.id FROM goals g JOIN teams t ON t.id = g.owner_team_id AND t.deleted_at IS NULL
        WHERE g.organization_id = @org AND g.owner_kind = 'TEAM' AND ${OPEN} AND (g.last_check_in_at IS NULL OR g.last_check_in_at < @since)
      UNION ALL
      SELECT t.team_lead_id, g.id FROM goals g JOIN teams t ON t.id = g.owner_team_id AND t.deleted_at IS NULL
        WHERE g.organization_id = @org AND g.owner_kind = 'TEAM' AND ${OPEN} AND (g.last_check_in_at IS NULL OR g.last_check_in_at < @since)
    ) c JOIN users u ON u.id = c.who AND u.organization_id = @org AND ${ACTIVE_USER}
    GROUP BY who ORDER BY who`,
  ).all({ org: orgId, since: sinceIso }) as Array<{ user_id: string; goals: number }>;
}

/** Open PERSON and TEAM goals due from `fromDay` to `toDay` (inclusive). */
export function dueSoonGoals(db: Db, orgId: string, fromDay: string, toDay: string): Array<{ id: string; title: string; due_date: string }> {
  return statement(
    db,
    `SELECT g.id, g.title, g.due_date FROM goals g WHERE g.organization_id = ? AND g.owner_kind IN ('PERSON','TEAM') AND ${OPEN}
    AND g.due_date >= ? AND g.due_date <= ? ORDER BY g.due_date, g.id`,
  ).all(orgId, fromDay, toDay) as Array<{ id: string; title: string; due_date: string }>;
}

/** An open goal's current due date and the people it reminds (PERSON owner, or team manager and lead), or null. */
export function dueReminderTarget(db: Db, goalId: string): { title: string; due_date: string | null; userIds: string[] } | null {
  const g = statement(
    db,
    `SELECT g.title, g.due_date, g.owner_user_id, t.manager_id, t.team_lead_id FROM goals g LEFT JOIN teams t ON t.id = g.owner_team_id AND t.deleted_at IS NULL
    WHERE g.id = ? AND ${OPEN}`,
  ).get(goalId) as { title: string; due_date: string | null; owner_user_id: string | null; manager_id: string | null; team_lead_id: string | null } | undefined;
  if (!g) return null;
  const ids = [g.owner_user_id, g.manager_id, g.team_lead_id].filter((x): x is string => !!x);
  return { title: g.title, due_date: g.due_date, userIds: [...new Set(ids)] };
}
