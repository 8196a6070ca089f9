import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { listen, openRaw } from '../../graphql/subscriptions.test-support.js';
import { users } from '../users/users.tables.js';
import { setFeatureAreas } from '../feature-areas/feature-areas.repo.js';
import { notes } from './notes.tables.js';
import {
  ADD_POINT,
  exportNotes,
  GET,
  LIST,
  must,
  newNote,
  NOTE,
  NOTIFICATIONS,
  notesWorld,
  OVERVIEW,
  PIN,
  SHARE,
  TAGS,
  UPDATE,
  type NotesWorld,
} from './notes.test-support.js';

/** Notes through the real app: saving, versions, limits, sharing, the agenda, lists, live changes and the export. */

let app: FastifyInstance;
let w: NotesWorld;
let wsUrl: string;

beforeAll(async () => {
  app = await createTestApp();
  w = await notesWorld(app);
  wsUrl = await listen(app);
});
afterAll(async () => {
  await app.close();
});

const row = (id: string) => app.services.db.select().from(notes).where(eq(notes.id, id)).get();

describe('writing a note', () => {
  it('saves title, body and tags (lower-cased, each once), grows the version by one per save, and refuses a stale base_version without saving', async () => {
    const n = await newNote(w.author, { title: '  Roadmap thoughts ', body: 'First draft', tags: ['Career', 'career', ' Growth '] });
    expect(n).toMatchObject({
      title: 'Roadmap thoughts',
      body: 'First draft',
      tags: ['career', 'growth'],
      version: 1,
      mine: true,
      pinned: false,
      shared: false,
      about: null,
    });
    const saved = must(await w.author.gql(UPDATE, { id: n.id, input: { body: 'Second draft' }, v: 1 }), 'updateNote');
    expect(saved).toMatchObject({ title: 'Roadmap thoughts', body: 'Second draft', version: 2 });

    // Another tab still holds version 1: refused, nothing saved.
    const stale = await w.author.gql(UPDATE, { id: n.id, input: { body: 'Older tab text' }, v: 1 });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors?.[0]?.message).toMatch(/changed meanwhile/);
    expect(row(n.id)).toMatchObject({ body: 'Second draft', version: 2 });
  });

  it('refuses a body of 100,000 + 1 characters with a clear message and keeps the note as it was; exactly 100,000 is saved', async () => {
    const n = await newNote(w.author, { title: 'Long', body: 'short' });
    const tooLong = await w.author.gql(UPDATE, { id: n.id, input: { body: 'x'.repeat(NOTE_LIMITS.bodyMax + 1) }, v: 1 });
    expect(codeOf(tooLong)).toBe('BAD_USER_INPUT');
    expect(tooLong.errors?.[0]?.message).toContain('at most 100,000 characters');
    expect(row(n.id)).toMatchObject({ body: 'short', version: 1 });
    const created = await w.author.gql(`mutation($input: NoteInput!) { createNote(input: $input) { id } }`, {
      input: { body: 'y'.repeat(NOTE_LIMITS.bodyMax + 1) },
    });
    expect(codeOf(created)).toBe('BAD_USER_INPUT');
    const full = must(await w.author.gql(UPDATE, { id: n.id, input: { body: 'z'.repeat(NOTE_LIMITS.bodyMax) }, v: 1 }), 'updateNote');
    expect(full.body).toHaveLength(NOTE_LIMITS.bodyMax);
  });

  it('takes as the person a note is about only someone else, active, of the same organization', async () => {
    const deactivated = await newNote(w.author, { title: 'tmp' });
    for (const [who, message] of [
      [w.author.id, /not yourself/],
      [w.otherAdmin.id, /No such person/],
      ['nope', /No such person/],
    ] as const) {
      const r = await w.author.gql(UPDATE, { id: deactivated.id, input: { about_user_id: who }, v: 1 });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors?.[0]?.message).toMatch(message);
    }
    const gone = await newNote(w.member, { title: 'about Bea', about_user_id: w.about.id });
    expect(gone.about).toEqual({ id: w.about.id, full_name: 'Pia Peer' });
    app.services.db.update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, w.member.id)).run();
    try {
      const r = await w.author.gql(`mutation($input: NoteInput!) { createNote(input: $input) { id } }`, { input: { about_user_id: w.member.id } });
      expect(r.errors?.[0]?.message).toMatch(/deactivated/);
    } finally {
      app.services.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, w.member.id)).run();
    }
  });

  it('lets only the author edit, pin, share or delete; the person it is shared with gets FORBIDDEN, anyone else NOT_FOUND', async () => {
    const n = await newNote(w.author, { title: 'Our 1:1', about_user_id: w.about.id });
    must(await w.author.gql(SHARE, { id: n.id, shared: true }), 'shareNote');
    expect(codeOf(await w.about.gql(UPDATE, { id: n.id, input: { title: 'Mine now' }, v: 1 }))).toBe('FORBIDDEN');
    expect(codeOf(await w.about.gql(PIN, { id: n.id, pinned: true }))).toBe('FORBIDDEN');
    expect(codeOf(await w.about.gql('mutation($id: ID!) { deleteNote(id: $id) }', { id: n.id }))).toBe('FORBIDDEN');
    expect(codeOf(await w.manager.gql(UPDATE, { id: n.id, input: { title: 'x' }, v: 1 }))).toBe('NOT_FOUND');
    expect(codeOf(await w.admin.gql('mutation($id: ID!) { deleteNote(id: $id) }', { id: n.id }))).toBe('NOT_FOUND');
    expect(row(n.id)).toMatchObject({ title: 'Our 1:1' });
    expect(must(await w.author.gql('mutation($id: ID!) { deleteNote(id: $id) }', { id: n.id }), 'deleteNote')).toBe(true);
    expect(codeOf(await w.author.gql(GET, { id: n.id }))).toBe('NOT_FOUND');
  });
});

