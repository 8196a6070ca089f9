import type Database from 'better-sqlite3';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { noteAgendaItems, notes } from './notes.tables.js';
import { statement } from '../../db/sqlite.js';

/**
 * All SQL of notes (docs/decisions/0048, 0056). Reads of several notes, and every note that is
 * answered to someone, go through READABLE_NOTES: each row as THE VIEWER sees it.
 */

/**
 * Who reads a note (canReadNote in notes.access.ts) as SQL over `n`, with the parameters `@org`
 * and `@viewer`: its author, and the person it is about once shared. Nobody else, admins included.
 */
export const READABLE_NOTES_SQL = `n.organization_id = @org and (n.author_id = @viewer or (n.about_user_id = @viewer and n.shared_at is not null))`;

/**
 * A note as the person a shared 1:1 is about sees it (docs/decisions/0056): the shared parts as they
 * are; as its body and version, THEIR private part `p` (empty, version 0, until they write); no tags
 * and no pin (the author's); changed when a shared part or their private part last changed. The
 * author's body never leaves the database for them.
 */
const AS_SHARED_WITH_ME = `s.rowid as rid, s.id, s.organization_id, s.author_id, s.title, coalesce(p.body, '') as body, '[]' as tags, 0 as pinned,
  s.about_user_id, s.shared_at, s.next_one_on_one, coalesce(p.version, 0) as version, s.created_at,
  max(coalesce(s.shared_updated_at, s.shared_at), coalesce(p.updated_at, '')) as updated_at`;

/** The 1:1 notes shared with the viewer, each as they see it (an index search through (organization, about)). */
export const SHARED_WITH_ME = `select ${AS_SHARED_WITH_ME} from notes s left join note_private_notes p on p.note_id = s.id and p.user_id = @viewer
  where s.organization_id = @org and s.about_user_id = @viewer and s.shared_at is not null and s.author_id <> @viewer`;

/**
 * The notes the viewer reads as a row source `n` (with `n.rid`, the rowid), each as the viewer sees
 * it: their own notes whole, through (organization, author); those shared with them through
 * (organization, about), with their own private part in place of the author's (SHARED_WITH_ME). (The
 * OR of READABLE_NOTES_SQL alone scans the organization's notes: SQLite does not split it across the
 * two indexes.) Queries keep READABLE_NOTES_SQL in their WHERE too: the rule stays in one place.
 */
export const READABLE_NOTES = `(select rowid as rid, id, organization_id, author_id, title, body, tags, pinned, about_user_id, shared_at, next_one_on_one, version, created_at, updated_at
  from notes where organization_id = @org and author_id = @viewer
  union all ${SHARED_WITH_ME}) n`;

/**
 * A note as its author reads it (findNote, insert, update), or as the viewer sees it (readNote and
 * every list): never answer the first kind to anyone but the author. `shared_updated_at` is the
 * code's, not the screens'.
 */
export type NoteRow = Omit<typeof notes.$inferSelect, 'shared_updated_at'>;
export type AgendaItemRow = typeof noteAgendaItems.$inferSelect;

const nowIso = () => new Date().toISOString();

/** The columns of a NoteRow: the note as its author reads it. */
const AUTHOR_FIELDS = (() => {
  const { shared_updated_at: _ignored, ...fields } = getTableColumns(notes);
  return fields;
})();

const statements = new WeakMap<Db, Map<string, Database.Statement>>();
/** One prepared statement per SQL text and connection. */
export function prepared(db: Db, text: string): Database.Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let st = byText.get(text);
  if (!st) byText.set(text, (st = statement(db, text)));
  return st;
}

/** Columns of a note as raw SQL over `n`, and the mapping back to a NoteRow. */
export const NOTE_COLUMNS =
  'n.id, n.organization_id, n.author_id, n.title, n.body, n.tags, n.pinned, n.about_user_id, n.shared_at, n.next_one_on_one, n.version, n.created_at, n.updated_at';
