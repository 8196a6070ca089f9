import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { requireViewer } from '../../graphql/context.js';
import { findUsersByIds, listUsersByTeamIds } from '../users/users.repo.js';
import { countMembersByTeamIds, listTeams, type TeamRow } from './teams.repo.js';

type Q = Array<{ obj: TeamRow; params: unknown }>;
const orgOf = (ctx: MercuriusContext) => ctx.viewer?.organizationId ?? '';

function leaderLoader(field: 'manager_id' | 'team_lead_id') {
  return async (queries: Q, ctx: MercuriusContext) => {
    const ids = queries.map((q) => q.obj[field]).filter((id): id is string => !!id);
    const byId = new Map(findUsersByIds(ctx.services.db, orgOf(ctx), ids).map((u) => [u.id, u]));
    return queries.map((q) => (q.obj[field] ? byId.get(q.obj[field]) ?? null : null));
  };
}

export async function teamsFeature(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(/* GraphQL */ `extend type Query { teams: [Team!]! }`);
  app.graphql.defineResolvers({
    Query: { teams: (_: unknown, __: unknown, ctx: MercuriusContext) => listTeams(ctx.services.db, requireViewer(ctx).organizationId) },
  } as never);
  app.graphql.defineLoaders({
    Team: {
      users: async (queries: Q, ctx: MercuriusContext) => {
        const members = listUsersByTeamIds(ctx.services.db, orgOf(ctx), queries.map((q) => q.obj.id));
        return queries.map((q) => members.filter((u) => u.team_id === q.obj.id));
      },
      manager: leaderLoader('manager_id'),
      team_lead: leaderLoader('team_lead_id'),
      aggregations: async (queries: Q, ctx: MercuriusContext) => {
        const counts = countMembersByTeamIds(ctx.services.db, orgOf(ctx), queries.map((q) => q.obj.id));
        return queries.map((q) => ({ count_users: counts.get(q.obj.id) ?? 0 }));
      },
    },
  } as never);
}
