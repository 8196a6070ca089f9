import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { requireViewer } from '../../graphql/context.js';
import { groupBy } from '../../graphql/loaders.js';
import { loadUser } from '../users/users.loaders.js';
import { countMembersByTeamIds, listUsersByTeamIds, type UserRow } from '../users/users.repo.js';
import { listTeams, type TeamRow } from './teams.repo.js';
import { teamMutations } from './teams.mutations.js';
import { teamsSchema } from './teams.schema.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { teamsRules } from './teams.rules.js';

const orgOf = (ctx: MercuriusContext) => ctx.viewer?.organizationId ?? '';

export async function teamsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, teamsRules);
  app.graphql.extendSchema(teamsSchema);
  app.graphql.defineResolvers({
    Query: { teams: (_: unknown, __: unknown, ctx: MercuriusContext) => listTeams(ctx.services.db, requireViewer(ctx).organizationId) },
    Mutation: teamMutations,
    Team: {
      users: (t: TeamRow, _: unknown, ctx: MercuriusContext) =>
        ctx.loaders.get('teams.members', (ids) => groupBy(listUsersByTeamIds(ctx.services.db, orgOf(ctx), ids), (u) => u.team_id), [] as UserRow[]).load(t.id),
      manager: (t: TeamRow, _: unknown, ctx: MercuriusContext) => loadUser(ctx, t.manager_id),
      team_lead: (t: TeamRow, _: unknown, ctx: MercuriusContext) => loadUser(ctx, t.team_lead_id),
      aggregations: async (t: TeamRow, _: unknown, ctx: MercuriusContext) => ({
        count_users: await ctx.loaders.get('teams.memberCount', (ids) => countMembersByTeamIds(ctx.services.db, orgOf(ctx), ids), 0).load(t.id),
      }),
    },
  } as never);
}