export type RawNote = Omit<NoteRow, 'tags' | 'pinned'> & { tags: string; pinned: number };
export function noteOf(raw: RawNote): NoteRow {
  let tags: string[];
  try {
    tags = JSON.parse(raw.tags) as string[];
  } catch {
    tags = [];
  }
  return {
    id: raw.id,
    organization_id: raw.organization_id,
    author_id: raw.author_id,
    title: raw.title,
    body: raw.body,
    tags,
    pinned: !!raw.pinned,
    about_user_id: raw.about_user_id,
    shared_at: raw.shared_at,
    next_one_on_one: raw.next_one_on_one,
    version: raw.version,
    created_at: raw.created_at,
    updated_at: raw.updated_at,
  };
}

/** The note's row as stored (the author's view): for access checks and the author's own writes. */
export function findNote(db: Db, orgId: string, id: string): NoteRow | undefined {
  return db
    .select(AUTHOR_FIELDS)
    .from(notes)
    .where(and(eq(notes.organization_id, orgId), eq(notes.id, id)))
    .get();
}

export type Who = { org: string; viewer: string };

/** One note as the viewer sees it (READABLE_NOTES), or undefined when they may not read it. */
export function readNote(db: Db, who: Who, id: string): NoteRow | undefined {
  const raw = prepared(db, `select ${NOTE_COLUMNS} from ${READABLE_NOTES} where ${READABLE_NOTES_SQL} and n.id = @id`).get({ ...who, id }) as
    RawNote | undefined;
  return raw && noteOf(raw);
}

export type NoteValues = { title: string; body: string; tags: string[]; about_user_id: string | null; next_one_on_one: string | null };

export function insertNote(db: Db, orgId: string, authorId: string, values: NoteValues): NoteRow {
  const at = nowIso();
  return db
    .insert(notes)
    .values({ id: newId(), organization_id: orgId, author_id: authorId, ...values, created_at: at, updated_at: at })
    .returning(AUTHOR_FIELDS)
    .get();
}

/**
 * Saves the author's fields when the note is still at `baseVersion` (one statement: two saves from
 * two tabs can never both pass). Undefined when the version moved on (nothing saved). Changing the
 * person it is about stops sharing it (the new person does not read it until the author shares it).
 * A new title or 1:1 date (`change.shared`) is a change the other person sees; the body and tags are not.
 */
export function saveNoteContent(
  db: Db,
  id: string,
  baseVersion: number,
  set: Partial<NoteValues>,
  change: { about: boolean; shared: boolean },
): NoteRow | undefined {
  const at = nowIso();
  return db
    .update(notes)
    .set({
      ...set,
      ...(change.about ? { shared_at: null } : {}),
      ...(change.shared ? { shared_updated_at: at } : {}),
      version: sql`${notes.version} + 1`,
      updated_at: at,
    })
    .where(and(eq(notes.id, id), eq(notes.version, baseVersion)))
    .returning(AUTHOR_FIELDS)
    .get();
}

export function deleteNoteRow(db: Db, id: string): void {
  db.delete(notes).where(eq(notes.id, id)).run();
}

export function setNotePinned(db: Db, id: string, pinned: boolean): void {
  db.update(notes).set({ pinned }).where(eq(notes.id, id)).run();
}

/** Shares the note (`sharedAt`) or stops sharing it (null). */
export function setNoteShared(db: Db, id: string, sharedAt: string | null): void {
  const at = nowIso();
  db.update(notes)
    .set({ shared_at: sharedAt, updated_at: at, ...(sharedAt ? { shared_updated_at: at } : {}) })
    .where(eq(notes.id, id))
    .run();
}

export function setNoteNextDate(db: Db, id: string, date: string | null): void {
  const at = nowIso();
  db.update(notes).set({ next_one_on_one: date, updated_at: at, shared_updated_at: at }).where(eq(notes.id, id)).run();
}

/** A talking point changed: the note counts as changed for both people (latest change first in lists). */
export function touchNote(db: Db, id: string): void {
  const at = nowIso();
  db.update(notes).set({ updated_at: at, shared_updated_at: at }).where(eq(notes.id, id)).run();
}

