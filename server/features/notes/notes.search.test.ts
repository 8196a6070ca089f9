import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MATCH_END as E, NOTE_MATCH_START as S } from '../../../shared/notes.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { toMatchExpression } from './notes.search.js';
import { LIST, must, newNote, notesWorld, SHARE, UPDATE, type NotesWorld } from './notes.test-support.js';

/** Full-text search over notes (FTS5): ranking, highlighted matches, paging, what it never shows, and queries made of operators. */

let app: FastifyInstance;
let w: NotesWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  w = await notesWorld(app);
  // The title match is written first, so that the latest change (the order without a search) would put it last.
  ids.title = (await newNote(w.author, { title: 'Kubernetes migration', body: 'Plans for the next quarter.' })).id;
  ids.body = (await newNote(w.author, { title: 'Weekly sync', body: 'We talked about <b>kubernetes</b> and the budget, and planning.' })).id;
  ids.other = (await newNote(w.author, { title: 'Résumé review', body: 'Lunch "quotes" * NEAR( AND - stuff' })).id;
  ids.bea = (await newNote(w.about, { title: 'Kubernetes secrets of Bea', body: 'kubernetes kubernetes kubernetes' })).id;
  // A 1:1 note Bea shares with Aria: its body is Bea's private part; Aria writes her own private part on it.
  ids.shared = (await newNote(w.about, { title: 'Shared agenda', body: 'kubernetes rollout Bea keeps to herself', about_user_id: w.author.id })).id;
  must(await w.about.gql(SHARE, { id: ids.shared, shared: true }), 'shareNote');
  must(await w.author.gql(UPDATE, { id: ids.shared, input: { body: 'Ask Bea about kubernetes questions' }, v: 0 }), 'updateNote');
});
afterAll(async () => {
  await app.close();
});

const search = async (caller = w.author, query: string, extra: Record<string, unknown> = {}) =>
  must(await caller.gql(LIST, { filter: { query, ...extra } }), 'notes');

