import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { notFound } from '../../../shared/app-error.js';
import { OPEN_GOAL_STATUSES } from '../../../shared/goals.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { FeaturePart } from '../feature-part.js';
import { findTeamById } from '../teams/teams.repo.js';
import { goalBand } from './goals.crud.js';
import { findReadableGoal } from './goals.crud.repo.js';
import {
  listAlignableGoals,
  listGoalTree,
  listMemberGoalsUnder,
  listTeamOwnGoals,
  listUnalignedMemberGoals,
  listViewerGoalTeams,
  type TreeNodeRow,
} from './goals.tree.repo.js';

type Ctx = MercuriusContext;

/** Goals part "tree" (docs/decisions/0049): the alignment tree, team goals, the teams one follows, goals to align under. */

export const GOAL_TREE_DEPTH_DEFAULT = 2;
export const GOAL_TREE_DEPTH_MAX = 3;
export const ALIGNABLE_GOALS_MAX = 20;

const treeArgs = z.object({
  root_id: z.string().min(1).nullish(),
  depth: z.number().int().min(1, 'The depth is 1 to 3 levels.').max(GOAL_TREE_DEPTH_MAX, 'The depth is 1 to 3 levels.').nullish(),
});
const alignableArgs = z.object({
  search: z.string().max(200, 'Search: at most 200 characters.').nullish(),
  exclude_id: z.string().min(1).nullish(),
});

export const goalsTreePart: FeaturePart = {
  resolvers: {
    Query: {
      goalTree: (_: unknown, args: { root_id?: string | null; depth?: number | null }, ctx: Ctx): TreeNodeRow[] => {
        const viewer = requireViewer(ctx);
        const a = parseInput(treeArgs, args);
        if (a.root_id && !findReadableGoal(ctx.services.db, viewer, a.root_id)) throw notFound('Goal');
        return listGoalTree(ctx.services.db, viewer, a.root_id ?? null, a.depth ?? GOAL_TREE_DEPTH_DEFAULT);
      },
      alignableGoals: (_: unknown, args: { search?: string | null; exclude_id?: string | null }, ctx: Ctx): TreeNodeRow[] => {
        const viewer = requireViewer(ctx);
        const a = parseInput(alignableArgs, args);
        return listAlignableGoals(ctx.services.db, viewer, (a.search ?? '').trim(), a.exclude_id ?? null, ALIGNABLE_GOALS_MAX);
      },
      myGoalTeams: (_: unknown, __: unknown, ctx: Ctx) => listViewerGoalTeams(ctx.services.db, requireViewer(ctx)),
      /**
       * A team's goals; its members' goals aligned DIRECTLY under them (a member goal aligned under
       * another member goal shows on that goal's page, not here); members' open objectives aligned to
       * nothing; the mean progress of the team's open goals.
       */
      teamGoals: (_: unknown, args: { team_id: string }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const { db } = ctx.services;
        const team = findTeamById(db, viewer.organizationId, args.team_id);
        if (!team) throw notFound('Team');
        const own = listTeamOwnGoals(db, viewer, team.id);
        const open = own.filter((g) => OPEN_GOAL_STATUSES.includes(g.status));
        return {
          team,
          goals: own,
          member_goals: listMemberGoalsUnder(
            db,
            viewer,
            team.id,
            own.map((g) => g.id),
          ),
          unaligned_member_goals: listUnalignedMemberGoals(db, viewer, team.id),
          progress: open.length ? goalBand(open.reduce((sum, g) => sum + g.progress, 0) / open.length) : null,
        };
      },
    },
    GoalTreeNode: {
      band: (n: TreeNodeRow) => goalBand(n.progress),
    },
  },
};
