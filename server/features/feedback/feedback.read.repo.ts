import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { FEEDBACK_REACTIONS, type FeedbackReaction } from '../../../shared/feedback.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { feedback, feedbackReactions, feedbackTagLinks, feedbackTags } from './feedback.tables.js';
import { readableFeedback } from './feedback.visibility.repo.js';

/** For another feature's repo that reads feedback in one statement (the assistant's index: docs/decisions/0076). */
export { feedback };

/**
 * Reading feedback (docs/decisions/0048): every statement here has readableFeedback(viewer) in its
 * WHERE, so a list, a count or a single read never holds an item the viewer may not read.
 * Lists are newest first with keyset pagination on (created_at, rowid): the table's indexes
 * (organization, recipient | giver | visibility, created_at) end in the rowid, so a page is a
 * range scan of the index whatever the table's size.
 */

export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackTagRow = typeof feedbackTags.$inferSelect;

/** A position in a list: the last item's created_at and rowid. */
type Position = { at: string; seq: number };

const seq = sql<number>`"feedback"."rowid"`;
const columns = { ...getTableColumns(feedback), seq };
type PagedRow = FeedbackRow & { seq: number };

/** The opaque cursor handed to the client (base64url of the position). */
export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.at, p.seq])).toString('base64url');
}

/** The position in a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string): Position | null {
  if (cursor.length > 200) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, n] = value as [unknown, unknown];
    if (typeof at !== 'string' || at.length > 40 || typeof n !== 'number' || !Number.isSafeInteger(n)) return null;
    return { at, seq: n };
  } catch {
    return null;
  }
}

export type FeedbackPageRows = { rows: FeedbackRow[]; total: number; nextCursor: string | null };

/** One page of the items matching `where` (readable ones only), newest first, and their total. */
function page(db: Db, viewer: Viewer, where: SQL[], first: number, after: Position | null): FeedbackPageRows {
  const matching = and(readableFeedback(viewer), ...where)!;
  const before = after ? sql`(${feedback.created_at}, ${seq}) < (${after.at}, ${after.seq})` : undefined;
  const rows = db
    .select(columns)
    .from(feedback)
    .where(before ? and(matching, before) : matching)
    .orderBy(sql`${feedback.created_at} desc, ${seq} desc`)
    .limit(first + 1)
    .all() as PagedRow[];
  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(feedback)
      .where(matching)
      .get()?.n ?? 0;
  const more = rows.length > first;
  const items = more ? rows.slice(0, first) : rows;
  const last = items[items.length - 1];
  return { rows: items.map(({ seq: _, ...row }) => row), total, nextCursor: more && last ? encodeCursor({ at: last.created_at, seq: last.seq }) : null };
}

export type MyFeedbackQuery = {
  box: 'RECEIVED' | 'GIVEN';
  personId?: string | null;
  tagId?: string | null;
  /** Instants: from inclusive, until exclusive. */
  from?: string | null;
  until?: string | null;
  first: number;
  after: Position | null;
};

/** The viewer's received or given feedback with its filters (RECEIVED: what the viewer may read about themself). */
export function listMyFeedback(db: Db, viewer: Viewer, q: MyFeedbackQuery): FeedbackPageRows {
  const where: SQL[] = [];
  if (q.box === 'RECEIVED') {
    where.push(eq(feedback.recipient_id, viewer.userId));
    if (q.personId) where.push(eq(feedback.giver_id, q.personId));
  } else {
    where.push(eq(feedback.giver_id, viewer.userId));
    if (q.personId) where.push(eq(feedback.recipient_id, q.personId));
  }
  if (q.tagId)
    where.push(
      sql`exists (select 1 from ${feedbackTagLinks} where ${feedbackTagLinks.feedback_id} = ${feedback.id} and ${feedbackTagLinks.tag_id} = ${q.tagId})`,
    );
  if (q.from) where.push(sql`${feedback.created_at} >= ${q.from}`);
  if (q.until) where.push(sql`${feedback.created_at} < ${q.until}`);
  return page(db, viewer, where, q.first, q.after);
}

/** The organization's public praise, newest first. */
export function listPraise(db: Db, viewer: Viewer, first: number, after: Position | null): FeedbackPageRows {
  return page(db, viewer, [eq(feedback.organization_id, viewer.organizationId), eq(feedback.visibility, 'PUBLIC')], first, after);
}

