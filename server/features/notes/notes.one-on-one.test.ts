import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { listen, openRaw } from '../../graphql/subscriptions.test-support.js';
import { notePrivateNotes } from './notes.tables.js';
import { ADD_POINT, EDIT_POINT, GET, LIST, must, newNote, NOTE, notesWorld, SHARE, UPDATE, type NotesWorld } from './notes.test-support.js';

/**
 * A shared 1:1 note (docs/decisions/0056): the shared parts, and each person's private part beside
 * them. Through the real app: who writes what, what each one sees move, live changes per reader,
 * and two people editing at once.
 */

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

/** A 1:1 note by Aria (the author) about Bea, shared with her. */
async function sharedOneOnOne(title: string, body = 'Manager private line') {
  const n = await newNote(w.author, { title, body, about_user_id: w.about.id });
  must(await w.author.gql(SHARE, { id: n.id, shared: true }), 'shareNote');
  return n;
}
const privateRow = (noteId: string, userId: string) =>
  app.services.db
    .select()
    .from(notePrivateNotes)
    .where(and(eq(notePrivateNotes.note_id, noteId), eq(notePrivateNotes.user_id, userId)))
    .get();

describe("each person's private part", () => {
  it("the person a shared note is about writes their own private notes (autosave versions of their own); neither reads the other's", async () => {
    const n = await sharedOneOnOne('Weekly with Bea');
    const first = must(await w.about.gql(GET, { id: n.id }), 'note');
    expect(first).toMatchObject({ title: 'Weekly with Bea', body: '', tags: [], version: 0, mine: false });

    const saved = must(await w.about.gql(UPDATE, { id: n.id, input: { body: 'Report private line' }, v: 0 }), 'updateNote');
    expect(saved).toMatchObject({ body: 'Report private line', version: 1 });
    const again = must(await w.about.gql(UPDATE, { id: n.id, input: { body: 'Report private line, longer' }, v: 1 }), 'updateNote');
    expect(again).toMatchObject({ body: 'Report private line, longer', version: 2 });

    // A stale save (another tab of Bea's) is refused and saves nothing; so is a second "first" save.
    for (const v of [1, 0]) {
      const stale = await w.about.gql(UPDATE, { id: n.id, input: { body: 'Older tab' }, v });
      expect(codeOf(stale)).toBe('CONFLICT');
      expect(stale.errors?.[0]?.message).toMatch(/changed meanwhile/);
    }
    expect(privateRow(n.id, w.about.id)).toMatchObject({ body: 'Report private line, longer', version: 2 });
    // Only her body: the title, tags or person stay the author's; too long is refused.
    expect(codeOf(await w.about.gql(UPDATE, { id: n.id, input: { body: 'x', title: 'Mine' }, v: 2 }))).toBe('FORBIDDEN');
    expect(codeOf(await w.about.gql(UPDATE, { id: n.id, input: { tags: ['x'] }, v: 2 }))).toBe('FORBIDDEN');
    expect(codeOf(await w.about.gql(UPDATE, { id: n.id, input: { body: 'x'.repeat(NOTE_LIMITS.bodyMax + 1) }, v: 2 }))).toBe('BAD_USER_INPUT');
    expect(privateRow(n.id, w.about.id)).toMatchObject({ body: 'Report private line, longer', version: 2 });

    // The author reads their own line, never hers, and their version did not move.
    const author = must(await w.author.gql(GET, { id: n.id }), 'note');
    expect(author).toMatchObject({ body: 'Manager private line', version: 1 });
    expect(JSON.stringify(author)).not.toContain('Report private');
    expect(JSON.stringify(must(await w.about.gql(GET, { id: n.id }), 'note'))).not.toContain('Manager private');
    expect(privateRow(n.id, w.author.id)).toBeUndefined();

    // Unshared, Bea cannot reach it; her line is kept and is hers again once it is shared again.
    must(await w.author.gql(SHARE, { id: n.id, shared: false }), 'shareNote');
    expect(codeOf(await w.about.gql(UPDATE, { id: n.id, input: { body: 'While unshared' }, v: 2 }))).toBe('NOT_FOUND');
    must(await w.author.gql(SHARE, { id: n.id, shared: true }), 'shareNote');
    expect(must(await w.about.gql(GET, { id: n.id }), 'note')).toMatchObject({ body: 'Report private line, longer', version: 2 });
    expect(JSON.stringify(must(await w.author.gql(GET, { id: n.id }), 'note'))).not.toContain('Report private');
  });

  it("one person writing privately moves nothing the other sees: not the note's change time, nor its place in their list", async () => {
    const older = await sharedOneOnOne('Older 1:1');
    const newer = await sharedOneOnOne('Newer 1:1');
    const order = async (caller = w.about) =>
      must(await caller.gql(LIST, { filter: { shared_with_me: caller === w.about } }), 'notes').items.map((i: any) => i.note.title);
    const time = async (caller: typeof w.author, id: string) => must(await caller.gql(GET, { id }), 'note').updated_at as string;
    expect((await order()).slice(0, 2)).toEqual(['Newer 1:1', 'Older 1:1']);
    const beaSaw = await time(w.about, older.id);

    must(await w.author.gql(UPDATE, { id: older.id, input: { body: 'The manager writes on', tags: ['perf'] }, v: 1 }), 'updateNote');
    expect(await time(w.about, older.id)).toBe(beaSaw);
    expect((await order()).slice(0, 2)).toEqual(['Newer 1:1', 'Older 1:1']);

    const ariaSaw = await time(w.author, newer.id);
    must(await w.about.gql(UPDATE, { id: newer.id, input: { body: 'Bea writes on' }, v: 0 }), 'updateNote');
    expect(await time(w.author, newer.id)).toBe(ariaSaw);
    expect(await time(w.about, newer.id)).not.toBe(ariaSaw);

    // A shared part moves for both.
    must(await w.author.gql(UPDATE, { id: older.id, input: { title: 'Older 1:1, renamed' }, v: 2 }), 'updateNote');
    expect((await order()).slice(0, 2)).toEqual(['Older 1:1, renamed', 'Newer 1:1']);
    expect(await time(w.about, older.id)).not.toBe(beaSaw);
  });

  it("live: a private save is heard by its writer only, a shared change by both, and each payload holds the reader's own part", async () => {
    const n = await sharedOneOnOne('Live 1:1', 'Aria first line');
    const sub = `subscription($id: ID!) { noteChanged(id: $id) { ${NOTE} } }`;
    const [aria, bea] = [await openRaw(wsUrl), await openRaw(wsUrl)];
    await aria.init(w.author.token);
    await bea.init(w.about.token);
    aria.subscribe('1', sub, { variables: { id: n.id } });
    bea.subscribe('1', sub, { variables: { id: n.id } });
    await aria.waitFor((m) => m.type === 'next');
    await bea.waitFor((m) => m.type === 'next');
    const nexts = (raw: typeof aria) => raw.messages.filter((m) => m.type === 'next').map((m) => m.payload.data.noteChanged);

    // Aria writes privately, Bea writes privately: each hears their own save.
    must(await w.author.gql(UPDATE, { id: n.id, input: { body: 'Aria second line' }, v: 1 }), 'updateNote');
    await aria.waitFor((m) => m.type === 'next' && m.payload.data.noteChanged.body === 'Aria second line');
    must(await w.about.gql(UPDATE, { id: n.id, input: { body: 'Bea own line' }, v: 0 }), 'updateNote');
    await bea.waitFor((m) => m.type === 'next' && m.payload.data.noteChanged.body === 'Bea own line');
    // A shared change, heard by both: the round trip that shows neither heard the other's private save.
    must(await w.about.gql(ADD_POINT, { id: n.id, text: 'Heard by both' }), 'addNoteAgendaItem');
    await aria.waitFor((m) => m.type === 'next' && m.payload.data.noteChanged.agenda.length === 1);
    await bea.waitFor((m) => m.type === 'next' && m.payload.data.noteChanged.agenda.length === 1);

    expect(nexts(aria).map((x) => [x.body, x.agenda.length])).toEqual([
      ['Aria first line', 0],
      ['Aria second line', 0],
      ['Aria second line', 1],
    ]);
    expect(nexts(bea).map((x) => [x.body, x.agenda.length])).toEqual([
      ['', 0],
      ['Bea own line', 0],
      ['Bea own line', 1],
    ]);
    expect(JSON.stringify(bea.messages)).not.toMatch(/first line|second line/);
    expect(JSON.stringify(aria.messages)).not.toContain('Bea own line');
    aria.close();
    bea.close();
  });
});

