import type { Db } from '../../db/connection.js';
import { jsonList, prepared } from '../../db/prepared.js';
import type { Viewer } from '../auth/viewer.js';
import type { TeamRow } from '../teams/teams.repo.js';
import type { ThemeText } from './retros.themes.js';
import { statement } from '../../db/sqlite.js';

/**
 * The SQL of team progress (retros.progress.ts): each function is one statement whatever the
 * number of retros, aggregated in SQLite. Only ended retros count (phase SUMMARY, ended_at set).
 */

export type EndedRetroRow = {
  id: string;
  team_id: string;
  title: string;
  ended_at: string;
  sprint_name: string | null;
  /** JSON text of the retro's copy of the health statements (null: no health check). */
  health_statements: string | null;
  /** Who took part, as recorded at the end (docs/decisions/0059). */
  participants: number;
  /** The team's size recorded at the end; null only for a retro ended without a record (then: the team now). */
  team_size: number | null;
  /** Action items decided in the retro, dropped ones left out. */
  action_items_total: number;
  action_items_done: number;
};

const ENDED = `r.phase = 'SUMMARY' AND r.ended_at IS NOT NULL`;

/** Every ended retro of these teams, oldest first, with its participation as recorded at the end and its action items counted. */
export function endedRetrosOfTeams(db: Db, orgId: string, teamIds: readonly string[]): EndedRetroRow[] {
  if (!teamIds.length) return [];
  return prepared(db, 'retros.progress.endedRetros', () =>
    statement(
      db,
      `
    SELECT r.id, r.team_id, r.title, r.ended_at, s.name AS sprint_name, r.health_statements,
      coalesce(r.participants_at_end, (SELECT count(*) FROM retro_participants p WHERE p.retro_id = r.id)) AS participants, r.team_size_at_end AS team_size,
      coalesce(a.total, 0) AS action_items_total, coalesce(a.done, 0) AS action_items_done
    FROM retros r
    LEFT JOIN review_sprints s ON s.id = r.sprint_id
    LEFT JOIN (
      SELECT retro_id, count(*) AS total, sum(status = 'DONE') AS done FROM retro_action_items
      WHERE organization_id = @orgId AND team_id IN (SELECT value FROM json_each(@teams)) AND status != 'DROPPED'
      GROUP BY retro_id
    ) a ON a.retro_id = r.id
    WHERE r.organization_id = @orgId AND r.team_id IN (SELECT value FROM json_each(@teams)) AND ${ENDED}
    ORDER BY r.ended_at, r.id`,
    ),
  ).all({ orgId, teams: jsonList(teamIds) }) as EndedRetroRow[];
}

export type HealthAggregateRow = { retro_id: string; statement_index: number; answers: number; sum: number };

/** Health answers of the team's ended retros, counted and summed per retro and statement. */
export function healthOfTeam(db: Db, orgId: string, teamId: string): HealthAggregateRow[] {
  return prepared(db, 'retros.progress.health', () =>
    statement(
      db,
      `
    SELECT h.retro_id, h.statement_index, count(*) AS answers, sum(h.score) AS sum
    FROM retros r JOIN retro_health_answers h ON h.retro_id = r.id
    WHERE r.organization_id = @orgId AND r.team_id = @teamId AND ${ENDED}
    GROUP BY h.retro_id, h.statement_index`,
    ),
  ).all({ orgId, teamId }) as HealthAggregateRow[];
}

/** Group titles and reflection texts of the team's ended retros (the material of recurring themes). */
export function themeTextsOfTeam(db: Db, orgId: string, teamId: string): ThemeText[] {
  return prepared(db, 'retros.progress.themeTexts', () =>
    statement(
      db,
      `
    SELECT g.retro_id, g.title AS text FROM retros r JOIN retro_groups g ON g.retro_id = r.id
    WHERE r.organization_id = @orgId AND r.team_id = @teamId AND ${ENDED}
    UNION ALL
    SELECT f.retro_id, f.text FROM retros r JOIN retro_reflections f ON f.retro_id = r.id
    WHERE r.organization_id = @orgId AND r.team_id = @teamId AND ${ENDED}`,
    ),
  ).all({ orgId, teamId }) as ThemeText[];
}

/** Active people per team (the size participation is measured against), one statement. */
export function activeTeamSizes(db: Db, orgId: string, teamIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (!teamIds.length) return out;
  const rows = prepared(db, 'retros.progress.teamSizes', () =>
    statement(
      db,
      `
    SELECT team_id, count(*) AS n FROM users
    WHERE organization_id = @orgId AND team_id IN (SELECT value FROM json_each(@teams)) AND deleted_at IS NULL AND status != 'DEACTIVATED'
    GROUP BY team_id`,
    ),
  ).all({ orgId, teams: jsonList(teamIds) }) as Array<{ team_id: string; n: number }>;
  for (const row of rows) out.set(row.team_id, row.n);
  return out;
}

/** One statement: the teams the viewer may see (admins: all), by name; or just `teamId` if they may see it. */
const TEAM_SCOPE = `organization_id = @orgId AND deleted_at IS NULL
  AND (@admin = 1 OR id = (SELECT team_id FROM users WHERE id = @me) OR manager_id = @me OR team_lead_id = @me)`;

const scopeParams = (viewer: Viewer) => ({ orgId: viewer.organizationId, me: viewer.userId, admin: viewer.permissionLevel === 'ADMIN' ? 1 : 0 });

/** The teams whose progress the viewer may see (their team, the teams they manage or lead; admins: all), by name. */
export function visibleTeams(db: Db, viewer: Viewer): TeamRow[] {
  return prepared(db, 'retros.progress.visibleTeams', () => statement(db, `SELECT * FROM teams WHERE ${TEAM_SCOPE} ORDER BY name COLLATE NOCASE, id`)).all(
    scopeParams(viewer),
  ) as TeamRow[];
}

/** The team if the viewer may see its progress. */
export function findVisibleTeam(db: Db, viewer: Viewer, teamId: string): TeamRow | undefined {
  return prepared(db, 'retros.progress.visibleTeam', () => statement(db, `SELECT * FROM teams WHERE id = @teamId AND ${TEAM_SCOPE}`)).get({
    ...scopeParams(viewer),
    teamId,
  }) as TeamRow | undefined;
}
