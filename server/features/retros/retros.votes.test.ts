import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { listen, openRaw, type Raw } from '../../graphql/subscriptions.test-support.js';
import { retroGroups, retros, retroVotes } from './retros.tables.js';
import { newRetro, retroWorld, toPhase, type Caller, type RetroWorld } from './retros.test-support.js';
import { BOARD_FIELDS, UNVOTE, VOTE, board, reflect, vote } from './retros.board.test-support.js';
import { addUser, signedIn } from '../../test/helpers.js';

let app: FastifyInstance;
let w: RetroWorld;
let wsUrl: string;
let httpUrl: string;

beforeAll(async () => {
  app = await createTestApp();
  w = await retroWorld(app);
  wsUrl = await listen(app);
  httpUrl = wsUrl.replace(/^ws/, 'http'); // http://127.0.0.1:<port>/graphql
});
afterAll(async () => app.close());

const db = () => app.services.db;
const version = (id: string) => db().select({ v: retros.version }).from(retros).where(eq(retros.id, id)).get()!.v;
const voteRows = (retroId: string) => db().select().from(retroVotes).where(eq(retroVotes.retro_id, retroId)).all();

/** A retro in VOTE with one group per text (written by the first member). */
async function voting(texts: string[], overrides: Record<string, unknown> = {}) {
  const retro = await newRetro(w.members[0]!, w.team.id, overrides);
  await toPhase(w.members[0]!, retro.id, 'REFLECT');
  for (const t of texts) await reflect(w.members[0]!, retro.id, 'start', t);
  await toPhase(w.members[0]!, retro.id, 'VOTE');
  const b = await board(w.members[0]!, retro.id);
  const groupOf = (text: string) => b.groups.find((g: any) => g.reflection_ids.includes(b.reflections.find((x: any) => x.text === text).id)).id as string;
  return { id: retro.id as string, groups: texts.map(groupOf) };
}

