import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AuditAction, AuditDetails } from '../../../shared/audit.js';
import { organizations } from '../org/org.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Security-relevant events, append-only (docs/decisions/0042). No foreign keys on purpose: a
 * user hard-deleted by a mass-creation rollback must not turn into an UPDATE (SET NULL) or a
 * DELETE (CASCADE) here. Triggers of migration 0009 refuse every UPDATE, and every DELETE of
 * an event still inside its organization's retention (audit_settings, default 365 days).
 */
export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    /** ISO instant, the same text format as strftime('%Y-%m-%dT%H:%M:%fZ'): the triggers compare it as text. */
    at: text('at').notNull().default(now),
    actor_user_id: text('actor_user_id'),
    /** Who acted, as known then: the actor's email, or the address typed at a failed sign-in. Never a password. */
    actor_label: text('actor_label'),
    action: text('action').$type<AuditAction>().notNull(),
    subject_user_id: text('subject_user_id'),
    /** About whom, as known then (email): readable after the person is removed. */
    subject_label: text('subject_label'),
    ip: text('ip'),
    details: text('details', { mode: 'json' }).$type<AuditDetails>(),
  },
  (t) => [
    index('audit_events_org_at').on(t.organization_id, t.at, t.id),
    index('audit_events_org_action_at').on(t.organization_id, t.action, t.at),
    index('audit_events_org_actor_at').on(t.organization_id, t.actor_user_id, t.at),
    index('audit_events_org_subject_at').on(t.organization_id, t.subject_user_id, t.at),
  ],
);

/** Per organization: how long events are kept (no row: 365 days). The delete trigger reads it. */
export const auditSettings = sqliteTable('audit_settings', {
  organization_id: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  retention_days: integer('retention_days').notNull().default(365),
  updated_by: text('updated_by'),
  updated_at: text('updated_at').notNull().default(now),
});
