import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX } from '../../../shared/audit.js';
import { auditFilterSchema, auditRetentionSchema } from '../../../shared/audit.schemas.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { auditActor } from './audit.actor.js';
import { presentAuditEvents } from './audit.present.js';
import { findAuditRetentionDays, listAuditEvents, setAuditRetentionDays } from './audit.repo.js';

const schema = /* GraphQL */ `
  enum AuditAction { ${AUDIT_ACTIONS.join(' ')} }
  "A security-relevant event (docs/decisions/0042). Labels are the emails as they were then; names are today's."
  type AuditEvent {
    id: ID!
    at: DateTime!
    action: AuditAction!
    "The action in plain words."
    action_label: String!
    actor_id: ID
    actor_name: String
    "Who acted, as known then: their email, or the address typed at a failed sign-in."
    actor_label: String
    subject_id: ID
    subject_name: String
    subject_label: String
    "The address the request came from."
    ip: String
    "The details in a few words; never a secret."
    summary: String!
  }
  type AuditEventPage { events: [AuditEvent!]! next_cursor: String }
  "person: events where this person acted or was acted on; actor / subject: only one side. from_at / to_at: ISO instants, both included."
  input AuditEventFilter { action: AuditAction person: ID actor: ID subject: ID from_at: String to_at: String }
  type AuditSettings { retention_days: Int! }
  extend type Query {
    "Admin: the organization's audit log, newest first (first: default 50, at most ${AUDIT_PAGE_MAX})."
    auditEvents(filter: AuditEventFilter, first: Int, after: String): AuditEventPage!
    "Admin: how long the audit log keeps events."
    auditSettings: AuditSettings!
  }
  extend type Mutation {
    "Admin: keep audit events this many days (30 to 3650); older ones are deleted by a daily job. The change is itself audited."
    updateAuditSettings(retention_days: Int!): AuditSettings!
  }
`;

const pageSchema = z.object({
  first: z
    .number()
    .int()
    .min(1, 'first: at least 1')
    .max(AUDIT_PAGE_MAX, `first: at most ${AUDIT_PAGE_MAX}`)
    .nullish()
    .transform((v) => v ?? 50),
  after: z.string().max(500).nullish(),
});

const dropNulls = (value: unknown) =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined));

export async function auditGraphql(app: FastifyInstance): Promise<void> {
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      auditEvents: (_: unknown, args: { filter?: unknown; first?: number | null; after?: string | null }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const filter = parseInput(auditFilterSchema, dropNulls(args.filter));
        const page = parseInput(pageSchema, { first: args.first, after: args.after });
        const { db } = ctx.services;
        const { rows, nextCursor } = listAuditEvents(db, viewer.organizationId, filter, { limit: page.first, cursor: page.after });
        return { events: presentAuditEvents(db, viewer.organizationId, rows), next_cursor: nextCursor };
      },
      auditSettings: (_: unknown, __: unknown, ctx: MercuriusContext) => ({
        retention_days: findAuditRetentionDays(ctx.services.db, requireAdmin(ctx).organizationId),
      }),
    },
    Mutation: {
      updateAuditSettings: (_: unknown, args: { retention_days: number }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const input = parseInput(auditRetentionSchema, { retention_days: args.retention_days });
        setAuditRetentionDays(ctx.services.db, { ...auditActor(ctx, viewer), actorUserId: viewer.userId }, input.retention_days);
        return { retention_days: input.retention_days };
      },
    },
  } as never);
}
