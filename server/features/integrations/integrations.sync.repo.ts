import { and, desc, eq, inArray, like, not, sql } from 'drizzle-orm';
import type { SyncKind, SyncRunStatus } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { statement } from '../../db/sqlite.js';
import { newId } from '../../lib/tokens.js';
import type { CursorStore } from './integrations.provider.js';
import { syncCursors, syncRuns } from './integrations.tables.js';

/** Sync runs and the cursor store (docs/decisions/0051). */
export type SyncRunRow = typeof syncRuns.$inferSelect;

/** A run holds its connection while it is in one of these (INTERRUPTED: its job runs again when the server is back). */
export const ACTIVE_RUN_STATUSES: readonly SyncRunStatus[] = ['QUEUED', 'RUNNING', 'RATE_LIMITED', 'INTERRUPTED'];

export function insertRun(db: Db, input: { organizationId: string; connectionId: string; kind: SyncKind; now: string }): SyncRunRow {
  return db
    .insert(syncRuns)
    .values({
      id: newId(),
      organization_id: input.organizationId,
      connection_id: input.connectionId,
      kind: input.kind,
      status: 'QUEUED',
      created_at: input.now,
    })
    .returning()
    .get();
}

export function findRun(db: Db, id: string): SyncRunRow | undefined {
  return db.select().from(syncRuns).where(eq(syncRuns.id, id)).get();
}

export function patchRun(db: Db, id: string, patch: Partial<typeof syncRuns.$inferInsert>): void {
  db.update(syncRuns).set(patch).where(eq(syncRuns.id, id)).run();
}

export function activeRun(db: Db, connectionId: string): SyncRunRow | undefined {
  return db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.connection_id, connectionId), inArray(syncRuns.status, [...ACTIVE_RUN_STATUSES])))
    .orderBy(desc(syncRuns.created_at), desc(sql`rowid`))
    .get();
}

export function listRuns(db: Db, connectionIds: readonly string[], limit: number): SyncRunRow[] {
  if (!connectionIds.length) return [];
  return db
    .select()
    .from(syncRuns)
    .where(inArray(syncRuns.connection_id, [...connectionIds]))
    .orderBy(desc(syncRuns.created_at), desc(sql`rowid`))
    .limit(limit)
    .all();
}

/**
 * The cursor store of one connection over sync_cursors. `prefix` keeps a reconciliation's cursors
 * apart (it re-reads a wider window from its own start and may resume from its own cursors after a
 * rate limit), so the incremental cursors stay where they were.
 */
export function cursorStore(db: Db, connectionId: string, prefix = ''): CursorStore {
  return {
    get(scopeKey, entity) {
      const row = db
        .select({ cursor: syncCursors.cursor, etag: syncCursors.etag })
        .from(syncCursors)
        .where(and(eq(syncCursors.connection_id, connectionId), eq(syncCursors.scope_key, prefix + scopeKey), eq(syncCursors.entity, entity)))
        .get();
      return row ?? { cursor: null, etag: null };
    },
    set(scopeKey, entity, value) {
      const row = {
        connection_id: connectionId,
        scope_key: prefix + scopeKey,
        entity,
        cursor: value.cursor,
        etag: value.etag ?? null,
        updated_at: new Date().toISOString(),
      };
      db.insert(syncCursors)
        .values(row)
        .onConflictDoUpdate({
          target: [syncCursors.connection_id, syncCursors.scope_key, syncCursors.entity],
          set: { cursor: row.cursor, etag: row.etag, updated_at: row.updated_at },
        })
        .run();
    },
  };
}

export const reconcilePrefix = (runId: string) => `reconcile:${runId}:`;

export function hasCursors(db: Db, connectionId: string): boolean {
  return !!db
    .select({ k: syncCursors.scope_key })
    .from(syncCursors)
    .where(and(eq(syncCursors.connection_id, connectionId), not(like(syncCursors.scope_key, 'reconcile:%'))))
    .get();
}

/** `prefix` null: every cursor of the connection (a new backfill starts over). */
export function clearCursors(db: Db, connectionId: string, prefix: string | null): void {
  db.delete(syncCursors)
    .where(
      prefix === null
        ? eq(syncCursors.connection_id, connectionId)
        : and(eq(syncCursors.connection_id, connectionId), like(syncCursors.scope_key, `${prefix}%`)),
    )
    .run();
}

/** Slack: emails of the organization's active people no account of this connection is matched to (the adapter looks them up one by one). */
export function unmatchedEmails(db: Db, row: { id: string; organization_id: string }): string[] {
  return statement(
    db,
    `select lower(u.email) from users u where u.organization_id = ? and u.deleted_at is null and u.status = 'ACTIVE'
    and not exists (select 1 from ext_accounts a where a.connection_id = ? and a.user_id = u.id) order by u.email limit 5000`,
  )
    .pluck()
    .all(row.organization_id, row.id) as string[];
}