describe('votes', () => {
  it('at most 3 on one group and 5 in all (defaults), with clear messages; votes left shown; nobody sees counts while voting', async () => {
    const {
      id,
      groups: [a, b, c],
    } = await voting(['Alpha topic', 'Bravo topic', 'Charlie topic']);
    const remy = w.members[0]!;
    expect((await board(remy, id)).my_votes_left).toBe(5);
    for (let i = 0; i < 3; i++) await vote(remy, a!);
    const fourth = await remy.gql(VOTE, { g: a });
    expect(codeOf(fourth)).toBe('CONFLICT');
    expect(fourth.errors![0]!.message).toBe('You can put at most 3 votes on one group.');
    await vote(remy, b!);
    const last = await vote(remy, c!);
    expect(last.my_votes_left).toBe(0);
    const sixth = await remy.gql(VOTE, { g: b });
    expect(codeOf(sixth)).toBe('CONFLICT');
    expect(sixth.errors![0]!.message).toBe('You have used all 5 of your votes.');
    expect(voteRows(id)).toHaveLength(5);

    const mine = await board(remy, id);
    expect(mine.groups.map((g: any) => [g.my_votes, g.votes])).toEqual(
      expect.arrayContaining([
        [3, null],
        [1, null],
        [1, null],
      ]),
    );
    const others = await board(w.members[1]!, id);
    expect(others.groups.every((g: any) => g.my_votes === 0 && g.votes === null)).toBe(true);
    expect(others.my_votes_left).toBe(5);
    const admin = await board(w.admin, id);
    expect(admin.groups.every((g: any) => g.votes === null)).toBe(true);

    const back = (await remy.gql(UNVOTE, { g: a })).data!.unvoteRetroGroup;
    expect(back.my_votes_left).toBe(1);
    expect(back.groups.find((g: any) => g.id === a).my_votes).toBe(2);
    const none = await w.members[1]!.gql(UNVOTE, { g: a });
    expect(codeOf(none)).toBe('CONFLICT');
    expect(none.errors![0]!.message).toBe('You have no vote on this group to take back.');
    // The voter is kept only as an HMAC token.
    expect(voteRows(id).every((v) => v.voter_token.length === 43 && !JSON.stringify(v).includes(remy.id))).toBe(true);
  });

  it('configured limits hold (1 per group, 2 in all)', async () => {
    const {
      id,
      groups: [a, b, c],
    } = await voting(['One', 'Two', 'Three'], { max_votes: 2, max_votes_per_group: 1 });
    const pia = w.members[1]!;
    await vote(pia, a!);
    expect((await pia.gql(VOTE, { g: a })).errors![0]!.message).toBe('You can put at most 1 vote on one group.');
    await vote(pia, b!);
    expect((await pia.gql(VOTE, { g: c })).errors![0]!.message).toBe('You have used all 2 of your votes.');
    expect(voteRows(id)).toHaveLength(2);
  });

  it('out of turn and foreign ids: voting during REFLECT or GROUP is CONFLICT, an unknown or foreign group NOT_FOUND; nothing changes', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    await toPhase(w.members[0]!, retro.id, 'REFLECT');
    await reflect(w.members[0]!, retro.id, 'stop', 'Something');
    await toPhase(w.members[0]!, retro.id, 'GROUP');
    const group = (await board(w.members[0]!, retro.id)).groups[0].id;
    const before = version(retro.id);
    const early = await w.members[1]!.gql(VOTE, { g: group });
    expect(codeOf(early)).toBe('CONFLICT');
    expect(early.errors![0]!.message).toBe('Votes are cast in the Vote phase.');
    for (const caller of [w.otherAdmin, w.otherOrgMember, w.outsider]) expect(codeOf(await caller.gql(VOTE, { g: group }))).toBe('NOT_FOUND');
    expect(codeOf(await w.members[1]!.gql(VOTE, { g: 'no-such-group' }))).toBe('NOT_FOUND');
    expect(version(retro.id)).toBe(before);
    expect(voteRows(retro.id)).toEqual([]);
    await toPhase(w.members[0]!, retro.id, 'VOTE');
    await vote(w.members[1]!, group);
    await toPhase(w.members[0]!, retro.id, 'DISCUSS');
    const late = await w.members[1]!.gql(VOTE, { g: group });
    expect(codeOf(late)).toBe('CONFLICT');
    expect(codeOf(await w.members[1]!.gql(UNVOTE, { g: group }))).toBe('CONFLICT');
    expect(voteRows(retro.id)).toHaveLength(1);
  });

  it('DISCUSS shows the tally (stored on the groups), most votes first; SUMMARY keeps it after the vote rows are gone', async () => {
    const {
      id,
      groups: [a, b, c],
    } = await voting(['Least', 'Most', 'Middle']);
    const [m0, m1, m2] = w.members;
    for (const [caller, g] of [
      [m0, b],
      [m0, b],
      [m1, b],
      [m1, c],
      [m2, c],
      [m2, a],
    ] as const)
      await vote(caller!, g!);
    await toPhase(w.members[0]!, id, 'DISCUSS');
    const d = await board(w.members[3]!, id);
    expect(d.groups.map((g: any) => [g.id, g.votes])).toEqual([
      [b, 3],
      [c, 2],
      [a, 1],
    ]);
    expect(db().select({ id: retroGroups.id, votes: retroGroups.votes }).from(retroGroups).where(eq(retroGroups.retro_id, id)).all()).toEqual(
      expect.arrayContaining([
        { id: a, votes: 1 },
        { id: b, votes: 3 },
        { id: c, votes: 2 },
      ]),
    );
    expect((await board(m0!, id)).groups.find((g: any) => g.id === b).my_votes).toBe(2);
    await toPhase(w.members[0]!, id, 'SUMMARY');
    expect(voteRows(id)).toEqual([]);
    const s = await board(m0!, id);
    expect(s.groups.map((g: any) => [g.id, g.votes, g.my_votes])).toEqual([
      [b, 3, 0],
      [c, 2, 0],
      [a, 1, 0],
    ]);
    expect(s.my_votes_left).toBe(0);
  });
});

