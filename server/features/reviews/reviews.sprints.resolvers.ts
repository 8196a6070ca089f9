import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { reviewSprintSchema, type ReviewSprintData } from '../../../shared/review-automation.schemas.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { findTeamsByIds } from '../teams/teams.repo.js';
import { ledTeamIds, requireAutomationViewer } from './reviews.automation.access.js';
import { deleteSprint, findSprint, insertSprint, listSprints, updateSprint, type ReviewSprintRow } from './reviews.sprints.repo.js';

type Ctx = MercuriusContext;

/** Admins: any team of the organization; managers: the teams they manage or lead. */
function checkTeam(ctx: Ctx, viewer: Viewer, teamId: string): void {
  if (!findTeamsByIds(ctx.services.db, viewer.organizationId, [teamId]).length) throw badInput('team_id: Choose a team.', { fields: { team_id: 'Choose a team.' } });
  if (viewer.permissionLevel !== 'ADMIN' && !ledTeamIds(ctx, viewer).has(teamId)) throw forbidden('Managers plan sprints only for the teams they manage or lead.');
}

function requireSprint(ctx: Ctx, id: string): { viewer: Viewer; sprint: ReviewSprintRow } {
  const viewer = requireAutomationViewer(ctx);
  const sprint = findSprint(ctx.services.db, viewer.organizationId, id);
  if (!sprint) throw notFound('Sprint');
  checkTeam(ctx, viewer, sprint.team_id);
  return { viewer, sprint };
}

const parse = (input: unknown): ReviewSprintData => parseInput(reviewSprintSchema, input);

export const reviewSprintResolvers = {
  Query: {
    reviewSprints: (_: unknown, args: { teamId?: string | null }, ctx: Ctx) => {
      const viewer = requireAutomationViewer(ctx);
      let teamIds: string[] | null = args.teamId ? [args.teamId] : null;
      if (viewer.permissionLevel !== 'ADMIN') {
        const led = ledTeamIds(ctx, viewer);
        teamIds = (teamIds ?? [...led]).filter((t) => led.has(t));
      }
      return listSprints(ctx.services.db, viewer.organizationId, teamIds);
    },
  },
  Mutation: {
    createReviewSprint: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
      const viewer = requireAutomationViewer(ctx);
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
    team: (s: ReviewSprintRow, _: unknown, ctx: Ctx) => findTeamsByIds(ctx.services.db, s.organization_id, [s.team_id])[0] ?? null,
  },
};
