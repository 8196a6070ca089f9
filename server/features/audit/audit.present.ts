import type { Db } from '../../db/connection.js';
import { AUDIT_ACTION_LABEL, describeAuditDetails, type AuditEvent } from '../../../shared/audit.js';
import { findUsersByIds } from '../users/users.repo.js';
import type { AuditEventRow } from './audit.repo.js';

/** Events as the screen and the CSV show them: names of today (removed people included), one query per page. */
export function presentAuditEvents(db: Db, orgId: string, rows: readonly AuditEventRow[]): AuditEvent[] {
  const ids = new Set(rows.flatMap((r) => [r.actor_user_id, r.subject_user_id]).filter((id): id is string => !!id));
  const people = new Map(findUsersByIds(db, orgId, [...ids], { includeDeleted: true }).map((u) => [u.id, u]));
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    action: r.action,
    action_label: AUDIT_ACTION_LABEL[r.action] ?? r.action,
    actor_id: r.actor_user_id,
    actor_name: r.actor_user_id ? (people.get(r.actor_user_id)?.full_name ?? null) : null,
    actor_label: r.actor_label ?? (r.actor_user_id ? (people.get(r.actor_user_id)?.email ?? null) : null),
    subject_id: r.subject_user_id,
    subject_name: r.subject_user_id ? (people.get(r.subject_user_id)?.full_name ?? null) : null,
    subject_label: r.subject_label ?? (r.subject_user_id ? (people.get(r.subject_user_id)?.email ?? null) : null),
    ip: r.ip,
    summary: describeAuditDetails(r.action, r.details),
  }));
}
