import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () => text('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' });

/**
 * A Markdown note (docs/decisions/0048). Private to its author, always: admins included. A note may
 * be about one colleague (a 1:1 note); shared with them (`shared_at`) it becomes a shared 1:1
 * agenda that both read, add talking points to and tick off, with the next 1:1 date. Only the
 * author edits the title, body and tags. `version` grows with every body save (autosave conflicts).
 * Full-text search: the FTS5 table notes_fts (title, body), kept by triggers (migration 0011).
 */
export const notes = sqliteTable('notes', {
  id: text('id').primaryKey(),
  organization_id: org(),
  author_id: text('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  body: text('body').notNull().default(''),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
  about_user_id: text('about_user_id').references(() => users.id, { onDelete: 'set null' }),
  shared_at: text('shared_at'),
  next_one_on_one: text('next_one_on_one'),
  version: integer('version').notNull().default(1),
  /**
   * Who reads the note, as search tokens (notes.search.repo.ts readerToken): 'u' and the hex of the
   * author's id, and of the person it is about once shared. Indexed by notes_fts, never written.
   */
  readers: text('readers').generatedAlwaysAs(sql`('u' || hex(author_id) || case when shared_at is not null and about_user_id is not null then ' u' || hex(about_user_id) else '' end)`, { mode: 'virtual' }),
  created_at: text('created_at').notNull().default(now),
  updated_at: text('updated_at').notNull().default(now),
}, (t) => [
  index('notes_org_author_idx').on(t.organization_id, t.author_id, t.updated_at),
  index('notes_org_about_idx').on(t.organization_id, t.about_user_id),
]);

/** A talking point of a 1:1 note: added and ticked off by the author or, once shared, the person it is about. */
export const noteAgendaItems = sqliteTable('note_agenda_items', {
  id: text('id').primaryKey(),
  organization_id: org(),
  note_id: text('note_id').notNull().references(() => notes.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  position: integer('position').notNull().default(0),
  done_at: text('done_at'),
  done_by: text('done_by').references(() => users.id, { onDelete: 'set null' }),
  created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: text('created_at').notNull().default(now),
}, (t) => [index('note_agenda_items_note_idx').on(t.note_id)]);