/** At most this many items beside a review (the newest). */
export const FEEDBACK_ABOUT_MAX = 200;

/** What the viewer may read about one person in a period, newest first. */
export function listFeedbackAbout(db: Db, viewer: Viewer, userId: string, from: string | null, until: string | null): FeedbackRow[] {
  const where: SQL[] = [eq(feedback.organization_id, viewer.organizationId), eq(feedback.recipient_id, userId)];
  if (from) where.push(sql`${feedback.created_at} >= ${from}`);
  if (until) where.push(sql`${feedback.created_at} < ${until}`);
  const rows = db
    .select(columns)
    .from(feedback)
    .where(and(readableFeedback(viewer), ...where))
    .orderBy(sql`${feedback.created_at} desc, ${seq} desc`)
    .limit(FEEDBACK_ABOUT_MAX)
    .all() as PagedRow[];
  return rows.map(({ seq: _, ...row }) => row);
}

/** One item if the viewer may read it. */
export function findReadableFeedback(db: Db, viewer: Viewer, id: string): FeedbackRow | undefined {
  return db
    .select()
    .from(feedback)
    .where(and(readableFeedback(viewer), eq(feedback.id, id)))
    .get();
}

/** The tags of each item (archived ones too: they were chosen when it was given), by name. */
export function tagsOfFeedback(db: Db, orgId: string, feedbackIds: readonly string[]): Map<string, FeedbackTagRow[]> {
  const out = new Map<string, FeedbackTagRow[]>();
  if (!feedbackIds.length) return out;
  const rows = db
    .select({ feedback_id: feedbackTagLinks.feedback_id, tag: feedbackTags })
    .from(feedbackTagLinks)
    .innerJoin(feedbackTags, eq(feedbackTags.id, feedbackTagLinks.tag_id))
    .where(and(eq(feedbackTagLinks.organization_id, orgId), inArray(feedbackTagLinks.feedback_id, [...feedbackIds])))
    .orderBy(asc(sql`lower(${feedbackTags.name})`))
    .all();
  for (const r of rows) {
    const list = out.get(r.feedback_id);
    if (list) list.push(r.tag);
    else out.set(r.feedback_id, [r.tag]);
  }
  return out;
}

export type ReactionCount = { reaction: FeedbackReaction; count: number; mine: boolean };

/** Reaction counts of each item, and whether the viewer reacted so. */
export function reactionsOfFeedback(db: Db, orgId: string, viewerId: string, feedbackIds: readonly string[]): Map<string, ReactionCount[]> {
  const out = new Map<string, ReactionCount[]>();
  if (!feedbackIds.length) return out;
  const rows = db
    .select({
      feedback_id: feedbackReactions.feedback_id,
      reaction: feedbackReactions.reaction,
      count: sql<number>`count(*)`,
      mine: sql<number>`max(${feedbackReactions.user_id} = ${viewerId})`,
    })
    .from(feedbackReactions)
    .where(and(eq(feedbackReactions.organization_id, orgId), inArray(feedbackReactions.feedback_id, [...feedbackIds])))
    .groupBy(feedbackReactions.feedback_id, feedbackReactions.reaction)
    .all();
  for (const r of rows) {
    const item = { reaction: r.reaction, count: r.count, mine: r.mine === 1 };
    const list = out.get(r.feedback_id);
    if (list) list.push(item);
    else out.set(r.feedback_id, [item]);
  }
  for (const list of out.values()) list.sort((a, b) => FEEDBACK_REACTIONS.indexOf(a.reaction) - FEEDBACK_REACTIONS.indexOf(b.reaction));
  return out;
}

/**
 * How many feedback items carry each tag (ids of the caller's organization's tags: the count reads
 * only the tag index).
 */
export function tagUses(db: Db, tagIds: readonly string[]): Map<string, number> {
  if (!tagIds.length) return new Map();
  // One count per tag on the tag index (an IN list with GROUP BY made SQLite read far more).
  const rows = db
    .select({ id: feedbackTags.id, n: sql<number>`(select count(*) from ${feedbackTagLinks} where ${feedbackTagLinks.tag_id} = ${feedbackTags.id})` })
    .from(feedbackTags)
    .where(inArray(feedbackTags.id, [...tagIds]))
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}
