import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { forbidden } from '../../../shared/app-error.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { isOperatorOrganization } from '../install/install.sign-up.js';
import { listContactMessages, listGuideLeads } from './public-forms.repo.js';
import { publicFormsRoutes } from './public-forms.routes.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { publicFormsRules } from './public-forms.rules.js';

const schema = /* GraphQL */ `
  type ContactMessage { id: ID! name: String! email: String! company: String! message: String! created_at: DateTime! }
  type ContactMessagePage { total: Int! items: [ContactMessage!]! }
  type GuideLead { id: ID! name: String! email: String! company: String! team_size: String! created_at: DateTime! }
  type GuideLeadPage { total: Int! items: [GuideLead!]! }
  extend type Query {
    "Admins of the organization that runs this installation: messages sent through /contact, newest first."
    contactMessages(limit: Int = 20, offset: Int = 0): ContactMessagePage!
    "Admins of the organization that runs this installation: guide requests from /resources/get-the-guide, newest first."
    guideLeads(limit: Int = 20, offset: Int = 0): GuideLeadPage!
    "True when the viewer is an admin who reads the public forms (contact messages, guide leads)."
    readsPublicForms: Boolean!
  }
`;

const pageArgs = z.object({
  limit: z.number().int().min(1, 'limit: at least 1.').max(100, 'limit: at most 100.'),
  offset: z.number().int().min(0, 'offset: at least 0.').max(1_000_000),
});

/**
 * The public inbox belongs to the install's operator organization, as recorded when it was created
 * (install_settings, docs/decisions/0034), never inferred from which organizations are open: once
 * the operator organization is closed, messages are kept and shown to nobody (docs/decisions/0044).
 */
function readsPublicForms(ctx: MercuriusContext): boolean {
  return ctx.viewer?.permissionLevel === 'ADMIN' && isOperatorOrganization(ctx.services.db, ctx.viewer.organizationId);
}

function requirePublicFormsReader(ctx: MercuriusContext): void {
  requireAdmin(ctx);
  if (!readsPublicForms(ctx)) throw forbidden('Messages from the public pages are read by the admins of the organization that runs this server.');
}

/** Public contact form and guide leads: REST routes for visitors, GraphQL reads for admins. */
export async function publicFormsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, publicFormsRules);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      contactMessages: (_: unknown, args: unknown, ctx: MercuriusContext) => {
        requirePublicFormsReader(ctx);
        const { limit, offset } = parseInput(pageArgs, args);
        return listContactMessages(ctx.services.db, limit, offset);
      },
      guideLeads: (_: unknown, args: unknown, ctx: MercuriusContext) => {
        requirePublicFormsReader(ctx);
        const { limit, offset } = parseInput(pageArgs, args);
        return listGuideLeads(ctx.services.db, limit, offset);
      },
      readsPublicForms: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        requireAdmin(ctx);
        return readsPublicForms(ctx);
      },
    },
  } as never);
  await app.register(publicFormsRoutes);
}