describe('two people on one agenda at once', () => {
  it('adding at once keeps every talking point', async () => {
    const n = await sharedOneOnOne('Busy agenda');
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? w.author : w.about).gql(ADD_POINT, { id: n.id, text: `Point ${i}` })));
    const agenda = must(await w.author.gql(GET, { id: n.id }), 'note').agenda.map((a: any) => a.text);
    expect(agenda.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Point ${i}`).sort());
  });

  it("editing one talking point's text at once: the stale edit is refused (CONFLICT) and changes nothing; ticking off needs no version", async () => {
    const n = await sharedOneOnOne('Edited agenda');
    const point = must(await w.author.gql(ADD_POINT, { id: n.id, text: 'Budget' }), 'addNoteAgendaItem').agenda[0];
    expect(point.version).toBe(1);
    // Both started from version 1: Aria saves first, Bea's save is refused and Aria's text stays.
    const aria = must(await w.author.gql(EDIT_POINT, { id: point.id, text: 'Budget for the conference', v: 1 }), 'updateNoteAgendaItem');
    expect(aria.agenda[0]).toMatchObject({ text: 'Budget for the conference', version: 2 });
    const stale = await w.about.gql(EDIT_POINT, { id: point.id, text: 'Budget for training', v: 1 });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors?.[0]?.message).toMatch(/changed meanwhile/);
    expect(must(await w.about.gql(GET, { id: n.id }), 'note').agenda[0]).toMatchObject({ text: 'Budget for the conference', version: 2 });
    // Bea saves again on top of what she has now seen.
    const bea = must(await w.about.gql(EDIT_POINT, { id: point.id, text: 'Budget for training', v: 2 }), 'updateNoteAgendaItem');
    expect(bea.agenda[0]).toMatchObject({ text: 'Budget for training', version: 3 });

    // A new text needs the version; ticking off does not, and does not change it.
    expect(codeOf(await w.author.gql(EDIT_POINT, { id: point.id, text: 'No version' }))).toBe('BAD_USER_INPUT');
    const ticked = must(
      await w.author.gql(`mutation($id: ID!) { updateNoteAgendaItem(id: $id, done: true) { ${NOTE} } }`, { id: point.id }),
      'updateNoteAgendaItem',
    );
    expect(ticked.agenda[0]).toMatchObject({ text: 'Budget for training', version: 3, done: true });
    // Two edits sent together from the same version: exactly one passes.
    const both = await Promise.all([
      w.author.gql(EDIT_POINT, { id: point.id, text: 'From Aria', v: 3 }),
      w.about.gql(EDIT_POINT, { id: point.id, text: 'From Bea', v: 3 }),
    ]);
    expect(both.map((r) => (r.errors ? codeOf(r) : 'ok')).sort()).toEqual(['CONFLICT', 'ok']);
    expect(must(await w.author.gql(GET, { id: n.id }), 'note').agenda[0].version).toBe(4);
  });
});
