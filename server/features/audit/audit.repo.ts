import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { AUDIT_RETENTION_DEFAULT_DAYS, type AuditAction, type AuditDetails } from '../../../shared/audit.js';
import type { AuditFilter } from '../../../shared/audit.schemas.js';
import { auditEvents, auditSettings } from './audit.tables.js';
import { statement } from '../../db/sqlite.js';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export type AuditEventInput = {
  organizationId: string;
  action: AuditAction;
  actorUserId?: string | null;
  actorLabel?: string | null;
  subjectUserId?: string | null;
  subjectLabel?: string | null;
  ip?: string | null;
  /** Short facts only: never a secret, password, token or webhook URL. */
  details?: AuditDetails | null;
};

/** Who acts and from where, as most call sites know it (a viewer and the request's address). */
export type AuditActor = { organizationId: string; actorUserId: string | null; actorLabel: string | null; ip: string | null };

/**
 * Appends one event. Call it inside the transaction of the change when there is one, so a
 * change that rolls back leaves no event. The one way events are written.
 */
export function recordAudit(db: Db, event: AuditEventInput): void {
  db.insert(auditEvents)
    .values({
      id: newId(),
      organization_id: event.organizationId,
      at: new Date().toISOString(),
      actor_user_id: event.actorUserId ?? null,
      actor_label: event.actorLabel?.slice(0, 320) ?? null,
      action: event.action,
      subject_user_id: event.subjectUserId ?? null,
      subject_label: event.subjectLabel?.slice(0, 320) ?? null,
      ip: event.ip?.slice(0, 64) ?? null,
      details: event.details ?? null,
    })
    .run();
}

/** The same event by an actor, about each of several people. */
export function recordAuditAbout(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  subjects: ReadonlyArray<{ id: string; email: string; details?: AuditDetails }>,
): void {
  for (const s of subjects) recordAudit(db, { ...actor, action, subjectUserId: s.id, subjectLabel: s.email, details: s.details ?? null });
}

const encodeCursor = (row: { at: string; id: string }) => Buffer.from(`${row.at}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return at && id ? { at, id } : null;
}

function filterConditions(orgId: string, filter: AuditFilter): SQL[] {
  const conds: SQL[] = [eq(auditEvents.organization_id, orgId)];
  if (filter.action) conds.push(eq(auditEvents.action, filter.action));
  if (filter.actor) conds.push(eq(auditEvents.actor_user_id, filter.actor));
  if (filter.subject) conds.push(eq(auditEvents.subject_user_id, filter.subject));
  if (filter.person) conds.push(or(eq(auditEvents.actor_user_id, filter.person), eq(auditEvents.subject_user_id, filter.person))!);
  if (filter.from_at) conds.push(gte(auditEvents.at, new Date(filter.from_at).toISOString()));
  if (filter.to_at) conds.push(lte(auditEvents.at, new Date(filter.to_at).toISOString()));
  return conds;
}

/**
 * One page of the organization's events, newest first, with the filters; `nextCursor` is null on
 * the last page. An unreadable cursor starts from the newest.
 */
export function listAuditEvents(
  db: Db,
  orgId: string,
  filter: AuditFilter,
  page: { limit: number; cursor?: string | null },
): { rows: AuditEventRow[]; nextCursor: string | null } {
  const conds = filterConditions(orgId, filter);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  if (after) conds.push(or(lt(auditEvents.at, after.at), and(eq(auditEvents.at, after.at), lt(auditEvents.id, after.id)))!);
  const rows = db
    .select()
    .from(auditEvents)
    .where(and(...conds))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(page.limit + 1)
    .all();
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  return { rows: shown, nextCursor: more ? encodeCursor(shown[shown.length - 1]!) : null };
}

/** Mail ids whose link this admin was already shown (OUTBOX_LINK_VIEWED recorded once per mail and admin). */
export function findViewedMailIds(db: Db, orgId: string, actorUserId: string, mailIds: readonly string[]): Set<string> {
  if (!mailIds.length) return new Set();
  const mailId = sql<string>`json_extract(${auditEvents.details}, '$.mail_id')`;
  const rows = db
    .select({ mailId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organization_id, orgId),
        eq(auditEvents.actor_user_id, actorUserId),
        eq(auditEvents.action, 'OUTBOX_LINK_VIEWED'),
        inArray(mailId, [...mailIds]),
      ),
    )
    .all();
  return new Set(rows.map((r) => r.mailId));
}

export function findAuditRetentionDays(db: Db, orgId: string): number {
  return (
    db.select({ days: auditSettings.retention_days }).from(auditSettings).where(eq(auditSettings.organization_id, orgId)).get()?.days ??
    AUDIT_RETENTION_DEFAULT_DAYS
  );
}

/** Sets the retention and records the change, in one transaction; returns the earlier value. */
export function setAuditRetentionDays(db: Db, actor: AuditActor & { actorUserId: string }, days: number): number {
  return db.transaction(() => {
    const from = findAuditRetentionDays(db, actor.organizationId);
    db.insert(auditSettings)
      .values({ organization_id: actor.organizationId, retention_days: days, updated_by: actor.actorUserId })
      .onConflictDoUpdate({
        target: auditSettings.organization_id,
        set: { retention_days: days, updated_by: actor.actorUserId, updated_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
      })
      .run();
    if (from !== days) recordAudit(db, { ...actor, action: 'AUDIT_RETENTION_CHANGED', details: { from, to: days } });
    return from;
  });
}

/**
 * Deletes, in every organization, the events older than its retention. The condition is the
 * delete trigger's own (SQLite's clock, the organization's audit_settings row or 365 days), so the
 * purge is exactly what the table permits. Returns how many events went.
 */
export function purgeExpiredAuditEvents(db: Db): number {
  return statement(
    db,
    `
    DELETE FROM audit_events
    WHERE at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || COALESCE((SELECT retention_days FROM audit_settings s WHERE s.organization_id = audit_events.organization_id), ${AUDIT_RETENTION_DEFAULT_DAYS}) || ' days')`,
  ).run().changes;
}
