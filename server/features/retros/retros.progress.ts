import type { MercuriusContext } from 'mercurius';
import { notFound } from '../../../shared/app-error.js';
import { completionStatus } from '../../../shared/completion.js';
import { RETRO_LIMITS } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import type { Viewer } from '../auth/viewer.js';
import type { TeamRow } from '../teams/teams.repo.js';
import type { RetroPart } from './retros.part.js';
import {
  activeTeamSizes,
  endedRetrosOfTeams,
  findVisibleTeam,
  healthOfTeam,
  themeTextsOfTeam,
  visibleTeams,
  type EndedRetroRow,
  type HealthAggregateRow,
} from './retros.progress.repo.js';
import { recurringThemes } from './retros.themes.js';

/**
 * Retros: team progress and recurring themes, from ended retros only (phase SUMMARY).
 * Who sees a team: its members, its manager and lead, admins (the teams whose retros they take
 * part in, retros.access.ts); any other team, of this or another organization, is NOT_FOUND.
 * - Participation: per retro, who took part out of the team's active people (at most 100 %),
 *   averaged over the retros held.
 * - Action items: those decided in the team's ended retros; dropped ones count neither as done
 *   nor as to do (like declined reviews). Bands from the one shared completionStatus.
 * - Health trend: per statement, its average per retro, shown only from 3 answers on (null below,
 *   never 0).
 * The list costs 3 statements and the detail 5, whatever the number of retros.
 */

type Ctx = MercuriusContext;
export type RetroBand = { percent: number; band: string };

function visibleTeam(db: Db, viewer: Viewer, teamId: string): TeamRow {
  const team = findVisibleTeam(db, viewer, teamId);
  if (!team) throw notFound('Team');
  return team;
}

/** Completion, banded by shared/completion.ts; null when nothing was decided. */
export function bandOf(done: number, total: number): RetroBand | null {
  const status = completionStatus(done, total);
  return status.percent === null ? null : { percent: status.percent, band: status.band };
}

/** Share of the team that took part in one retro (0-1), or null when the team has nobody. */
const shareOf = (participants: number, teamSize: number) => (teamSize > 0 ? Math.min(1, participants / teamSize) : null);

/** Each retro's share against the team as it was when the retro ended (docs/decisions/0059); `teamSize` (now) only without a record. */
function summaryOf(team: TeamRow, rows: readonly EndedRetroRow[], teamSize: number) {
  const shares = rows.map((r) => shareOf(r.participants, r.team_size ?? teamSize)).filter((s): s is number => s !== null);
  const total = rows.reduce((n, r) => n + r.action_items_total, 0);
  const done = rows.reduce((n, r) => n + r.action_items_done, 0);
  return {
    team,
    retros_held: rows.length,
    last_retro_at: rows.at(-1)?.ended_at ?? null,
    participation_percent: shares.length ? Math.round((shares.reduce((s, x) => s + x, 0) / shares.length) * 100) : null,
    action_items_total: total,
    action_items_done: done,
    completion: bandOf(done, total),
  };
}

function groupByTeam(rows: readonly EndedRetroRow[]): Map<string, EndedRetroRow[]> {
  const out = new Map<string, EndedRetroRow[]>();
  for (const row of rows) {
    const list = out.get(row.team_id);
    if (list) list.push(row);
    else out.set(row.team_id, [row]);
  }
  return out;
}

const statementsOf = (row: EndedRetroRow): string[] => {
  if (!row.health_statements) return [];
  const parsed: unknown = JSON.parse(row.health_statements);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
};

/** Per statement (by its text, in the order first asked), one point per ended retro that asked it, oldest first. */
export function healthTrend(rows: readonly EndedRetroRow[], aggregates: readonly HealthAggregateRow[]) {
  const byKey = new Map(aggregates.map((a) => [`${a.retro_id}\u0000${a.statement_index}`, a]));
  const trends = new Map<string, Array<{ retro_id: string; held_at: string; answers: number; average: number | null }>>();
  for (const row of rows) {
    statementsOf(row).forEach((statement, index) => {
      const agg = byKey.get(`${row.id}\u0000${index}`);
      const answers = agg?.answers ?? 0;
      const average = agg && answers >= RETRO_LIMITS.healthMinAnswers ? Math.round((agg.sum / answers) * 100) / 100 : null;
      let points = trends.get(statement);
      if (!points) trends.set(statement, (points = []));
      points.push({ retro_id: row.id, held_at: row.ended_at, answers, average });
    });
  }
  return [...trends].map(([statement, points]) => ({ statement, points }));
}

export const retroProgressResolvers = {
  Query: {
    retroTeamProgress: (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { db } = ctx.services;
      const teams = visibleTeams(db, viewer);
      const ids = teams.map((t) => t.id);
      const byTeam = groupByTeam(endedRetrosOfTeams(db, viewer.organizationId, ids));
      const sizes = activeTeamSizes(db, viewer.organizationId, ids);
      return teams.map((team) => summaryOf(team, byTeam.get(team.id) ?? [], sizes.get(team.id) ?? 0));
    },
    retroTeamProgressDetail: (_: unknown, args: { team_id: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { db } = ctx.services;
      const team = visibleTeam(db, viewer, args.team_id);
      const rows = endedRetrosOfTeams(db, viewer.organizationId, [team.id]);
      const teamSize = activeTeamSizes(db, viewer.organizationId, [team.id]).get(team.id) ?? 0;
      return {
        summary: summaryOf(team, rows, teamSize),
        sprints: rows.map((r) => ({
          retro_id: r.id,
          title: r.title,
          sprint_name: r.sprint_name,
          held_at: r.ended_at,
          participants: r.participants,
          team_size: r.team_size ?? teamSize,
          action_items_total: r.action_items_total,
          action_items_done: r.action_items_done,
          completion: bandOf(r.action_items_done, r.action_items_total),
        })),
        health_trend: rows.some((r) => r.health_statements) ? healthTrend(rows, healthOfTeam(db, viewer.organizationId, team.id)) : [],
        themes: rows.length ? recurringThemes(themeTextsOfTeam(db, viewer.organizationId, team.id)) : [],
      };
    },
  },
};

export const retroProgressPart: RetroPart = { resolvers: retroProgressResolvers };
