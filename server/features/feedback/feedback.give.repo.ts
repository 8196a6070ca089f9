import { and, eq } from 'drizzle-orm';
import type { FeedbackReaction, GiveFeedbackInput } from '../../../shared/feedback.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { FeedbackRow } from './feedback.read.repo.js';
import { feedback, feedbackReactions, feedbackTagLinks } from './feedback.tables.js';

/** Writes an item and its tag links in one transaction. */
export function insertFeedback(
  db: Db,
  input: { organizationId: string; giverId: string; createdAt: string } & Pick<GiveFeedbackInput, 'recipient_id' | 'body' | 'visibility' | 'tag_ids'>,
): FeedbackRow {
  const row: FeedbackRow = {
    id: newId(),
    organization_id: input.organizationId,
    giver_id: input.giverId,
    recipient_id: input.recipient_id,
    body: input.body,
    visibility: input.visibility,
    request_id: null,
    answers: null,
    slack_shared_at: null,
    created_at: input.createdAt,
  };
  db.transaction((tx) => {
    tx.insert(feedback).values(row).run();
    if (input.tag_ids.length)
      tx.insert(feedbackTagLinks)
        .values(input.tag_ids.map((tag_id) => ({ feedback_id: row.id, tag_id, organization_id: input.organizationId })))
        .run();
  });
  return row;
}

/** Deletes an item (its tag links and reactions go with it). */
export function deleteFeedbackRow(db: Db, orgId: string, id: string): void {
  db.delete(feedback)
    .where(and(eq(feedback.organization_id, orgId), eq(feedback.id, id)))
    .run();
}

/** Adds the viewer's reaction, or takes it back when it is there; true when it is there now. */
export function toggleReaction(db: Db, orgId: string, feedbackId: string, userId: string, reaction: FeedbackReaction, createdAt: string): boolean {
  return db.transaction((tx) => {
    const key = and(eq(feedbackReactions.feedback_id, feedbackId), eq(feedbackReactions.user_id, userId), eq(feedbackReactions.reaction, reaction));
    if (tx.delete(feedbackReactions).where(key).run().changes > 0) return false;
    tx.insert(feedbackReactions).values({ feedback_id: feedbackId, user_id: userId, reaction, organization_id: orgId, created_at: createdAt }).run();
    return true;
  });
}

/** Public praise was posted to the organization's Slack channel. */
export function markSharedOnSlack(db: Db, feedbackId: string, at: string): void {
  db.update(feedback).set({ slack_shared_at: at }).where(eq(feedback.id, feedbackId)).run();
}
