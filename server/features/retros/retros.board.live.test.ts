import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';
import { listen, openRaw, type Raw } from '../../graphql/subscriptions.test-support.js';
import { retroGroups, retros } from './retros.tables.js';
import { newRetro, retroWorld, toPhase, type Caller, type RetroWorld } from './retros.test-support.js';
import { BOARD_FIELDS, MOVE, board, reflect } from './retros.board.test-support.js';

let app: FastifyInstance;
let w: RetroWorld;
let wsUrl: string;

beforeAll(async () => {
  app = await createTestApp();
  w = await retroWorld(app);
  wsUrl = await listen(app);
});
afterAll(async () => app.close());

const SUB = `subscription($id: ID!) { retroChanged(id: $id) { ${BOARD_FIELDS} } }`;
const post = (caller: Caller, query: string, variables: Record<string, unknown>) =>
  fetch(wsUrl.replace(/^ws/, 'http'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${caller.token}` },
    body: JSON.stringify({ query, variables }),
  }).then((r) => r.json() as Promise<{ data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> }>);

async function watch(caller: Caller, id: string): Promise<Raw> {
  const raw = await openRaw(wsUrl);
  await raw.init(caller.token);
  raw.subscribe('b', SUB, { variables: { id } });
  await raw.waitFor((m) => m.type === 'next');
  return raw;
}

/** The board as a client shows it: groups with their titles and cards, in order. */
const shape = (r: any) =>
  JSON.stringify({ groups: r.groups.map((g: any) => [g.id, g.title, g.reflection_ids]), cards: r.reflections.map((x: any) => [x.id, x.group_id]) });

describe('racing moves of the same card', () => {
  it('the server orders them; the card ends in one group, no empty group stays, and every client (late joiners too) shows the same board', async () => {
    const [m0, m1, m2] = w.members as [Caller, Caller, Caller];
    const retro = await newRetro(m0, w.team.id);
    await toPhase(m0, retro.id, 'REFLECT');
    const cards: string[] = [];
    for (const t of ['Slow builds', 'Flaky tests', 'Pairing helps', 'Long standups', 'Great demos', 'Unclear priorities'])
      cards.push(await reflect(m2, retro.id, 'stop', t));
    await toPhase(m0, retro.id, 'GROUP');
    const a = await watch(m0, retro.id);
    const b = await watch(m1, retro.id);

    for (let round = 0; round < 6; round++) {
      const now = await board(m2, retro.id);
      const card = cards[round]!;
      const others = now.groups.filter((g: any) => !g.reflection_ids.includes(card));
      const t1 = others[round % others.length].id;
      const t2 = round % 2 ? null : others[(round + 1) % others.length].id;
      const [r1, r2] = await Promise.all([post(m0, MOVE, { id: card, g: t1 }), post(m1, MOVE, { id: card, g: t2 })]);
      // Both are applied one after the other (or the second is told its group is gone); never a server error.
      for (const r of [r1, r2]) if (r.errors) expect(r.errors[0]!.extensions?.code).toBe('CONFLICT');
      const after = await board(m2, retro.id);
      expect(after.groups.filter((g: any) => g.reflection_ids.includes(card))).toHaveLength(1);
      expect(after.groups.every((g: any) => g.reflection_ids.length > 0)).toBe(true);
      expect(after.groups.flatMap((g: any) => g.reflection_ids).sort()).toEqual([...cards].sort());
    }
    expect(app.services.db.select().from(retroGroups).where(eq(retroGroups.retro_id, retro.id)).all().length).toBe((await board(m2, retro.id)).groups.length);

    const late = await watch(m2, retro.id);
    // Joining is a change too (presence): the last version is read after it.
    const last = app.services.db.select({ v: retros.version }).from(retros).where(eq(retros.id, retro.id)).get()!.v;
    const server = await board(m2, retro.id);
    for (const raw of [a, b, late]) {
      const msg = await raw.waitFor((m) => m.type === 'next' && m.payload.data.retroChanged.version === last, 10_000);
      expect(shape(msg.payload.data.retroChanged)).toBe(shape(server));
      const versions = raw.messages.filter((m) => m.type === 'next').map((m) => m.payload.data.retroChanged.version as number);
      expect([...versions].sort((x, y) => x - y)).toEqual(versions);
      raw.close();
    }
  });
});
