import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { retroGroups, retroReflections, retros } from './retros.tables.js';
import { newRetro, retroWorld, toPhase, type RetroWorld } from './retros.test-support.js';
import { ADD, DELETE, MOVE, RENAME, SUGGEST, UPDATE, board, reflect } from './retros.board.test-support.js';

let app: FastifyInstance;
let w: RetroWorld;

beforeAll(async () => {
  app = await createTestApp();
  w = await retroWorld(app);
});
afterAll(async () => app.close());

const version = (id: string) => app.services.db.select({ v: retros.version }).from(retros).where(eq(retros.id, id)).get()!.v;
const reflectionRows = (retroId: string) => app.services.db.select().from(retroReflections).where(eq(retroReflections.retro_id, retroId)).all();
const groupRows = (retroId: string) => app.services.db.select().from(retroGroups).where(eq(retroGroups.retro_id, retroId)).all();

async function reflecting(overrides: Record<string, unknown> = {}) {
  const retro = await newRetro(w.members[0]!, w.team.id, overrides);
  await toPhase(w.members[0]!, retro.id, 'REFLECT');
  return retro.id as string;
}

describe('reflections while the team reflects', () => {
  it('others see that something was written (counts per prompt, people writing) but no text and no id they could match later', async () => {
    const id = await reflecting();
    const [remy, pia, paz] = w.members;
    const mine1 = await reflect(remy!, id, 'start', 'Start pairing on reviews');
    await reflect(remy!, id, 'stop', 'Stop late deploys');
    await reflect(pia!, id, 'start', 'Start writing tests first');

    const own = await board(remy!, id);
    expect(own.writing).toEqual({
      people: 2,
      reflections: 3,
      per_prompt: expect.arrayContaining([
        { prompt_id: 'start', count: 2 },
        { prompt_id: 'stop', count: 1 },
      ]),
    });
    const ownTexts = own.reflections
      .filter((x: any) => x.mine)
      .map((x: any) => x.text)
      .sort();
    expect(ownTexts).toEqual(['Start pairing on reviews', 'Stop late deploys']);
    expect(own.reflections.find((x: any) => x.id === mine1)).toMatchObject({ mine: true, author: null, group_id: null });
    const othersForRemy = own.reflections.filter((x: any) => !x.mine);
    expect(othersForRemy).toEqual([{ id: expect.stringMatching(/^hidden-/), prompt_id: 'start', text: null, group_id: null, mine: false, author: null }]);

    for (const viewer of [paz!, w.manager, w.admin]) {
      const seen = await board(viewer, id);
      expect(seen.reflections).toHaveLength(3);
      expect(seen.reflections.every((x: any) => x.text === null && !x.mine && x.author === null && x.id.startsWith('hidden-'))).toBe(true);
      expect(JSON.stringify(seen)).not.toMatch(/pairing|deploys|tests first/);
      expect(seen.writing.people).toBe(2);
    }
    expect(own.groups).toEqual([]);
  });

  it('the author edits and deletes their own; anyone else (member, manager, admin, other organization) gets NOT_FOUND and nothing changes', async () => {
    const id = await reflecting();
    const [remy, pia] = w.members;
    const rid = await reflect(remy!, id, 'continue', 'Continue demos');
    const edited = await remy!.gql(UPDATE, { id: rid, t: '  Continue Friday demos  ' });
    expect(edited.data!.updateRetroReflection).toEqual({ id: rid, text: 'Continue Friday demos', mine: true });
    const before = version(id);
    for (const other of [pia!, w.manager, w.admin, w.otherAdmin, w.outsider]) {
      const u = await other.gql(UPDATE, { id: rid, t: 'hijacked' });
      expect(codeOf(u)).toBe('NOT_FOUND');
      expect(u.errors![0]!.message).toBe('Reflection not found.');
      expect(codeOf(await other.gql(DELETE, { id: rid }))).toBe('NOT_FOUND');
    }
    expect(codeOf(await remy!.gql(UPDATE, { id: 'no-such-id', t: 'x' }))).toBe('NOT_FOUND');
    expect(version(id)).toBe(before);
    expect(reflectionRows(id).map((r) => r.text)).toEqual(['Continue Friday demos']);
    expect((await remy!.gql(DELETE, { id: rid })).data!.deleteRetroReflection).toBe(true);
    expect(reflectionRows(id)).toEqual([]);
  });

  it('bad input: over 2,000 characters, empty text, an unknown prompt, a foreign retro; nothing is written', async () => {
    const id = await reflecting();
    const remy = w.members[0]!;
    const before = version(id);
    const long = await remy.gql(ADD, { r: id, p: 'start', t: 'x'.repeat(2001) });
    expect(codeOf(long)).toBe('BAD_USER_INPUT');
    expect(long.errors![0]!.message).toMatch(/2000 characters/);
    expect(codeOf(await remy.gql(ADD, { r: id, p: 'start', t: '   ' }))).toBe('BAD_USER_INPUT');
    const prompt = await remy.gql(ADD, { r: id, p: 'mad', t: 'Hello' });
    expect(codeOf(prompt)).toBe('BAD_USER_INPUT');
    expect(prompt.errors![0]!.message).toMatch(/Start, Stop, Continue/);
    expect(codeOf(await w.otherOrgMember.gql(ADD, { r: id, p: 'start', t: 'Hello' }))).toBe('NOT_FOUND');
    expect(codeOf(await w.outsider.gql(ADD, { r: id, p: 'start', t: 'Hello' }))).toBe('NOT_FOUND');
    expect(version(id)).toBe(before);
    expect(reflectionRows(id)).toEqual([]);
    // 2,000 characters after trimming is allowed.
    await reflect(remy, id, 'start', `  ${'y'.repeat(2000)}  `);
    expect(reflectionRows(id)[0]!.text).toHaveLength(2000);
  });

  it('out of turn: writing before REFLECT or after it, editing or deleting after it, is CONFLICT', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    const early = await w.members[1]!.gql(ADD, { r: retro.id, p: 'start', t: 'Too early' });
    expect(codeOf(early)).toBe('CONFLICT');
    await toPhase(w.members[0]!, retro.id, 'REFLECT');
    const rid = await reflect(w.members[1]!, retro.id, 'start', 'On time');
    await toPhase(w.members[0]!, retro.id, 'GROUP');
    const late = await w.members[1]!.gql(ADD, { r: retro.id, p: 'start', t: 'Too late' });
    expect(codeOf(late)).toBe('CONFLICT');
    expect(late.errors![0]!.message).toMatch(/Reflect phase/);
    expect(codeOf(await w.members[1]!.gql(UPDATE, { id: rid, t: 'Changed' }))).toBe('CONFLICT');
    expect(codeOf(await w.members[1]!.gql(DELETE, { id: rid }))).toBe('CONFLICT');
    expect(reflectionRows(retro.id).map((r) => r.text)).toEqual(['On time']);
  });
});