describe('20 clients voting at once', () => {
  async function twentyPeople(): Promise<Caller[]> {
    const out: Caller[] = [...w.members];
    for (let i = out.length; i < 20; i++) {
      const u = await addUser(app, w.org.id, { email: `voter${i}@acme.example`, full_name: `Voter ${i}`, team_id: w.team.id });
      const s = await signedIn(app, u.email);
      out.push({ id: u.id, email: u.email, name: `Voter ${i}`, organizationId: w.org.id, token: s.token, gql: s.gql });
    }
    return out;
  }

  const post = (token: string, query: string, variables: Record<string, unknown>) =>
    fetch(httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    }).then((r) => r.json() as Promise<{ data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> }>);

  it('never exceed either limit over HTTP; the tallies equal the successful votes; every graphql-ws client converges on the same board', async () => {
    const people = await twentyPeople();
    const {
      id,
      groups: [a, b],
    } = await voting(['Alpha', 'Bravo']);
    // Every person watches the retro live.
    const clients: Raw[] = [];
    for (const [i, p] of people.entries()) {
      const raw = await openRaw(wsUrl);
      await raw.init(p.token);
      raw.subscribe(`s${i}`, `subscription($id: ID!) { retroChanged(id: $id) { ${BOARD_FIELDS} } }`, { variables: { id } });
      clients.push(raw);
    }
    await Promise.all(clients.map((c) => c.waitFor((m) => m.type === 'next')));

    // Each of the 20 sends 8 votes at once: 4 on Alpha, 4 on Bravo (limits: 3 per group, 5 in all).
    const results = await Promise.all(people.flatMap((p) => [a, a, a, a, b, b, b, b].map((g) => post(p.token, VOTE, { g }).then((r) => ({ p: p.id, g, r })))));
    const ok = results.filter((x) => x.r.data?.voteRetroGroup && !x.r.errors);
    const refused = results.filter((x) => x.r.errors);
    expect(refused.every((x) => x.r.errors![0]!.extensions?.code === 'CONFLICT')).toBe(true);
    expect(ok.length + refused.length).toBe(160);
    for (const p of people) {
      const mine = ok.filter((x) => x.p === p.id);
      expect(mine).toHaveLength(5);
      expect(mine.filter((x) => x.g === a).length).toBeLessThanOrEqual(3);
      expect(mine.filter((x) => x.g === b).length).toBeLessThanOrEqual(3);
    }
    expect(voteRows(id)).toHaveLength(100);

    // Live: each client ends on the server's last version, with its own votes left at 0 and no counts shown.
    const last = version(id);
    const finals = await Promise.all(clients.map((c) => c.waitFor((m) => m.type === 'next' && m.payload.data.retroChanged.version === last, 15000)));
    for (const f of finals) {
      const r = f.payload.data.retroChanged;
      expect(r.my_votes_left).toBe(0);
      expect(r.groups.map((g: any) => g.votes)).toEqual([null, null]);
      expect(r.groups.reduce((s: number, g: any) => s + g.my_votes, 0)).toBe(5);
    }
    const shape = (f: any) => JSON.stringify(f.payload.data.retroChanged.groups.map((g: any) => [g.id, g.title, g.reflection_ids]));
    expect(new Set(finals.map(shape)).size).toBe(1);
    // Versions only grow on every client.
    for (const c of clients) {
      const versions = c.messages.filter((m) => m.type === 'next').map((m) => m.payload.data.retroChanged.version as number);
      expect([...versions].sort((x, y) => x - y)).toEqual(versions);
    }

    await toPhase(w.members[0]!, id, 'DISCUSS');
    const tally = (await board(w.members[0]!, id)).groups;
    expect(Object.fromEntries(tally.map((g: any) => [g.id, g.votes]))).toEqual({
      [a!]: ok.filter((x) => x.g === a).length,
      [b!]: ok.filter((x) => x.g === b).length,
    });
    for (const c of clients) c.close();
  });
});
