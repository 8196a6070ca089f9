import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { listen, openRaw } from '../../graphql/subscriptions.test-support.js';
import {
  ADD_POINT,
  exportNotes,
  GET,
  LIST,
  must,
  newNote,
  NOTIFICATIONS,
  notesWorld,
  OVERVIEW,
  SHARE,
  TAGS,
  UPDATE,
  type Caller,
  type NotesWorld,
} from './notes.test-support.js';

/**
 * Private means private (docs/decisions/0048, 0056): a matrix of roles x paths x parts of a note.
 * A private note is read by its author only. A 1:1 note shared with the person it is about has
 * shared parts (title, talking points, next 1:1 date) that both read, the author's private part
 * (body and tags) that only the author reads, and the other person's private part that only they
 * read; once unshared, the author alone reads it again. Nobody else, through any path, admins
 * included: the others get NOT_FOUND or nothing, and no notification, email or dashboard carries a
 * note's words.
 */

let app: FastifyInstance;
let w: NotesWorld;
let wsUrl: string;
let roles: Record<string, Caller>;

/** Each part of a note by one word only it holds. */
type Parts = { title: string; authorPrivate: string; authorTag: string; point: string; otherPrivate: string };
const P: Parts = { title: 'Zebra', authorPrivate: 'Quokka', authorTag: 'privtag', point: 'Ocelot', otherPrivate: 'Axolotl' };
const S: Parts = { title: 'Walrus', authorPrivate: 'Narwhal', authorTag: 'sharedtag', point: 'Pelican', otherPrivate: 'Heron' };
const WORDS = [...Object.values(P), ...Object.values(S), 'Ibex'];
let privateId: string;
let sharedId: string;

beforeAll(async () => {
  app = await createTestApp();
  w = await notesWorld(app);
  wsUrl = await listen(app);
  // The author's manager is also the manager of the person the notes are about.
  roles = { author: w.author, about: w.about, manager: w.manager, admin: w.admin, member: w.member, otherOrgAdmin: w.otherAdmin };
  const p = await newNote(w.author, {
    title: `${P.title} private title`,
    body: `${P.authorPrivate} private body`,
    tags: [P.authorTag],
    about_user_id: w.about.id,
    next_one_on_one: '2099-01-10',
  });
  must(await w.author.gql(ADD_POINT, { id: p.id, text: `${P.point} point` }), 'addNoteAgendaItem');
  const s = await newNote(w.author, {
    title: `${S.title} shared title`,
    body: `The manager's private line: ${S.authorPrivate} salary thoughts`,
    tags: [S.authorTag],
    about_user_id: w.about.id,
    next_one_on_one: '2099-01-05',
  });
  must(await w.author.gql(ADD_POINT, { id: s.id, text: `${S.point} point` }), 'addNoteAgendaItem');
  privateId = p.id;
  sharedId = s.id;
});
afterAll(async () => {
  await app.close();
});

const SUB = 'subscription($id: ID!) { noteChanged(id: $id) { id title body tags agenda { text } } }';
/** For each path, the parts (by name) whose words it carried. */
type Seen = Record<'note' | 'notes' | 'search' | 'noteTags' | 'notesOverview' | 'export' | 'noteChanged', string[]>;

/** Which parts of `note` `caller` reads through every path (by their words), and nothing otherwise. */
async function pathsOf(caller: Caller, id: string, note: Parts): Promise<Seen> {
  const partsIn = (value: unknown) => {
    const text = JSON.stringify(value);
    return (Object.keys(note) as Array<keyof Parts>).filter((part) => text.includes(note[part]));
  };
  const one = await caller.gql(GET, { id });
  if (one.errors) expect(codeOf(one), 'note: refused as NOT_FOUND').toBe('NOT_FOUND');
  // Search: by each part's word, the parts whose word finds the note.
  const found: string[] = [];
  for (const part of Object.keys(note) as Array<keyof Parts>) {
    const r = must(await caller.gql(LIST, { filter: { query: note[part] } }), 'notes');
    if (r.total > 0 || partsIn(r).length) found.push(part);
  }
  const ex = await exportNotes(app, caller.token);
  expect(ex.statusCode).toBe(200);

  const raw = await openRaw(wsUrl);
  await raw.init(caller.token);
  raw.subscribe('s', SUB, { variables: { id } });
  const first = await raw.waitFor((m) => m.type === 'next' || m.type === 'error');
  if (first.type === 'error') expect(JSON.stringify(first.payload)).toContain('NOT_FOUND');
  raw.close();

  return {
    note: one.errors ? [] : partsIn(one.data),
    notes: partsIn(must(await caller.gql(LIST, {}), 'notes')),
    search: found,
    noteTags: partsIn(must(await caller.gql(TAGS), 'noteTags')),
    notesOverview: partsIn(must(await caller.gql(OVERVIEW), 'notesOverview')),
    export: partsIn(ex.body),
    noteChanged: first.type === 'next' ? partsIn(first.payload) : [],
  };
}

