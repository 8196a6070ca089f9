import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { sprintSchema, type SprintData } from '../../../shared/sprints.schemas.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { requireManagerOrAdmin, teamsLedBy } from '../automation/automation.access.js';
import { findTeamsByIds } from '../teams/teams.repo.js';
import { deleteSprint, findSprint, insertSprint, listSprints, updateSprint, type SprintRow } from './sprints.repo.js';

type Ctx = MercuriusContext;

/**
 * Who plans sprints (docs/decisions/0021): admins any team of the organization; managers the teams
 * they manage or lead; members nobody's (FORBIDDEN, in the words of the review automation screen
 * where sprints are planned). Another organization's sprints and teams: NOT_FOUND, "Choose a team.".
 */
const requirePlanner = (ctx: Ctx): Viewer => requireManagerOrAdmin(ctx, 'Only managers and admins can automate reviews.');

function checkTeam(ctx: Ctx, viewer: Viewer, teamId: string): void {
  if (!findTeamsByIds(ctx.services.db, viewer.organizationId, [teamId]).length)
    throw badInput('team_id: Choose a team.', { fields: { team_id: 'Choose a team.' } });
  if (viewer.permissionLevel !== 'ADMIN' && !teamsLedBy(ctx, viewer).has(teamId))
    throw forbidden('Managers plan sprints only for the teams they manage or lead.');
}

function requireSprint(ctx: Ctx, id: string): { viewer: Viewer; sprint: SprintRow } {
  const viewer = requirePlanner(ctx);
  const sprint = findSprint(ctx.services.db, viewer.organizationId, id);
  if (!sprint) throw notFound('Sprint');
  checkTeam(ctx, viewer, sprint.team_id);
  return { viewer, sprint };
}

const parse = (input: unknown): SprintData => parseInput(sprintSchema, input);

export const sprintResolvers = {
  Query: {
    reviewSprints: (_: unknown, args: { teamId?: string | null }, ctx: Ctx) => {
      const viewer = requirePlanner(ctx);
      let teamIds: string[] | null = args.teamId ? [args.teamId] : null;
      if (viewer.permissionLevel !== 'ADMIN') {
        const led = teamsLedBy(ctx, viewer);
        teamIds = (teamIds ?? [...led]).filter((t) => led.has(t));
      }
      return listSprints(ctx.services.db, viewer.organizationId, teamIds);
    },
  },
  Mutation: {
    createReviewSprint: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
      const viewer = requirePlanner(ctx);
      const data = parse(args.input);
      checkTeam(ctx, viewer, data.team_id);
      return findSprint(ctx.services.db, viewer.organizationId, insertSprint(ctx.services.db, viewer.organizationId, data, viewer.userId));
    },
    updateReviewSprint: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
      const { viewer, sprint } = requireSprint(ctx, args.id);
      const data = parse(args.input);
      checkTeam(ctx, viewer, data.team_id);
      updateSprint(ctx.services.db, viewer.organizationId, sprint.id, data);
      return findSprint(ctx.services.db, viewer.organizationId, sprint.id);
    },
    deleteReviewSprint: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const { viewer, sprint } = requireSprint(ctx, args.id);
      deleteSprint(ctx.services.db, viewer.organizationId, sprint.id);
      return true;
    },
  },
  ReviewSprint: {
    team: (s: SprintRow, _: unknown, ctx: Ctx) => findTeamsByIds(ctx.services.db, s.organization_id, [s.team_id])[0] ?? null,
  },
};
