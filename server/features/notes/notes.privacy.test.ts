import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { listen, openRaw } from '../../graphql/subscriptions.test-support.js';
import {
  ADD_POINT, exportNotes, GET, LIST, must, newNote, NOTIFICATIONS, notesWorld, OVERVIEW, SHARE, TAGS, type Caller, type NotesWorld,
} from './notes.test-support.js';

/**
 * Private means private (issue 13, notes 3): a matrix of roles x paths. A private note is read by
 * its author only; a 1:1 note shared with the person it is about is read by the two of them, and
 * by the author alone again once unshared. Nobody else, through any path, admins included: the
 * others get NOT_FOUND or nothing, and no notification, email or dashboard carries a note's words.
 */

let app: FastifyInstance;
let w: NotesWorld;
let wsUrl: string;
let roles: Record<string, Caller>;
/** A private note about Bea, and a 1:1 note about her that is shared, then unshared. */
const P = { title: 'Zebra private title', body: 'Quokka private body', tag: 'privtag', point: 'Ocelot point' };
const S = { title: 'Walrus shared title', body: 'Narwhal shared body', tag: 'sharedtag', point: 'Pelican point', reply: 'Heron point' };
const WORDS = ['Zebra', 'Quokka', 'privtag', 'Ocelot', 'Walrus', 'Narwhal', 'sharedtag', 'Pelican', 'Heron'];
let privateId: string;
let sharedId: string;

beforeAll(async () => {
  app = await createTestApp();
  w = await notesWorld(app);
  wsUrl = await listen(app);
  // The author's manager is also the manager of the person the notes are about.
  roles = { author: w.author, about: w.about, manager: w.manager, admin: w.admin, member: w.member, otherOrgAdmin: w.otherAdmin };
  const p = await newNote(w.author, { title: P.title, body: P.body, tags: [P.tag], about_user_id: w.about.id, next_one_on_one: '2099-01-10' });
  must(await w.author.gql(ADD_POINT, { id: p.id, text: P.point }), 'addNoteAgendaItem');
  const s = await newNote(w.author, { title: S.title, body: S.body, tags: [S.tag], about_user_id: w.about.id, next_one_on_one: '2099-01-05' });
  must(await w.author.gql(ADD_POINT, { id: s.id, text: S.point }), 'addNoteAgendaItem');
  privateId = p.id;
  sharedId = s.id;
});
afterAll(async () => { await app.close(); });

type Note = typeof P;
const SUB = 'subscription($id: ID!) { noteChanged(id: $id) { id title body agenda { text } } }';

/** What `caller` reads of `note` through every path: for each path, whether they saw its words (and nothing of it otherwise). */
async function pathsOf(caller: Caller, id: string, note: Note): Promise<Record<string, boolean>> {
  const sees = (value: unknown) => {
    const text = JSON.stringify(value);
    const hits = [note.title, note.body, note.tag, note.point].filter((word) => text.includes(word.split(' ')[0]!)).length;
    return hits > 0;
  };
  const seen: Record<string, boolean> = {};

  const one = await caller.gql(GET, { id });
  if (one.errors) expect(codeOf(one), 'note: refused as NOT_FOUND').toBe('NOT_FOUND');
  seen.note = !one.errors && sees(one.data);
  seen.notes = sees(must(await caller.gql(LIST, {}), 'notes'));
  const byTitle = must(await caller.gql(LIST, { filter: { query: note.title.split(' ')[0] } }), 'notes');
  const byBody = must(await caller.gql(LIST, { filter: { query: note.body.split(' ')[0] } }), 'notes');
  seen.search = sees(byTitle) || sees(byBody) || byTitle.total > 0 || byBody.total > 0;
  seen.noteTags = sees(must(await caller.gql(TAGS), 'noteTags'));
  seen.notesOverview = sees(must(await caller.gql(OVERVIEW), 'notesOverview'));
  const ex = await exportNotes(app, caller.token);
  expect(ex.statusCode).toBe(200);
  seen.export = sees(ex.body);

  const raw = await openRaw(wsUrl);
  await raw.init(caller.token);
  raw.subscribe('s', SUB, { variables: { id } });
  const first = await raw.waitFor((m) => m.type === 'next' || m.type === 'error');
  if (first.type === 'error') expect(JSON.stringify(first.payload)).toContain('NOT_FOUND');
  seen.noteChanged = first.type === 'next' && sees(first.payload);
  raw.close();
  return seen;
}

const PATHS = ['note', 'notes', 'search', 'noteTags', 'notesOverview', 'export', 'noteChanged'];
const only = (...readers: string[]) => Object.fromEntries(Object.keys(roles).map((r) => [r, Object.fromEntries(PATHS.map((p) => [p, readers.includes(r)]))]));

async function matrix(id: string, note: Note): Promise<Record<string, Record<string, boolean>>> {
  const out: Record<string, Record<string, boolean>> = {};
  for (const [name, caller] of Object.entries(roles)) out[name] = await pathsOf(caller, id, note);
  return out;
}

describe('private means private', () => {
  it('a private note, and a 1:1 note before sharing, after sharing and after unsharing: each role reads exactly what it may, through every path', async () => {
    // Before sharing: the author alone reads either note.
    expect(await matrix(privateId, P)).toEqual(only('author'));
    expect(await matrix(sharedId, S)).toEqual(only('author'));

    // Shared: the person it is about reads it too (and adds a talking point); the private note stays the author's.
    must(await w.author.gql(SHARE, { id: sharedId, shared: true }), 'shareNote');
    must(await w.about.gql(ADD_POINT, { id: sharedId, text: S.reply }), 'addNoteAgendaItem');
    expect(await matrix(sharedId, S)).toEqual(only('author', 'about'));
    expect(await matrix(privateId, P)).toEqual(only('author'));

    // Unshared: hidden again.
    must(await w.author.gql(SHARE, { id: sharedId, shared: false }), 'shareNote');
    expect(await matrix(sharedId, S)).toEqual(only('author'));
  });

  it('no notification, email or admin dashboard of anyone carries a note\'s words; only the sharing and the talking point told the other side, and nobody else heard of either note', async () => {
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