describe('a shared 1:1 note', () => {
  it('is shared only when it is about someone, tells that person (title only), becomes a shared agenda with the next 1:1 date, and is hidden again once unshared', async () => {
    const privateNote = await newNote(w.author, { title: 'Just mine' });
    const refused = await w.author.gql(SHARE, { id: privateNote.id, shared: true });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');

    const n = await newNote(w.author, { title: 'Weekly with Bea', body: 'Secret salary thoughts', about_user_id: w.about.id });
    const before = must<any[]>(await w.about.gql(NOTIFICATIONS), 'notifications').length;
    const shared = must(await w.author.gql(SHARE, { id: n.id, shared: true }), 'shareNote');
    expect(shared).toMatchObject({ shared: true, about: { id: w.about.id } });
    const told = must<any[]>(await w.about.gql(NOTIFICATIONS), 'notifications');
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatchObject({ kind: 'one_on_ones', title: 'A colleague shared 1:1 notes with you', body: null, link: `/notes/my-notes/${n.id}` });

    const seen = must(await w.about.gql(GET, { id: n.id }), 'note');
    expect(seen).toMatchObject({ title: 'Weekly with Bea', mine: false, pinned: false, shared: true });

    // Both sides add talking points; each tells the other side.
    const authorTold = must<any[]>(await w.author.gql(NOTIFICATIONS), 'notifications').length;
    const added = must(await w.about.gql(ADD_POINT, { id: n.id, text: 'Conference budget' }), 'addNoteAgendaItem');
    expect(added.agenda).toMatchObject([{ text: 'Conference budget', done: false, created_by: { id: w.about.id } }]);
    const tick = must(
      await w.author.gql(`mutation($id: ID!) { updateNoteAgendaItem(id: $id, done: true) { ${NOTE} } }`, { id: added.agenda[0].id }),
      'updateNoteAgendaItem',
    );
    expect(tick.agenda[0]).toMatchObject({ done: true, done_by: { id: w.author.id } });
    const authorNotes = must<any[]>(await w.author.gql(NOTIFICATIONS), 'notifications');
    expect(authorNotes).toHaveLength(authorTold + 1);
    expect(authorNotes[0]).toMatchObject({ kind: 'one_on_ones', title: 'A talking point was added to your 1:1 notes', body: null });
    expect(JSON.stringify(authorNotes)).not.toContain('Conference budget');

    const dated = must(
      await w.about.gql('mutation($id: ID!, $d: String) { setNoteNextOneOnOne(id: $id, date: $d) { next_one_on_one version } }', { id: n.id, d: '2030-01-15' }),
      'setNoteNextOneOnOne',
    );
    // Bea's version is that of her own private notes on the 1:1 (none yet): the date is a shared part, not hers to version.
    expect(dated).toEqual({ next_one_on_one: '2030-01-15', version: 0 });
    expect(codeOf(await w.about.gql('mutation($id: ID!, $d: String) { setNoteNextOneOnOne(id: $id, date: $d) { id } }', { id: n.id, d: '2030-02-30' }))).toBe(
      'BAD_USER_INPUT',
    );

    must(await w.author.gql(SHARE, { id: n.id, shared: false }), 'shareNote');
    expect(codeOf(await w.about.gql(GET, { id: n.id }))).toBe('NOT_FOUND');
    expect(codeOf(await w.about.gql(ADD_POINT, { id: n.id, text: 'More' }))).toBe('NOT_FOUND');
    expect(codeOf(await w.about.gql('mutation($id: ID!) { deleteNoteAgendaItem(id: $id) { id } }', { id: added.agenda[0].id }))).toBe('NOT_FOUND');
  });

  it("holds at most 50 talking points; a private note's talking points tell no one", async () => {
    const n = await newNote(w.author, { title: 'Many points', about_user_id: w.about.id });
    const before = must<any[]>(await w.about.gql(NOTIFICATIONS), 'notifications').length;
    for (let i = 0; i < NOTE_LIMITS.agendaItemsMax; i++)
      must(
        await w.author.gql(`mutation($id: ID!, $text: String!) { addNoteAgendaItem(note_id: $id, text: $text) { id } }`, { id: n.id, text: `Point ${i}` }),
        'add',
      );
    const over = await w.author.gql(ADD_POINT, { id: n.id, text: 'One too many' });
    expect(codeOf(over)).toBe('BAD_USER_INPUT');
    expect(over.errors?.[0]?.message).toMatch(/at most 50 talking points/);
    expect(codeOf(await w.author.gql(ADD_POINT, { id: n.id, text: '   ' }))).toBe('BAD_USER_INPUT');
    expect(must(await w.author.gql(GET, { id: n.id }), 'note').agenda).toHaveLength(50);
    expect(must<any[]>(await w.about.gql(NOTIFICATIONS), 'notifications')).toHaveLength(before);
  });

  it("stays readable, with its author's name, for the person it was shared with after the author was removed", async () => {
    const fresh = await notesWorld(app, 'removed-');
    const n = await newNote(fresh.author, { title: 'Before I leave', about_user_id: fresh.about.id });
    must(await fresh.author.gql(SHARE, { id: n.id, shared: true }), 'shareNote');
    app.services.db.update(users).set({ deleted_at: new Date().toISOString() }).where(eq(users.id, fresh.author.id)).run();
    expect(must(await fresh.about.gql(GET, { id: n.id }), 'note')).toMatchObject({
      title: 'Before I leave',
      author: { full_name: 'Remy Report' },
      mine: false,
    });
    expect(must(await fresh.about.gql(LIST, {}), 'notes').total).toBe(1);
  });

  it('changing the person it is about stops sharing it', async () => {
    const n = await newNote(w.author, { title: 'Moved', about_user_id: w.about.id });
    must(await w.author.gql(SHARE, { id: n.id, shared: true }), 'shareNote');
    const moved = must(await w.author.gql(UPDATE, { id: n.id, input: { about_user_id: w.member.id }, v: 1 }), 'updateNote');
    expect(moved).toMatchObject({ shared: false, shared_at: null, about: { id: w.member.id } });
    expect(codeOf(await w.about.gql(GET, { id: n.id }))).toBe('NOT_FOUND');
    expect(codeOf(await w.member.gql(GET, { id: n.id }))).toBe('NOT_FOUND');
  });
});

