import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AssistantScope, AssistantSource, PassageKind } from '../../../shared/assistant.js';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * The assistant's search index (docs/decisions/0066): one row per indexed passage, beside the FTS5
 * table `assistant_fts` (contentless, migration 0022) that holds its words and its audience tokens
 * under the same rowid. `rid` is the source row's rowid * 32 + the kind's code, so a source row
 * maps to its document without storing the source's id: no reflection id is copied out of the retro
 * tables (docs/decisions/0047). Kept by triggers on the source tables, which the assistant creates
 * from each source kind's declaration when it starts (assistant.index.repo.ts). No foreign keys:
 * it is an index, kept exact by those triggers.
 */
export const assistantDocs = sqliteTable(
  'assistant_docs',
  {
    rid: integer('rid').primaryKey(),
    organization_id: text('organization_id').notNull(),
    kind: text('kind').$type<PassageKind>().notNull(),
    /** When it was written (ISO), for "since" and the months of a theme. */
    at: text('at').notNull(),
  },
  (t) => [index('assistant_docs_org_kind_at').on(t.organization_id, t.kind, t.at)],
);

/** Which declaration of each source kind the triggers and documents were built from (its hash). */
export const assistantIndexState = sqliteTable('assistant_index_state', {
  kind: text('kind').$type<PassageKind>().primaryKey(),
  hash: text('hash').notNull(),
  built_at: text('built_at').notNull().default(now),
});

/**
 * Per organization (no row: the defaults). Switching the assistant on or off is its feature area
 * (AI_ASSISTANT, /admin/settings/pages); this is what it may read and the optional model endpoint.
 * The endpoint's key is sealed like integration secrets (purpose `assistant-endpoint:<org>`).
 */
export const assistantSettings = sqliteTable('assistant_settings', {
  organization_id: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  sources: text('sources', { mode: 'json' }).$type<AssistantSource[]>().notNull(),
  retention_days: integer('retention_days').notNull().default(90),
  endpoint_url: text('endpoint_url'),
  endpoint_model: text('endpoint_model'),
  endpoint_key_sealed: text('endpoint_key_sealed'),
  endpoint_key_hint: text('endpoint_key_hint'),
  first_token_seconds: integer('first_token_seconds').notNull().default(20),
  total_seconds: integer('total_seconds').notNull().default(120),
  updated_by: text('updated_by'),
  updated_at: text('updated_at').notNull().default(now),
});

/** A person's conversation with the assistant: theirs only, deleted after the organization's retention. */
export const assistantConversations = sqliteTable(
  'assistant_conversations',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('assistant_conversations_user_idx').on(t.organization_id, t.user_id, t.updated_at),
    index('assistant_conversations_updated_idx').on(t.updated_at),
  ],
);

/** What a stored answer cited: the passage's kind, its source row and a fingerprint that tells a reused rowid. */
export type AssistantRef = { kind: PassageKind; src: number; fp: string };

/**
 * One question and what was answered. The quotes are not stored: `refs` point at the passages, read
 * again (and checked again) when the history is opened, so a deleted or hidden source is gone from
 * the history too. `model_text` holds only the model's sentences that cited a given source.
 */
export const assistantMessages = sqliteTable(
  'assistant_messages',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    conversation_id: text('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    scope: text('scope', { mode: 'json' }).$type<AssistantScope>().notNull(),
    status: text('status').notNull(),
    refs: text('refs', { mode: 'json' }).$type<AssistantRef[]>().notNull(),
    model_text: text('model_text'),
    model_host: text('model_host'),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('assistant_messages_conversation_idx').on(t.conversation_id, t.created_at)],
);
