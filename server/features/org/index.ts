import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { notFound } from '../../../shared/app-error.js';
import { requireViewer } from '../../graphql/context.js';
import { indexBy } from '../../graphql/loaders.js';
import { loadMedia } from '../users/users.loaders.js';
import {
  findBusinessUnitsByIds, findDepartmentsByIds, findOrganization, listBusinessUnits, listDepartments, listGithubIntegrations, listSubdepartments,
  type OrganizationRow,
} from './org.repo.js';

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
    Subdepartment: {
      department: (sub: { department_id: string }, _: unknown, ctx: MercuriusContext) =>
        ctx.loaders.get('departments.byId', (ids) => indexBy(findDepartmentsByIds(ctx.services.db, orgOf(ctx), ids), (d) => d.id), null).load(sub.department_id),
    },
    Department: {
      business_unit: (dept: { business_unit_id: string }, _: unknown, ctx: MercuriusContext) =>
        ctx.loaders.get('businessUnits.byId', (ids) => indexBy(findBusinessUnitsByIds(ctx.services.db, orgOf(ctx), ids), (b) => b.id), null).load(dept.business_unit_id),
    },
    Organization: {
      github_integrations: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) => listGithubIntegrations(ctx.services.db, org.id),
      profile_picture: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) => loadMedia(ctx, org.profile_picture_id),
    },
  } as never);
}