describe('lists, tags and the overview', () => {
  it('lists pinned notes first, then the latest change, in keyset pages, with the tag, person, pinned and shared-with-me filters', async () => {
    const fresh = await notesWorld(app, 'list-');
    const a = await newNote(fresh.author, { title: 'A', tags: ['ops'] });
    await newNote(fresh.author, { title: 'B', tags: ['ops', 'hiring'], about_user_id: fresh.about.id });
    const c = await newNote(fresh.author, { title: 'C' });
    must(await fresh.author.gql(PIN, { id: a.id, pinned: true }), 'pinNote');
    const theirs = await newNote(fresh.about, { title: 'Shared by Bea', tags: ['ops'], about_user_id: fresh.author.id });
    must(await fresh.about.gql(SHARE, { id: theirs.id, shared: true }), 'shareNote');
    await newNote(fresh.about, { title: 'Bea private', tags: ['secret-tag'], about_user_id: fresh.author.id });

    const titles = (r: any) => r.items.map((i: any) => i.note.title);
    const all = must(await fresh.author.gql(LIST, {}), 'notes');
    expect(titles(all)).toEqual(['A', 'Shared by Bea', 'C', 'B']);
    expect(all.total).toBe(4);

    const p1 = must(await fresh.author.gql(LIST, { filter: { first: 3 } }), 'notes');
    expect(titles(p1)).toEqual(['A', 'Shared by Bea', 'C']);
    const p2 = must(await fresh.author.gql(LIST, { filter: { first: 3, after: p1.next_cursor } }), 'notes');
    expect(titles(p2)).toEqual(['B']);
    expect(p2).toMatchObject({ total: 4, next_cursor: null });
    expect(codeOf(await fresh.author.gql(LIST, { filter: { after: 'garbage' } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await fresh.author.gql(LIST, { filter: { first: 0 } }))).toBe('BAD_USER_INPUT');

    // Tags are their author's own: Bea's tag on the note she shared is not Aria's to filter by.
    expect(titles(must(await fresh.author.gql(LIST, { filter: { tag: 'OPS' } }), 'notes'))).toEqual(['A', 'B']);
    expect(titles(must(await fresh.author.gql(LIST, { filter: { about_user_id: fresh.about.id } }), 'notes'))).toEqual(['B']);
    expect(titles(must(await fresh.author.gql(LIST, { filter: { pinned: true } }), 'notes'))).toEqual(['A']);
    expect(titles(must(await fresh.author.gql(LIST, { filter: { shared_with_me: true } }), 'notes'))).toEqual(['Shared by Bea']);
    expect(titles(must(await fresh.author.gql(LIST, { filter: { shared_with_me: false } }), 'notes'))).toEqual(['A', 'C', 'B']);

    expect(must(await fresh.author.gql(TAGS), 'noteTags')).toEqual([
      { tag: 'ops', count: 2 },
      { tag: 'hiring', count: 1 },
    ]);
    expect(c.id).toBeTruthy();
  });

  it('the overview holds my pinned notes, 5 recent ones and the next 1:1s from today (by the server clock)', async () => {
    const fresh = await notesWorld(app, 'overview-');
    const pinned = await newNote(fresh.author, { title: 'Pinned one' });
    must(await fresh.author.gql(PIN, { id: pinned.id, pinned: true }), 'pinNote');
    for (let i = 0; i < 6; i++) await newNote(fresh.author, { title: `Recent ${i}` });
    const past = await newNote(fresh.author, { title: 'Past 1:1', about_user_id: fresh.about.id, next_one_on_one: '2030-03-01' });
    const soon = await newNote(fresh.author, { title: 'Soon 1:1', about_user_id: fresh.about.id, next_one_on_one: '2030-03-10' });
    const shared = await newNote(fresh.about, { title: 'Bea 1:1', about_user_id: fresh.author.id, next_one_on_one: '2030-03-05' });
    must(await fresh.about.gql(SHARE, { id: shared.id, shared: true }), 'shareNote');
    app.services.scheduler.useClock(() => Date.parse('2030-03-04T12:00:00Z'));
    try {
      const o = must(await fresh.author.gql(OVERVIEW), 'notesOverview');
      expect(o.pinned.map((n: any) => n.title)).toEqual(['Pinned one']);
      expect(o.recent).toHaveLength(5);
      expect(o.recent[0].title).toBe('Bea 1:1');
      expect(o.next_one_on_ones).toEqual([
        { note: { id: shared.id, title: 'Bea 1:1' }, with: { id: fresh.about.id, full_name: 'Pia Peer' }, date: '2030-03-05' },
        { note: { id: soon.id, title: 'Soon 1:1' }, with: { id: fresh.about.id, full_name: 'Pia Peer' }, date: '2030-03-10' },
      ]);
      expect(past.id).toBeTruthy();
    } finally {
      app.services.scheduler.useClock(Date.now);
    }
  });

  it('never answers a stale note from the response cache', async () => {
    const n = await newNote(w.author, { title: 'Cached?', body: 'one' });
    expect(must(await w.author.gql(GET, { id: n.id }), 'note').body).toBe('one');
    expect(must(await w.author.gql(GET, { id: n.id }), 'note').body).toBe('one');
    expect(must(await w.author.gql(LIST, { filter: { query: 'cached' } }), 'notes').items[0].note.body).toBe('one');
    must(await w.author.gql(UPDATE, { id: n.id, input: { body: 'two' }, v: 1 }), 'updateNote');
    expect(must(await w.author.gql(GET, { id: n.id }), 'note').body).toBe('two');
    expect(must(await w.author.gql(LIST, { filter: { query: 'cached' } }), 'notes').items[0].note.body).toBe('two');
    const point = must(await w.author.gql(ADD_POINT, { id: n.id, text: 'Point' }), 'addNoteAgendaItem');
    expect(point.agenda).toHaveLength(1);
    expect(must(await w.author.gql(GET, { id: n.id }), 'note').agenda).toHaveLength(1);
  });
});

describe('live changes and the export', () => {
  it("sends the note after each change to its readers, and ends the shared person's subscription once unshared", async () => {
    const n = await newNote(w.author, { title: 'Live', about_user_id: w.about.id });
    must(await w.author.gql(SHARE, { id: n.id, shared: true }), 'shareNote');
    const sub = `subscription($id: ID!) { noteChanged(id: $id) { id title agenda { text } } }`;
    const mine = await openRaw(wsUrl);
    await mine.init(w.author.token);
    mine.subscribe('1', sub, { variables: { id: n.id } });
    const theirs = await openRaw(wsUrl);
    await theirs.init(w.about.token);
    theirs.subscribe('1', sub, { variables: { id: n.id } });
    await mine.waitFor((m) => m.type === 'next');
    await theirs.waitFor((m) => m.type === 'next');

    must(await w.about.gql(ADD_POINT, { id: n.id, text: 'From Bea' }), 'addNoteAgendaItem');
    await mine.waitFor((m) => m.type === 'next' && m.payload?.data?.noteChanged?.agenda?.[0]?.text === 'From Bea');
    must(await w.author.gql(UPDATE, { id: n.id, input: { title: 'Live, renamed' }, v: 1 }), 'updateNote');
    await theirs.waitFor((m) => m.type === 'next' && m.payload?.data?.noteChanged?.title === 'Live, renamed');

    must(await w.author.gql(SHARE, { id: n.id, shared: false }), 'shareNote');
    await theirs.waitFor((m) => m.type === 'complete');
    must(await w.author.gql(UPDATE, { id: n.id, input: { title: 'After unsharing' }, v: 2 }), 'updateNote');
    await mine.waitFor((m) => m.type === 'next' && m.payload?.data?.noteChanged?.title === 'After unsharing');
    expect(JSON.stringify(theirs.messages)).not.toContain('After unsharing');
    mine.close();
    theirs.close();
  });

  it('exports my notes and those shared with me as one Markdown attachment', async () => {
    const fresh = await notesWorld(app, 'export-');
    const mine = await newNote(fresh.author, { title: 'My plan', body: '## Goals\n\n- ship it', tags: ['q1'], about_user_id: fresh.about.id });
    must(await fresh.author.gql(ADD_POINT, { id: mine.id, text: 'Talk about Q1' }), 'addNoteAgendaItem');
    const theirs = await newNote(fresh.about, { title: 'From Bea', body: 'Bea prepares privately', about_user_id: fresh.author.id });
    must(await fresh.about.gql(SHARE, { id: theirs.id, shared: true }), 'shareNote');
    must(await fresh.author.gql(UPDATE, { id: theirs.id, input: { body: 'Aria prepares privately' }, v: 0 }), 'updateNote');
    await newNote(fresh.about, { title: 'Bea keeps this', body: 'Bea private body', about_user_id: fresh.author.id });

    const res = await exportNotes(app, fresh.author.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="teamlens-notes-\d{4}-\d{2}-\d{2}\.md"$/);
    expect(res.body).toContain('## My plan');
    expect(res.body).toContain('- About Pia Peer (private)');
    expect(res.body).toContain('## Goals\n\n- ship it');
    expect(res.body).toContain('- [ ] Talk about Q1');
    expect(res.body).toContain('## From Bea');
    expect(res.body).toContain('- Shared with you by Pia Peer');
    // Of the note Bea shared: Aria's own private notes, never Bea's.
    expect(res.body).toContain('### My private notes\n\nAria prepares privately');
    expect(res.body).not.toContain('Bea prepares privately');
    expect(res.body).not.toContain('Bea keeps this');
    expect(res.body).not.toContain('Bea private body');
    expect(res.body.indexOf('## My plan')).toBeLessThan(res.body.indexOf('## From Bea'));
    expect((await exportNotes(app, null)).statusCode).toBe(401);
  });

  it('is closed, export included, while an admin has notes switched off, and comes back with everything when switched on', async () => {
    const fresh = await notesWorld(app, 'off-');
    const n = await newNote(fresh.author, { title: 'Kept while off' });
    setFeatureAreas(app.services.db, fresh.org.id, fresh.admin.id, [{ area: 'NOTES', enabled: false }]);
    expect(codeOf(await fresh.author.gql(GET, { id: n.id }))).toBe('FORBIDDEN');
    expect(codeOf(await fresh.author.gql(LIST, {}))).toBe('FORBIDDEN');
    expect((await exportNotes(app, fresh.author.token)).statusCode).toBe(403);
    setFeatureAreas(app.services.db, fresh.org.id, fresh.admin.id, [{ area: 'NOTES', enabled: true }]);
    expect(must(await fresh.author.gql(GET, { id: n.id }), 'note').title).toBe('Kept while off');
  });
});
