import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import type { Db } from '../../db/connection.js';
import { badInput, conflict, notFound } from '../../../shared/app-error.js';
import { updateOrganizationSchema } from '../../../shared/org.schemas.js';
import { parseInput } from '../../lib/parse.js';
import { findMediaByIds } from '../media/media.repo.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { indexBy } from '../../graphql/loaders.js';
import { loadMedia } from '../users/users.loaders.js';
import {
  findBusinessUnitsByIds,
  findDepartmentsByIds,
  findOrganization,
  updateOrganization,
  listBusinessUnits,
  listDepartments,
  listGithubIntegrations,
  listSubdepartments,
  type OrganizationRow,
} from './org.repo.js';
import { orgStructure } from './org.structure.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { orgRules } from './org.rules.js';

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
    "Admins only (others get []): addresses at these domains pass the email check."
    allowed_email_domains: [String!]!
    "Admins only (others get []): addresses at these domains are refused like free providers."
    blocked_email_domains: [String!]!
  }
  input UpdateOrganizationInput {
    name: String
    profile_picture_id: ID
    onboarding_phase: String
    is_onboarding_phase_skipped: Boolean
    allowed_email_domains: [String!]
    blocked_email_domains: [String!]
  }
  extend type Mutation {
    "Admin: organization name, picture, onboarding and email domain rules."
    updateOrganization(input: UpdateOrganizationInput!): Organization!
  }
  extend type Query {
    organization: Organization!
    businessUnits: [BusinessUnit!]!
    departments: [Department!]!
    subdepartments: [Subdepartment!]!
  }
`;

/** A blocked domain that an allowed one covers would never be blocked (allowed wins): refused as a CONFLICT. */
function refuseOverlappingDomains(db: Db, orgId: string, input: { allowed_email_domains?: string[]; blocked_email_domains?: string[] }): void {
  const org = findOrganization(db, orgId);
  const allowed = input.allowed_email_domains ?? org?.allowed_email_domains ?? [];
  const blocked = input.blocked_email_domains ?? org?.blocked_email_domains ?? [];
  for (const b of blocked) {
    const a = allowed.find((d) => b === d || b.endsWith(`.${d}`));
    if (a)
      throw conflict(a === b ? `${b} is in both lists: remove it from the allowed or the blocked domains.` : `${b} cannot be blocked while ${a} is allowed.`);
  }
}

export async function orgFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, orgRules);
  app.graphql.extendSchema(schema);
  await orgStructure(app);
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
        ctx.loaders
          .get('departments.byId', (ids) => indexBy(findDepartmentsByIds(ctx.services.db, orgOf(ctx), ids), (d) => d.id), null)
          .load(sub.department_id),
    },
    Department: {
      business_unit: (dept: { business_unit_id: string }, _: unknown, ctx: MercuriusContext) =>
        ctx.loaders
          .get('businessUnits.byId', (ids) => indexBy(findBusinessUnitsByIds(ctx.services.db, orgOf(ctx), ids), (b) => b.id), null)
          .load(dept.business_unit_id),
    },
    Mutation: {
      updateOrganization: (_: unknown, args: { input: unknown }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const input = parseInput(updateOrganizationSchema, args.input);
        const { db } = ctx.services;
        if (input.profile_picture_id && !findMediaByIds(db, viewer.organizationId, [input.profile_picture_id]).length)
          throw badInput('profile_picture_id: no such picture.');
        if (input.allowed_email_domains || input.blocked_email_domains) refuseOverlappingDomains(db, viewer.organizationId, input);
        const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        updateOrganization(db, viewer.organizationId, patch);
        return findOrganization(db, viewer.organizationId);
      },
    },
    Organization: {
      allowed_email_domains: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) =>
        ctx.viewer?.permissionLevel === 'ADMIN' ? org.allowed_email_domains : [],
      blocked_email_domains: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) =>
        ctx.viewer?.permissionLevel === 'ADMIN' ? org.blocked_email_domains : [],
      github_integrations: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) => listGithubIntegrations(ctx.services.db, org.id),
      profile_picture: (org: OrganizationRow, _: unknown, ctx: MercuriusContext) => loadMedia(ctx, org.profile_picture_id),
    },
  } as never);
}