describe('note search', () => {
  it('ranks a title match above body matches, marks the matches with U+0002/U+0003 (never HTML), and searches only notes the viewer reads', async () => {
    const r = await search(w.author, 'kubernetes');
    expect(r.total).toBe(3);
    expect(r.items[0]).toMatchObject({ note: { id: ids.title }, title_match: `${S}Kubernetes${E} migration` });
    expect(new Set(r.items.map((i: any) => i.note.id))).toEqual(new Set([ids.title, ids.body, ids.shared]));
    const body = r.items.find((i: any) => i.note.id === ids.body);
    expect(body.title_match).toBe('Weekly sync');
    expect(body.snippet).toContain(`<b>${S}kubernetes${E}</b>`);
    expect(JSON.stringify(r)).not.toContain('<mark');
    expect(JSON.stringify(r)).not.toContain('secrets of Bea');
    // The note Bea shared is found by Aria's own private words, its snippet from them; never Bea's.
    expect(r.items.find((i: any) => i.note.id === ids.shared).snippet).toBe(`Ask Bea about ${S}kubernetes${E} questions`);
    expect(JSON.stringify(r)).not.toContain('herself');
  });

  it("finds a shared 1:1 note by its title and by each person's own private words, never by the other person's", async () => {
    const ids_ = async (caller: typeof w.author, query: string) => (await search(caller, query)).items.map((i: any) => i.note.id);
    // Bea's private words: Bea finds her note, Aria does not.
    expect(await ids_(w.about, 'herself')).toEqual([ids.shared]);
    expect(await ids_(w.author, 'herself')).toEqual([]);
    expect(await ids_(w.author, 'rollout')).toEqual([]);
    // Aria's private words: Aria finds the note, Bea does not.
    expect(await ids_(w.author, 'questions')).toEqual([ids.shared]);
    expect(await ids_(w.about, 'questions')).toEqual([]);
    // The title is shared: both find it; words of the title and of one's own part together too.
    expect(await ids_(w.author, 'shared agenda')).toEqual([ids.shared]);
    expect(await ids_(w.about, 'shared agenda')).toEqual([ids.shared]);
    expect(await ids_(w.author, 'agenda questions')).toEqual([ids.shared]);
    expect(await ids_(w.author, 'agenda rollout')).toEqual([]);
    // Aria changes her words: the old ones find nothing, the new ones do (the index, and the response cache, follow at once).
    expect(await ids_(w.author, 'timelines')).toEqual([]);
    must(await w.author.gql(UPDATE, { id: ids.shared, input: { body: 'Ask Bea about kubernetes timelines' }, v: 1 }), 'updateNote');
    expect(await ids_(w.author, 'questions')).toEqual([]);
    expect(await ids_(w.author, 'timelines')).toEqual([ids.shared]);
    must(await w.author.gql(UPDATE, { id: ids.shared, input: { body: 'Ask Bea about kubernetes questions' }, v: 2 }), 'updateNote');
    // Unshared, nothing of it is found by Aria, not even her own words (kept, back once shared again).
    must(await w.about.gql(SHARE, { id: ids.shared, shared: false }), 'shareNote');
    expect(await ids_(w.author, 'questions')).toEqual([]);
    expect(await ids_(w.author, 'shared agenda')).toEqual([]);
    must(await w.about.gql(SHARE, { id: ids.shared, shared: true }), 'shareNote');
    expect(await ids_(w.author, 'questions')).toEqual([ids.shared]);
    expect(await ids_(w.about, 'questions')).toEqual([]);
    // The index matches its content throughout (FTS5's own check).
    for (const table of ['notes_fts', 'note_shared_fts']) {
      expect(() => app.services.db.$client.prepare(`insert into ${table}(${table}, rank) values ('integrity-check', 1)`).run()).not.toThrow();
    }
  });

  it('takes the last word as a prefix, stems words and folds diacritics', async () => {
    expect((await search(w.author, 'kuber')).total).toBe(3);
    expect((await search(w.author, 'kubernetes migr')).items.map((i: any) => i.note.id)).toEqual([ids.title]);
    expect((await search(w.author, 'plans')).items.map((i: any) => i.note.id).sort()).toEqual([ids.title, ids.body].sort());
    expect((await search(w.author, 'resume')).items.map((i: any) => i.note.id)).toEqual([ids.other]);
  });

  it('pages ranked results with a cursor', async () => {
    const first = await search(w.author, 'kubernetes', { first: 2 });
    expect(first.items).toHaveLength(2);
    const rest = await search(w.author, 'kubernetes', { first: 2, after: first.next_cursor });
    expect(rest).toMatchObject({ total: 3, next_cursor: null });
    expect(rest.items).toHaveLength(1);
    const all = [...first.items, ...rest.items].map((i: any) => i.note.id);
    expect(all).toEqual((await search(w.author, 'kubernetes')).items.map((i: any) => i.note.id));
  });

  it("finds a heavy writer's notes among a thousand of theirs and nobody else's, paged", async () => {
    const heavy = await notesWorld(app, 'heavy-');
    const { db } = app.services;
    const insert = db.$client.prepare('insert into notes (id, organization_id, author_id, title, body) values (?, ?, ?, ?, ?)');
    db.$client.transaction(() => {
      for (let i = 0; i < 1000; i++) insert.run(`heavy-${i}`, heavy.org.id, heavy.author.id, `Filler ${i}`, 'nothing to see');
    })();
    const title = (await newNote(heavy.author, { title: 'Kubernetes at scale', body: 'x' })).id;
    const body = (await newNote(heavy.author, { title: 'Other', body: 'about kubernetes' })).id;
    const r = await search(heavy.author, 'kuber');
    expect(r.items.map((i: any) => i.note.id)).toEqual([title, body]);
    expect(r.items[0].title_match).toBe(`${S}Kubernetes${E} at scale`);
    // Still only the viewer's notes: Aria's, in another organization's world, are not found.
    expect(r.total).toBe(2);
    const paged = await search(heavy.author, 'kuber', { first: 1 });
    expect((await search(heavy.author, 'kuber', { first: 1, after: paged.next_cursor })).items.map((i: any) => i.note.id)).toEqual([body]);
  });

  it('takes operators as plain words: a query of operators only is an empty list, never an error', async () => {
    for (const query of [
      '"',
      '*',
      'NEAR(',
      '-',
      '^',
      '(',
      ')',
      ':',
      '" * NEAR( -',
      '""""',
      '*"*',
      '\\',
      '(((',
      'NEAR(a b',
      'AND',
      'OR',
      'NOT',
      'title:kubernetes',
      'kubernetes OR',
      '-kubernetes',
      'kubernetes"',
      '"kubernetes',
      'kubernetes*',
      'kubernetes NOT budget',
      '🙂',
      'kube\u0000rnetes',
      'a\u0000"b',
      '\u0000',
    ]) {
      const r = await w.author.gql(LIST, { filter: { query } });
      expect(r.errors, query).toBeUndefined();
      expect(r.status, query).toBe(200);
    }
    for (const query of ['"', '*', '-', '" * -', '""""', '^', '(', '🙂']) expect((await search(w.author, query)).items, query).toEqual([]);
    // NEAR( is the word "near": only the note that holds it as text.
    for (const query of ['NEAR(', '" * NEAR( -', 'near AND'])
      expect(
        (await search(w.author, query)).items.map((i: any) => i.note.id),
        query,
      ).toEqual([ids.other]);
    // Operators become words: "kubernetes OR" needs the word "or" too; "NOT budget" needs both words.
    expect((await search(w.author, 'kubernetes OR')).total).toBe(0);
    expect((await search(w.author, 'kubernetes budget')).items.map((i: any) => i.note.id)).toEqual([ids.body]);
    expect((await search(w.author, '"kubernetes')).total).toBe(3);
    expect(toMatchExpression('a"b NEAR( *')).toBe('"a""b" "NEAR("*');
    expect(toMatchExpression('" * -')).toBeNull();
    const long = await w.author.gql(LIST, { filter: { query: 'x'.repeat(201) } });
    expect(codeOf(long)).toBe('BAD_USER_INPUT');
  });
});
