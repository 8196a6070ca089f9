import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * A Markdown note (docs/decisions/0048, 0056). Private to its author, always: admins included. A
 * note may be about one colleague (a 1:1 note); shared with them (`shared_at`) it becomes a shared
 * 1:1: the title, the talking points and the next 1:1 date are read by both; the body, the tags and
 * the pin stay the author's private part; the other person writes their own private part
 * (note_private_notes), which the author never reads. `version` grows with every save of the
 * author's title, body or tags (autosave conflicts). `updated_at` moves with any change the author
 * sees, `shared_updated_at` only with changes to the shared parts (what the other person sees move).
 * Full-text search: one FTS5 document per reader (migration 0018, notes.search.repo.ts).
 */
export const notes = sqliteTable(
  'notes',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    author_id: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
    about_user_id: text('about_user_id').references(() => users.id, { onDelete: 'set null' }),
    shared_at: text('shared_at'),
    next_one_on_one: text('next_one_on_one'),
    version: integer('version').notNull().default(1),
    /** When a part both people of a shared 1:1 read last changed (title, talking points, next 1:1 date, sharing). */
    shared_updated_at: text('shared_updated_at'),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('notes_org_author_idx').on(t.organization_id, t.author_id, t.updated_at), index('notes_org_about_idx').on(t.organization_id, t.about_user_id)],
);

/**
 * A talking point of a 1:1 note: added, edited and ticked off by the author or, once shared, the
 * person it is about. `version` grows with every change of its text: an edit based on an older
 * version is refused (CONFLICT), so two people editing one point never overwrite each other silently.
 */
export const noteAgendaItems = sqliteTable(
  'note_agenda_items',
  {
    id: text('id').primaryKey(),
    organization_id: org(),
    note_id: text('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
    version: integer('version').notNull().default(1),
    done_at: text('done_at'),
    done_by: text('done_by').references(() => users.id, { onDelete: 'set null' }),
    created_by: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [index('note_agenda_items_note_idx').on(t.note_id)],
);

/**
 * The private part of the person a shared 1:1 note is about (docs/decisions/0056): their own
 * Markdown on the same 1:1, read and written by `user_id` only, never by the note's author (whose
 * private part is notes.body). Kept while the note is unshared or about someone else (that person
 * reads it again once the note is shared with them again); deleted with the note or the person.
 * Triggers keep the shared search documents (note_shared_fts) in step: write it with plain INSERT,
 * UPDATE and DELETE only, never an upsert or INSERT OR REPLACE (migration 0018).
 */
export const notePrivateNotes = sqliteTable(
  'note_private_notes',
  {
    note_id: text('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organization_id: org(),
    body: text('body').notNull().default(''),
    version: integer('version').notNull().default(1),
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.note_id, t.user_id] })],
);