describe('signed and anonymous retros from GROUP on', () => {
  it('everyone sees every text; a signed retro shows its authors, an anonymous one stores and shows none', async () => {
    const signed = await reflecting({ anonymous: false });
    const anonymous = await reflecting();
    const [remy, pia] = w.members;
    for (const id of [signed, anonymous]) {
      const own = await reflect(remy!, id, 'start', 'Start code review');
      await reflect(pia!, id, 'stop', 'Stop skipping standups');
      // Signed or not, the author edits their own (by token), and nobody is named before GROUP.
      expect((await remy!.gql(UPDATE, { id: own, t: 'Start code reviews before lunch' })).data!.updateRetroReflection.mine).toBe(true);
      expect((await board(w.admin, id)).reflections.every((x: any) => x.author === null && x.text === null)).toBe(true);
      expect((await board(remy!, id)).reflections.every((x: any) => x.author === null)).toBe(true);
      await toPhase(w.members[0]!, id, 'GROUP');
    }
    const s = await board(w.admin, signed);
    expect(s.reflections.map((x: any) => [x.text, x.author?.id]).sort()).toEqual([
      ['Start code reviews before lunch', remy!.id],
      ['Stop skipping standups', pia!.id],
    ]);
    expect(
      reflectionRows(signed)
        .map((r) => r.author_id)
        .sort(),
    ).toEqual([remy!.id, pia!.id].sort());
    for (const viewer of [remy!, pia!, w.manager, w.admin]) {
      const a = await board(viewer, anonymous);
      expect(a.reflections.map((x: any) => x.text).sort()).toEqual(['Start code reviews before lunch', 'Stop skipping standups']);
      expect(a.reflections.every((x: any) => x.author === null)).toBe(true);
      expect(a.reflections.filter((x: any) => x.mine)).toHaveLength(viewer === remy || viewer === pia ? 1 : 0);
    }
    expect(reflectionRows(anonymous).every((r) => r.author_id === null && r.author_token)).toBe(true);
  });
});

