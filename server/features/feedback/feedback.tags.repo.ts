import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FeedbackTagKind } from '../../../shared/feedback.js';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import type { FeedbackTagRow } from './feedback.read.repo.js';
import { feedbackTagLinks, feedbackTags } from './feedback.tables.js';

export type FeedbackTagWithUses = FeedbackTagRow & { uses: number };
export type FeedbackTagData = { name: string; kind: FeedbackTagKind; description: string };

/** The organization's tags by name (values and competencies together), each with how many items carry it. */
export function listFeedbackTags(db: Db, orgId: string, includeArchived: boolean): FeedbackTagWithUses[] {
  const uses = sql<number>`(select count(*) from ${feedbackTagLinks} where ${feedbackTagLinks.tag_id} = ${feedbackTags.id})`;
  return db
    .select({
      id: feedbackTags.id,
      organization_id: feedbackTags.organization_id,
      name: feedbackTags.name,
      kind: feedbackTags.kind,
      description: feedbackTags.description,
      archived_at: feedbackTags.archived_at,
      created_at: feedbackTags.created_at,
      uses,
    })
    .from(feedbackTags)
    .where(includeArchived ? eq(feedbackTags.organization_id, orgId) : and(eq(feedbackTags.organization_id, orgId), isNull(feedbackTags.archived_at)))
    .orderBy(asc(sql`lower(${feedbackTags.name})`))
    .all();
}

export function findFeedbackTag(db: Db, orgId: string, id: string): FeedbackTagRow | undefined {
  return db
    .select()
    .from(feedbackTags)
    .where(and(eq(feedbackTags.organization_id, orgId), eq(feedbackTags.id, id)))
    .get();
}

/** The active tags of the organization among `ids`. */
export function findActiveFeedbackTags(db: Db, orgId: string, ids: readonly string[]): FeedbackTagRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(feedbackTags)
    .where(and(eq(feedbackTags.organization_id, orgId), inArray(feedbackTags.id, [...ids]), isNull(feedbackTags.archived_at)))
    .all();
}

/** Another tag of the organization with this name, whatever its case (archived ones too: the unique index covers them). */
export function findFeedbackTagByName(db: Db, orgId: string, name: string, exceptId?: string): FeedbackTagRow | undefined {
  return db
    .select()
    .from(feedbackTags)
    .where(
      and(
        eq(feedbackTags.organization_id, orgId),
        sql`lower(${feedbackTags.name}) = lower(${name})`,
        exceptId ? sql`${feedbackTags.id} <> ${exceptId}` : undefined,
      ),
    )
    .get();
}

export function insertFeedbackTag(db: Db, orgId: string, data: FeedbackTagData): FeedbackTagRow {
  const row = { id: newId(), organization_id: orgId, name: data.name, kind: data.kind, description: data.description, archived_at: null, created_at: nowIso() };
  db.insert(feedbackTags).values(row).run();
  return row;
}

export function updateFeedbackTagRow(db: Db, orgId: string, id: string, patch: Partial<FeedbackTagData> & { archived_at?: string | null }): FeedbackTagRow {
  db.update(feedbackTags)
    .set(patch)
    .where(and(eq(feedbackTags.organization_id, orgId), eq(feedbackTags.id, id)))
    .run();
  return findFeedbackTag(db, orgId, id)!;
}
