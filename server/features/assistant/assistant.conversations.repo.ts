import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { AssistantScope } from '../../../shared/assistant.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { assistantConversations, assistantMessages, type AssistantRef } from './assistant.tables.js';

/**
 * Conversations with the assistant (docs/decisions/0066): a person's own, never anyone else's (admins
 * included). A message keeps the question, its scope, pointers to the passages it showed and the
 * model's kept sentences; never a copy of a quote.
 */
export type ConversationRow = typeof assistantConversations.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;

export function findOwnConversation(db: Db, orgId: string, userId: string, id: string): ConversationRow | undefined {
  return db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.organization_id, orgId), eq(assistantConversations.user_id, userId), eq(assistantConversations.id, id)))
    .get();
}

export function createConversation(db: Db, orgId: string, userId: string, title: string, at: string): ConversationRow {
  return db
    .insert(assistantConversations)
    .values({ id: newId(), organization_id: orgId, user_id: userId, title: title.slice(0, 120), created_at: at, updated_at: at })
    .returning()
    .get();
}

export type NewMessage = {
  question: string;
  scope: AssistantScope;
  status: string;
  refs: AssistantRef[];
  model_text: string | null;
  model_host: string | null;
};

export function addMessage(db: Db, conversation: ConversationRow, message: NewMessage, at: string): MessageRow {
  return db.transaction((tx) => {
    tx.update(assistantConversations).set({ updated_at: at }).where(eq(assistantConversations.id, conversation.id)).run();
    return tx
      .insert(assistantMessages)
      .values({ id: newId(), organization_id: conversation.organization_id, conversation_id: conversation.id, ...message, created_at: at })
      .returning()
      .get();
  });
}

export type ConversationCursor = { u: string; i: string };

/** The person's conversations, latest first (keyset pages on (updated_at, id)). */
export function listOwnConversations(db: Db, orgId: string, userId: string, after: ConversationCursor | null, limit: number): ConversationRow[] {
  const t = assistantConversations;
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.organization_id, orgId),
        eq(t.user_id, userId),
        after ? or(lt(t.updated_at, after.u), and(eq(t.updated_at, after.u), lt(t.id, after.i))) : undefined,
      ),
    )
    .orderBy(desc(t.updated_at), desc(t.id))
    .limit(limit)
    .all();
}

export function messagesOf(db: Db, conversationId: string): MessageRow[] {
  return (
    db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversation_id, conversationId))
      // Asked one after the other: the row order breaks ties of equal times (a clock moved by hand, two questions in a millisecond).
      .orderBy(asc(assistantMessages.created_at), sql`rowid`)
      .all()
  );
}

export function deleteConversation(db: Db, id: string): void {
  db.delete(assistantConversations).where(eq(assistantConversations.id, id)).run();
}

/** Deletes, in every organization, conversations untouched for longer than its retention (default 90 days). */
export function purgeExpiredConversations(db: Db, now: number): number {
  return db.run(sql`DELETE FROM assistant_conversations WHERE updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', ${now / 1000}, 'unixepoch', '-' ||
    COALESCE((SELECT retention_days FROM assistant_settings s WHERE s.organization_id = assistant_conversations.organization_id), 90) || ' days')`).changes;
}