describe('groups', () => {
  async function grouping(texts: Array<[string, string]>) {
    const id = await reflecting();
    const ids: string[] = [];
    for (const [i, [prompt, text]] of texts.entries()) ids.push(await reflect(w.members[i % 4]!, id, prompt, text));
    await toPhase(w.members[0]!, id, 'GROUP');
    return { id, ids };
  }

  it('entering GROUP gives every reflection a group of its own titled from its key words', async () => {
    const { id, ids } = await grouping([
      ['stop', 'Flaky integration tests'],
      ['start', 'Pair programming sessions'],
      ['stop', 'Flaky tests again'],
    ]);
    const b = await board(w.members[2]!, id);
    expect(b.groups).toHaveLength(3);
    expect(b.groups.map((g: any) => g.reflection_ids.length)).toEqual([1, 1, 1]);
    expect(b.groups.flatMap((g: any) => g.reflection_ids).sort()).toEqual([...ids].sort());
    const titleOf = (rid: string) => b.groups.find((g: any) => g.reflection_ids.includes(rid)).title;
    expect(titleOf(ids[1]!)).toBe('Pair, programming, sessions');
    expect(titleOf(ids[0]!)).toMatch(/Integration/);
    // Start comes before Stop (the template's order), whatever the order of writing.
    expect(b.groups[0].reflection_ids).toEqual([ids[1]]);
    expect(b.groups.every((g: any) => g.votes === null && g.my_votes === 0)).toBe(true);
  });

  it('moves: into another group (the empty one disappears, titles made from cards follow), out into a new group; renamed titles stay', async () => {
    const { id, ids } = await grouping([
      ['stop', 'Flaky integration tests'],
      ['stop', 'Flaky tests again'],
      ['start', 'Pair programming'],
    ]);
    const groupOf = (b: any, rid: string) => b.groups.find((g: any) => g.reflection_ids.includes(rid));
    let b = await board(w.members[0]!, id);
    const target = groupOf(b, ids[0]!);
    const r = await w.members[3]!.gql(MOVE, { id: ids[1], g: target.id });
    b = r.data!.moveRetroReflection;
    expect(b.groups).toHaveLength(2);
    expect(groupOf(b, ids[1]!).id).toBe(target.id);
    expect(groupOf(b, ids[1]!).reflection_ids).toEqual([ids[0], ids[1]]);
    expect(groupOf(b, ids[1]!).title).toMatch(/^Flaky/);
    expect(b.reflections.find((x: any) => x.id === ids[1]).group_id).toBe(target.id);
    expect(groupRows(id)).toHaveLength(2);

    const renamed = await w.members[1]!.gql(RENAME, { id: target.id, t: '  Test stability ' });
    expect(renamed.data!.renameRetroGroup).toEqual({ id: target.id, title: 'Test stability', reflection_ids: [ids[0], ids[1]], votes: null, my_votes: 0 });
    b = (await w.members[1]!.gql(MOVE, { id: ids[2], g: target.id })).data!.moveRetroReflection;
    expect(b.groups).toHaveLength(1);
    expect(b.groups[0].title).toBe('Test stability');

    b = (await w.members[1]!.gql(MOVE, { id: ids[2], g: null })).data!.moveRetroReflection;
    expect(b.groups).toHaveLength(2);
    const alone = groupOf(b, ids[2]!);
    expect(alone.id).not.toBe(target.id);
    expect(alone.reflection_ids).toEqual([ids[2]]);
    expect(alone.title).toBe('Pair, programming');
    // Already alone: moving out again changes nothing but the version.
    const again = (await w.members[1]!.gql(MOVE, { id: ids[2], g: null })).data!.moveRetroReflection;
    expect(groupOf(again, ids[2]!).id).toBe(alone.id);
  });

  it('bad input: an empty or too long title, foreign ids, moves out of turn; nothing changes', async () => {
    const { id, ids } = await grouping([
      ['stop', 'Slow builds'],
      ['start', 'Pair programming'],
    ]);
    const other = await grouping([['stop', 'Another retro']]);
    const b = await board(w.members[0]!, id);
    const g0 = b.groups[0].id;
    const before = { v: version(id), groups: groupRows(id), reflections: reflectionRows(id) };
    const empty = await w.members[0]!.gql(RENAME, { id: g0, t: '   ' });
    expect(codeOf(empty)).toBe('BAD_USER_INPUT');
    expect(empty.errors![0]!.message).toBe('Group title cannot be empty.');
    expect(codeOf(await w.members[0]!.gql(RENAME, { id: g0, t: 'x'.repeat(121) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[0]!.gql(RENAME, { id: 'nope', t: 'Fine' }))).toBe('NOT_FOUND');
    expect(codeOf(await w.otherAdmin.gql(RENAME, { id: g0, t: 'Fine' }))).toBe('NOT_FOUND');
    expect(codeOf(await w.outsider.gql(MOVE, { id: ids[0], g: g0 }))).toBe('NOT_FOUND');
    const otherGroup = (await board(w.members[0]!, other.id)).groups[0].id;
    expect(codeOf(await w.members[0]!.gql(MOVE, { id: ids[0], g: otherGroup }))).toBe('NOT_FOUND');
    expect(codeOf(await w.members[0]!.gql(MOVE, { id: other.ids[0], g: g0 }))).toBe('NOT_FOUND');
    expect(codeOf(await w.members[0]!.gql(MOVE, { id: 'nope', g: null }))).toBe('NOT_FOUND');
    expect({ v: version(id), groups: groupRows(id), reflections: reflectionRows(id) }).toEqual(before);

    await toPhase(w.members[0]!, id, 'VOTE');
    const late = await w.members[0]!.gql(MOVE, { id: ids[0], g: b.groups[1].id });
    expect(codeOf(late)).toBe('CONFLICT');
    expect(codeOf(await w.members[0]!.gql(SUGGEST, { id }))).toBe('CONFLICT');
    expect((await w.members[0]!.gql(RENAME, { id: g0, t: 'Still renamable in VOTE' })).data!.renameRetroGroup.title).toBe('Still renamable in VOTE');
    await toPhase(w.members[0]!, id, 'SUMMARY');
    expect(codeOf(await w.members[0]!.gql(RENAME, { id: g0, t: 'Too late' }))).toBe('CONFLICT');
  });

  it('suggest groups puts similar reflections together with titles from their key words, the same way every time', async () => {
    const { id, ids } = await grouping([
      ['stop', 'The CI pipeline is too slow'],
      ['stop', 'Slow CI builds blocked deploys'],
      ['start', 'Pairing with new joiners'],
      ['continue', 'Pairing helped us'],
      ['continue', 'Coffee machine broken'],
    ]);
    const s = (await w.members[2]!.gql(SUGGEST, { id })).data!.suggestRetroGroups;
    const sets = s.groups.map((g: any) => [...g.reflection_ids].sort().join()).sort();
    expect(sets).toEqual([[ids[0], ids[1]].sort().join(), [ids[2], ids[3]].sort().join(), ids[4]].sort());
    const ci = s.groups.find((g: any) => g.reflection_ids.includes(ids[0]));
    expect(ci.title).toMatch(/CI|Slow/);
    expect(s.groups.find((g: any) => g.reflection_ids.includes(ids[2])).title).toMatch(/^Pairing/);
    // Again: the same groups, ids and titles (a title someone wrote stays with its unchanged group).
    await w.members[1]!.gql(RENAME, { id: ci.id, t: 'Build speed' });
    const again = (await w.members[0]!.gql(SUGGEST, { id })).data!.suggestRetroGroups;
    expect(again.groups.map((g: any) => [g.id, g.title, g.reflection_ids])).toEqual(
      s.groups.map((g: any) => [g.id, g.id === ci.id ? 'Build speed' : g.title, g.reflection_ids]),
    );
    expect(groupRows(id)).toHaveLength(3);
    // Cards moved by hand are regrouped; groups left empty disappear.
    await w.members[0]!.gql(MOVE, { id: ids[4], g: ci.id });
    const third = (await w.members[0]!.gql(SUGGEST, { id })).data!.suggestRetroGroups;
    expect(third.groups.map((g: any) => [...g.reflection_ids].sort().join()).sort()).toEqual(sets);
    expect(third.groups.find((g: any) => g.reflection_ids.includes(ids[0])).id).not.toBe(ci.id);
    expect(groupRows(id)).toHaveLength(3);
  });
});