// --- agenda ---------------------------------------------------------------------------------

export function countAgendaItems(db: Db, noteId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(noteAgendaItems)
      .where(eq(noteAgendaItems.note_id, noteId))
      .get()?.n ?? 0
  );
}

export function insertAgendaItem(db: Db, note: NoteRow, text: string, userId: string): AgendaItemRow {
  const position =
    (db
      .select({ p: sql<number | null>`max(${noteAgendaItems.position})` })
      .from(noteAgendaItems)
      .where(eq(noteAgendaItems.note_id, note.id))
      .get()?.p ?? -1) + 1;
  return db
    .insert(noteAgendaItems)
    .values({ id: newId(), organization_id: note.organization_id, note_id: note.id, text, position, created_by: userId, created_at: nowIso() })
    .returning()
    .get();
}

export function findAgendaItem(db: Db, orgId: string, id: string): AgendaItemRow | undefined {
  return db
    .select()
    .from(noteAgendaItems)
    .where(and(eq(noteAgendaItems.organization_id, orgId), eq(noteAgendaItems.id, id)))
    .get();
}

/**
 * A talking point's new text when it is still at `baseVersion` (one statement: of two edits based on
 * the same version only one passes). Undefined when someone changed it meanwhile (nothing saved).
 */
export function saveAgendaItemText(db: Db, id: string, text: string, baseVersion: number): AgendaItemRow | undefined {
  return db
    .update(noteAgendaItems)
    .set({ text, version: sql`${noteAgendaItems.version} + 1` })
    .where(and(eq(noteAgendaItems.id, id), eq(noteAgendaItems.version, baseVersion)))
    .returning()
    .get();
}

/** Ticks a talking point off (by `userId`) or opens it again. */
export function setAgendaItemDone(db: Db, id: string, done: boolean, userId: string): void {
  db.update(noteAgendaItems)
    .set(done ? { done_at: nowIso(), done_by: userId } : { done_at: null, done_by: null })
    .where(eq(noteAgendaItems.id, id))
    .run();
}

export function deleteAgendaItemRow(db: Db, id: string): void {
  db.delete(noteAgendaItems).where(eq(noteAgendaItems.id, id)).run();
}

/** The talking points of these notes, in their order (one statement for a whole list). */
export function listAgendaOfNotes(db: Db, noteIds: readonly string[]): AgendaItemRow[] {
  if (!noteIds.length) return [];
  return db
    .select()
    .from(noteAgendaItems)
    .where(inArray(noteAgendaItems.note_id, [...noteIds]))
    .orderBy(asc(noteAgendaItems.note_id), asc(noteAgendaItems.position), asc(noteAgendaItems.created_at))
    .all();
}

// --- lists and search -------------------------------------------------------------------------

export type NoteListFilter = {
  tag: string | null;
  aboutUserId: string | null;
  pinned: boolean | null;
  sharedWithMe: boolean | null;
};
/** Where the previous page ended: (pin, updated_at, rowid) without a search, (rank, rowid) with one. */
export type NoteCursor = { p?: number; u?: string; r?: number; i: number };
export type NoteListRow = { note: NoteRow; title_match: string | null; snippet: string | null; cursor: NoteCursor };

/** The viewer's pin counts only on their own notes. */
const PIN_KEY = '(case when n.author_id = @viewer and n.pinned then 1 else 0 end)';
export const FILTERS = `${READABLE_NOTES_SQL}
  and (@tag is null or exists (select 1 from json_each(n.tags) where json_each.value = @tag))
  and (@about is null or n.about_user_id = @about)
  and (@pinned is null or ${PIN_KEY} = @pinned)
  and (@shared is null or (case when n.author_id = @viewer then 0 else 1 end) = @shared)`;

const LIST_SQL = `select * from (
    select ${NOTE_COLUMNS}, n.rid, ${PIN_KEY} as pin_key, count(*) over () as total
    from ${READABLE_NOTES} where ${FILTERS}
  ) where @cp is null or pin_key < @cp or (pin_key = @cp and (updated_at < @cu or (updated_at = @cu and rid < @ci)))
  order by pin_key desc, updated_at desc, rid desc limit @limit`;

