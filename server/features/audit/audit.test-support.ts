import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '../../../shared/audit.js';

/** Shared helpers of the audit tests (audit.*.test.ts). */
export type AuditRowForTest = {
  id: string;
  organization_id: string;
  at: string;
  actor_user_id: string | null;
  actor_label: string | null;
  action: AuditAction;
  subject_user_id: string | null;
  subject_label: string | null;
  ip: string | null;
  details: string | null;
};

/** The organization's rows straight from the table, oldest first (optionally of one action). */
export function auditRows(app: FastifyInstance, orgId: string, action?: AuditAction): AuditRowForTest[] {
  const rows = app.services.db.$client.prepare('SELECT * FROM audit_events WHERE organization_id = ? ORDER BY at, rowid').all(orgId) as AuditRowForTest[];
  return action ? rows.filter((r) => r.action === action) : rows;
}

export const detailsOf = (row: AuditRowForTest): Record<string, unknown> => (row.details ? JSON.parse(row.details) : null) as Record<string, unknown>;

/** Every cell of the whole table as one text, to look for what must never be there. */
export function wholeAuditTableText(app: FastifyInstance): string {
  return JSON.stringify(app.services.db.$client.prepare('SELECT * FROM audit_events').all());
}

export const EVENTS = /* GraphQL */ `
  query Events($filter: AuditEventFilter, $first: Int, $after: String) {
    auditEvents(filter: $filter, first: $first, after: $after) {
      events { id at action action_label actor_id actor_name actor_label subject_id subject_name subject_label ip summary }
      next_cursor
    }
  }`;
