import { canReadNote } from '../notes/notes.access.js';
import { readNote, type NoteRow } from '../notes/notes.repo.js';
import { tokenSql } from './assistant.index.repo.js';
import { fingerprint, srcList, type LoadContext, type LoadedPassage, type SourceKind } from './assistant.sources.js';
import { stmt } from './assistant.statements.repo.js';

/**
 * Notes (docs/decisions/0048, 0056). Three kinds, one per part, each indexed for its readers only:
 * - note: the author's title and body, for the author;
 * - note_private: the private part the other person of a shared 1:1 writes, for that person;
 * - note_agenda: a talking point, for the author and, while shared, the other person.
 * Read again through readNote (the note as the asker sees it: the other person's body IS their own
 * private part, never the author's) and canReadNote, the notes' one rule.
 */
type Raw = { src: number; id: string; note_id: string };

function readableNotes(ctx: LoadContext, noteIds: readonly string[]): Map<string, NoteRow> {
  const out = new Map<string, NoteRow>();
  const who = { org: ctx.viewer.organizationId, viewer: ctx.viewer.userId };
  for (const id of new Set(noteIds)) {
    const note = readNote(ctx.db, who, id);
    if (note && canReadNote(ctx.viewer, note)) out.set(id, note);
  }
  return out;
}

const groupOf = (note: NoteRow) => ({
  key: `note:${note.id}`,
  source: 'NOTES' as const,
  title: note.title.trim() || 'Untitled note',
  link: `/notes/my-notes/${note.id}`,
});

const rows = <T>(ctx: LoadContext, table: string, columns: string, noteColumn: string, srcs: readonly number[]) =>
  stmt(
    ctx.db,
    `select s.rowid as src, ${noteColumn} as note_id, ${columns} from json_each(?) j cross join ${table} s on s.rowid = j.value where s.organization_id = ?`,
  ).all(srcList(srcs), ctx.viewer.organizationId) as Array<Raw & T>;

export const noteKind: SourceKind = {
  kind: 'note',
  audience: ['p'],
  index: {
    kind: 'note',
    code: 5,
    table: 'notes',
    from: 'notes s',
    org: 's.organization_id',
    at: 's.updated_at',
    body: `s.title || char(10) || s.body`,
    tags: [tokenSql('p', 's.author_id'), tokenSql('s', 's.about_user_id'), tokenSql('n', 's.id')],
    columns: ['title', 'body', 'author_id', 'about_user_id', 'updated_at'],
  },
  load(ctx, srcs) {
    const raws = rows<{ id: string }>(ctx, 'notes', 's.id', 's.id', srcs);
    const notes = readableNotes(
      ctx,
      raws.map((r) => r.note_id),
    );
    return raws.flatMap((r): LoadedPassage[] => {
      const note = notes.get(r.note_id);
      // The body is the author's private part: only the author's own notes.
      if (!note || note.author_id !== ctx.viewer.userId) return [];
      return [
        {
          kind: 'note',
          src: r.src,
          fp: fingerprint('note', note.id),
          text: note.body.trim() || note.title,
          at: note.updated_at,
          author: null,
          tone: false,
          label: note.about_user_id ? 'Your 1:1 notes' : 'Your note',
          group: groupOf(note),
          audit: `note:${note.id}`,
        },
      ];
    });
  },
};

export const notePrivateKind: SourceKind = {
  kind: 'note_private',
  audience: ['p'],
  index: {
    kind: 'note_private',
    code: 6,
    table: 'note_private_notes',
    from: 'note_private_notes s join notes n on n.id = s.note_id',
    org: 's.organization_id',
    at: 's.updated_at',
    body: 's.body',
    tags: [tokenSql('p', 's.user_id'), tokenSql('n', 's.note_id'), tokenSql('s', 'n.author_id')],
  },
  load(ctx, srcs) {
    const raws = rows<{ user_id: string; id: string }>(ctx, 'note_private_notes', 's.user_id, s.note_id as id', 's.note_id', srcs);
    const notes = readableNotes(
      ctx,
      raws.filter((r) => r.user_id === ctx.viewer.userId).map((r) => r.note_id),
    );
    return raws.flatMap((r): LoadedPassage[] => {
      const note = notes.get(r.note_id);
      // As the other person sees the note, its body is their own private part (readNote).
      if (!note || r.user_id !== ctx.viewer.userId || note.author_id === ctx.viewer.userId || !note.body.trim()) return [];
      return [
        {
          kind: 'note_private',
          src: r.src,
          fp: fingerprint('note_private', `${note.id}:${r.user_id}`),
          text: note.body,
          at: note.updated_at,
          author: null,
          tone: false,
          label: 'Your private notes on this 1:1',
          group: groupOf(note),
          audit: `note:${note.id}`,
        },
      ];
    });
  },
};

export const noteAgendaKind: SourceKind = {
  kind: 'note_agenda',
  audience: ['p'],
  index: {
    kind: 'note_agenda',
    code: 7,
    table: 'note_agenda_items',
    from: 'note_agenda_items s join notes n on n.id = s.note_id',
    org: 's.organization_id',
    at: 's.created_at',
    body: 's.text',
    tags: [
      tokenSql('p', 'n.author_id'),
      tokenSql('p', 'n.about_user_id'),
      tokenSql('n', 's.note_id'),
      tokenSql('s', 'n.about_user_id'),
      tokenSql('s', 'n.author_id'),
    ],
    columns: ['text', 'note_id'],
    dependents: [{ table: 'notes', columns: ['author_id', 'about_user_id'], where: (row) => `s.note_id = ${row}.id` }],
  },
  load(ctx, srcs) {
    const raws = rows<{ id: string; text: string; done_at: string | null; created_at: string }>(
      ctx,
      'note_agenda_items',
      's.id, s.text, s.done_at, s.created_at',
      's.note_id',
      srcs,
    );
    const notes = readableNotes(
      ctx,
      raws.map((r) => r.note_id),
    );
    return raws.flatMap((r): LoadedPassage[] => {
      const note = notes.get(r.note_id);
      if (!note) return [];
      return [
        {
          kind: 'note_agenda',
          src: r.src,
          fp: fingerprint('note_agenda', r.id),
          text: r.text,
          at: r.created_at,
          author: null,
          tone: false,
          label: r.done_at ? 'Talking point, done' : 'Talking point, open',
          group: groupOf(note),
          audit: `note:${note.id}`,
          open: !r.done_at,
        },
      ];
    });
  },
};
