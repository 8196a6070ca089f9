import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { notFound } from '../../../shared/app-error.js';
import { requireViewer } from '../../graphql/context.js';
import { findMediaByIds } from '../media/media.repo.js';
import { presentMedia } from '../users/users.loaders.js';
import {
  findBusinessUnitsByIds, findDepartmentsByIds, findOrganization, listBusinessUnits, listDepartments, listGithubIntegrations, listSubdepartments,
  type OrganizationRow,
} from './org.repo.js';

type Q<T> = Array<{ obj: T; params: unknown }>;
const orgOf = (ctx: MercuriusContext) => ctx.viewer?.organizationId ?? '';

const schema = /* GraphQL */ `
  type GithubIntegration {
    id: ID!
    github_organization_name: String!
    github_organization_id: String!
    github_integration: String!
    created_at: DateTime!
  }
  type Organization {
    id: ID!
    name: String!
    profile_picture: Media
    github_integrations: [GithubIntegration!]!
    slack_integration: Boolean!
    jira_integration: Boolean!
    onboarding_phase: String!
    is_onboarding_phase_skipped: Boolean!
  }
  extend type Query {
    organization: Organization!
    businessUnits: [BusinessUnit!]!
    departments: [Department!]!
    subdepartments: [Subdepartment!]!
  }
`;

export async function orgFeature(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      organization: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const org = findOrganization(ctx.services.db, requireViewer(ctx).organizationId);
        if (!org) throw notFound('Organization');
        return org;
      },
      businessUnits: (_: unknown, __: unknown, ctx: MercuriusContext) => listBusinessUnits(ctx.services.db, requireViewer(ctx).organizationId),
      departments: (_: unknown, __: unknown, ctx: MercuriusContext) => listDepartments(ctx.services.db, requireViewer(ctx).organizationId),
      subdepartments: (_: unknown, __: unknown, ctx: MercuriusContext) => listSubdepartments(ctx.services.db, requireViewer(ctx).organizationId),
    },
    Organization: {
      github_integrations: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) => listGithubIntegrations(ctx.services.db, org.id),
      profile_picture: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) => {
        const row = org.profile_picture_id ? findMediaByIds(ctx.services.db, org.id, [org.profile_picture_id])[0] : undefined;
        return row ? presentMedia(row) : null;
      },
    },
  } as never);
  app.graphql.defineLoaders({
    Subdepartment: {
      department: async (queries: Q<{ department_id: string }>, ctx: MercuriusContext) => {
        const byId = new Map(findDepartmentsByIds(ctx.services.db, orgOf(ctx), queries.map((q) => q.obj.department_id)).map((d) => [d.id, d]));
        return queries.map((q) => byId.get(q.obj.department_id) ?? null);
      },
    },
    Department: {
      business_unit: async (queries: Q<{ business_unit_id: string }>, ctx: MercuriusContext) => {
        const byId = new Map(findBusinessUnitsByIds(ctx.services.db, orgOf(ctx), queries.map((q) => q.obj.business_unit_id)).map((b) => [b.id, b]));
        return queries.map((q) => byId.get(q.obj.business_unit_id) ?? null);
      },
    },
  } as never);
}
