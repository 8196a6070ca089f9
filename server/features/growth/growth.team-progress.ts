import type { MercuriusContext } from 'mercurius';
import { forbidden } from '../../../shared/app-error.js';
import { dayOf } from '../../../shared/dates.js';
import { developmentPlanProgress } from '../../../shared/growth.js';
import { requireViewer } from '../../graphql/context.js';
import { jsonList } from '../../db/prepared.js';
import type { FeaturePart } from '../feature-part.js';
import type { TeamRow } from '../teams/teams.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { planBand, type GoalBand } from './growth.plans.js';
import type { PlacementRow } from './growth.plans.repo.js';
import { actionsOfPeople, growthGoalsOfPeople, lastAssessed, liveTeamsByIds, peopleInScope, placementsOf } from './growth.team-progress.repo.js';

/**
 * Development team progress (docs/decisions/0050): for managers the people below them (direct
 * reports, members of the teams they manage or lead, and everyone below those), for admins everyone,
 * grouped by team (people in no team last, under a null team); anyone else FORBIDDEN. Per person:
 * placement, the last submitted self and manager assessment, the plan's progress (every growth goal
 * and action, shared/growth.ts), growth goals, open actions and open actions past their due date.
 */

type Ctx = MercuriusContext;

type PersonProgress = {
  user: UserRow;
  placement: PlacementRow | null;
  self_assessed_at: string | null;
  manager_assessed_at: string | null;
  plan_progress: GoalBand | null;
  growth_goals: number;
  actions_open: number;
  actions_overdue: number;
};
type TeamProgress = { team: TeamRow | null; people: PersonProgress[] };

export function developmentTeamProgress(ctx: Ctx): TeamProgress[] {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const admin = viewer.permissionLevel === 'ADMIN';
  const people = peopleInScope(db, viewer);
  if (!admin && !people.length && viewer.permissionLevel !== 'MANAGER') throw forbidden('Only managers, team leads and admins can see team progress.');
  if (!people.length) return [];
  const orgId = viewer.organizationId;
  const ids = jsonList(people.map((p) => p.id));
  const today = dayOf(ctx.services.scheduler.now());

  const teams = liveTeamsByIds(db, orgId, jsonList(people.map((p) => p.team_id).filter((t): t is string => !!t)));
  const placements = new Map(placementsOf(db, orgId, ids).map((p) => [p.user_id, p]));
  const assessed = new Map(lastAssessed(db, orgId, ids).map((a) => [a.id, a]));
  const goalsBy = new Map<string, Array<{ status: string; progress: number }>>();
  for (const g of growthGoalsOfPeople(db, orgId, ids)) {
    const list = goalsBy.get(g.owner_user_id);
    if (list) list.push(g);
    else goalsBy.set(g.owner_user_id, [g]);
  }
  const actionsBy = new Map<string, Array<{ due_date: string | null; done_at: string | null }>>();
  for (const a of actionsOfPeople(db, orgId, ids)) {
    const list = actionsBy.get(a.user_id);
    if (list) list.push(a);
    else actionsBy.set(a.user_id, [a]);
  }

  const groups = new Map<string | null, TeamProgress>();
  for (const team of teams) groups.set(team.id, { team, people: [] });
  const noTeam: TeamProgress = { team: null, people: [] };
  for (const user of people) {
    const goals = goalsBy.get(user.id) ?? [];
    const actions = actionsBy.get(user.id) ?? [];
    const open = actions.filter((a) => !a.done_at);
    const seen = assessed.get(user.id);
    const person: PersonProgress = {
      user,
      placement: placements.get(user.id) ?? null,
      self_assessed_at: seen?.self ?? null,
      manager_assessed_at: seen?.manager ?? null,
      plan_progress: planBand(
        developmentPlanProgress(
          goals,
          actions.map((a) => ({ done: !!a.done_at })),
        ),
      ),
      growth_goals: goals.length,
      actions_open: open.length,
      actions_overdue: open.filter((a) => a.due_date !== null && a.due_date < today).length,
    };
    ((user.team_id && groups.get(user.team_id)) || noTeam).people.push(person);
  }
  const out = [...groups.values()].filter((g) => g.people.length);
  if (noTeam.people.length) out.push(noTeam);
  return out;
}

export const growthTeamProgressPart: FeaturePart = {
  resolvers: {
    Query: {
      developmentTeamProgress: (_: unknown, __: unknown, ctx: Ctx) => developmentTeamProgress(ctx),
    },
  },
};
