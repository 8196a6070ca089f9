import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { media } from './media.tables.js';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export function findMediaByIds(db: Db, orgId: string, ids: readonly string[]): MediaRow[] {
  const unique = [...new Set(ids)];
  return unique.length
    ? db
        .select()
        .from(media)
        .where(and(eq(media.organization_id, orgId), inArray(media.id, unique)))
        .all()
    : [];
}

export function listMediaByOwnerIds(db: Db, orgId: string, ownerIds: readonly string[]): MediaRow[] {
  const unique = [...new Set(ownerIds)];
  return unique.length
    ? db
        .select()
        .from(media)
        .where(and(eq(media.organization_id, orgId), inArray(media.owner_id, unique)))
        .all()
    : [];
}

export function findMediaById(db: Db, orgId: string, id: string): MediaRow | undefined {
  return db
    .select()
    .from(media)
    .where(and(eq(media.organization_id, orgId), eq(media.id, id)))
    .get();
}

export function insertMedia(db: Db, row: NewMediaRow): MediaRow {
  return db.insert(media).values(row).returning().get();
}

/** Deletes one media row of the organization; returns the deleted row (its `key` names the stored file). */
export function deleteMedia(db: Db, orgId: string, id: string): MediaRow | undefined {
  return db
    .delete(media)
    .where(and(eq(media.organization_id, orgId), eq(media.id, id)))
    .returning()
    .get();
}

/** The path a client signs with the session's cf_cookies; see media.routes.ts. */
export function mediaPath(row: Pick<MediaRow, 'organization_id' | 'id'>): string {
  return `/api/media/${row.organization_id}/${row.id}`;
}