type RawListRow = RawNote & { rid: number; total: number; pin_key?: number };

/** The filter's parameters for FILTERS. */
export function filterParams(viewer: Who, filter: NoteListFilter) {
  return {
    ...viewer,
    tag: filter.tag,
    about: filter.aboutUserId,
    pinned: filter.pinned === null ? null : filter.pinned ? 1 : 0,
    shared: filter.sharedWithMe === null ? null : filter.sharedWithMe ? 1 : 0,
  };
}

/** A page of the notes the viewer reads (without a search): pinned first, then the latest change. */
export function listReadableNotes(
  db: Db,
  viewer: Who,
  filter: NoteListFilter,
  after: NoteCursor | null,
  limit: number,
): { rows: NoteListRow[]; total: number } {
  const params = filterParams(viewer, filter);
  const raws = prepared(db, LIST_SQL).all({ ...params, limit, cp: after?.p ?? null, cu: after?.u ?? null, ci: after?.i ?? null }) as RawListRow[];
  const total = raws[0]?.total ?? (after ? (prepared(db, `select count(*) from ${READABLE_NOTES} where ${FILTERS}`).pluck().get(params) as number) : 0);
  return { total, rows: raws.map((r) => ({ note: noteOf(r), title_match: null, snippet: null, cursor: { p: r.pin_key!, u: r.updated_at, i: r.rid } })) };
}

/** Tags of the notes the viewer reads, most used first. */
export function readableTagCounts(db: Db, viewer: Who): Array<{ tag: string; count: number }> {
  return prepared(
    db,
    `select json_each.value as tag, count(*) as count from ${READABLE_NOTES}, json_each(n.tags)
    where ${READABLE_NOTES_SQL} group by json_each.value order by count desc, tag asc limit 200`,
  ).all(viewer) as Array<{ tag: string; count: number }>;
}

/** The viewer's own pinned notes, latest change first. */
export function pinnedNotes(db: Db, viewer: Who, limit: number): NoteRow[] {
  return (
    prepared(
      db,
      `select ${NOTE_COLUMNS} from notes n where n.organization_id = @org and n.author_id = @viewer and n.pinned
    order by n.updated_at desc, n.rowid desc limit @limit`,
    ).all({ ...viewer, limit }) as RawNote[]
  ).map(noteOf);
}

/** The notes the viewer reads, latest change first. */
export function recentNotes(db: Db, viewer: Who, limit: number): NoteRow[] {
  return (
    prepared(
      db,
      `select ${NOTE_COLUMNS} from ${READABLE_NOTES} where ${READABLE_NOTES_SQL}
    order by n.updated_at desc, n.rid desc limit @limit`,
    ).all({ ...viewer, limit }) as RawNote[]
  ).map(noteOf);
}

/** Readable 1:1 notes whose next 1:1 is on or after `today`, soonest first. */
export function upcomingOneOnOnes(db: Db, viewer: Who, today: string, limit: number): NoteRow[] {
  return (
    prepared(
      db,
      `select ${NOTE_COLUMNS} from ${READABLE_NOTES} where ${READABLE_NOTES_SQL}
    and n.about_user_id is not null and n.next_one_on_one >= @today
    order by n.next_one_on_one asc, n.updated_at desc limit @limit`,
    ).all({ ...viewer, today, limit }) as RawNote[]
  ).map(noteOf);
}

/** Every note the viewer reads (the export): theirs first, then those shared with them, latest change first. */
export function allReadableNotes(db: Db, viewer: Who): NoteRow[] {
  return (
    prepared(
      db,
      `select ${NOTE_COLUMNS} from ${READABLE_NOTES} where ${READABLE_NOTES_SQL}
    order by (n.author_id = @viewer) desc, n.updated_at desc, n.rid desc`,
    ).all(viewer) as RawNote[]
  ).map(noteOf);
}