async function matrix(id: string, note: Parts): Promise<Record<string, Seen>> {
  const out: Record<string, Seen> = {};
  for (const [name, caller] of Object.entries(roles)) out[name] = await pathsOf(caller, id, note);
  return out;
}

const NOTHING: Seen = { note: [], notes: [], search: [], noteTags: [], notesOverview: [], export: [], noteChanged: [] };
/** The author reads all of their own parts; the list shows title and body, search finds by them, the overview shows titles. */
const AUTHOR: Seen = {
  note: ['title', 'authorPrivate', 'authorTag', 'point'],
  notes: ['title', 'authorPrivate'],
  search: ['title', 'authorPrivate'],
  noteTags: ['authorTag'],
  notesOverview: ['title'],
  export: ['title', 'authorPrivate', 'authorTag', 'point'],
  noteChanged: ['title', 'authorPrivate', 'authorTag', 'point'],
};
/** The person a shared note is about: the shared parts and their own private part, never the author's. */
const OTHER: Seen = {
  note: ['title', 'point', 'otherPrivate'],
  notes: ['title', 'otherPrivate'],
  search: ['title', 'otherPrivate'],
  noteTags: [],
  notesOverview: ['title'],
  export: ['title', 'point', 'otherPrivate'],
  noteChanged: ['title', 'point', 'otherPrivate'],
};
const expected = (readers: Partial<Record<string, Seen>>) => Object.fromEntries(Object.keys(roles).map((r) => [r, readers[r] ?? NOTHING]));

describe('private means private', () => {
  it('a private note, and a 1:1 note before sharing, after sharing (each side writing privately) and after unsharing: each role reads exactly its parts, through every path', async () => {
    // Before sharing: the author alone reads either note.
    expect(await matrix(privateId, P)).toEqual(expected({ author: AUTHOR }));
    expect(await matrix(sharedId, S)).toEqual(expected({ author: AUTHOR }));

    // Shared: the person it is about reads the shared parts, adds a talking point and writes their own private line.
    must(await w.author.gql(SHARE, { id: sharedId, shared: true }), 'shareNote');
    must(await w.about.gql(ADD_POINT, { id: sharedId, text: 'Ibex point' }), 'addNoteAgendaItem');
    const theirs = must(await w.about.gql(UPDATE, { id: sharedId, input: { body: `My own private line: ${S.otherPrivate} worries` }, v: 0 }), 'updateNote');
    expect(theirs).toMatchObject({ body: `My own private line: ${S.otherPrivate} worries`, tags: [], version: 1, mine: false });
    expect(await matrix(sharedId, S)).toEqual(expected({ author: AUTHOR, about: OTHER }));
    expect(await matrix(privateId, P)).toEqual(expected({ author: AUTHOR }));

    // Unshared: hidden again; their private line stays theirs (kept, and never the author's to read).
    must(await w.author.gql(SHARE, { id: sharedId, shared: false }), 'shareNote');
    expect(await matrix(sharedId, S)).toEqual(expected({ author: AUTHOR }));
  });

  it("no notification, email or admin dashboard of anyone carries a note's words; only the sharing and the talking point told the other side, and nobody else heard of either note", async () => {
    for (const [name, caller] of Object.entries(roles)) {
      const list = must<any[]>(await caller.gql(NOTIFICATIONS), 'notifications');
      const text = JSON.stringify(list);
      for (const word of WORDS) expect(text, `${name}'s notifications`).not.toContain(word);
      const about1on1 = list.filter((n) => n.kind === 'one_on_ones');
      if (name === 'about') expect(about1on1.map((n) => n.title)).toEqual(['A colleague shared 1:1 notes with you']);
      else if (name === 'author') expect(about1on1.map((n) => n.title)).toEqual(['A talking point was added to your 1:1 notes']);
      else expect(about1on1, name).toEqual([]);
      expect(JSON.stringify(list.filter((n) => n.link?.includes(privateId))), `${name}: nothing about the private note`).toBe('[]');
    }
    for (const admin of [w.admin, w.otherAdmin]) {
      const outbox = must<any[]>(await admin.gql('{ emailOutbox(limit: 200) { to subject text } }'), 'emailOutbox');
      for (const word of WORDS) expect(JSON.stringify(outbox)).not.toContain(word);
      const dash = must(await admin.gql('{ adminDashboard { headcount { active } recent_sign_ins { full_name } top_pages { path } } }'), 'adminDashboard');
      for (const word of WORDS) expect(JSON.stringify(dash)).not.toContain(word);
    }
  });
});
