/** The live meeting over real graphql-ws clients: ordering, late join, reconnect, presence, racing phase moves. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { listen } from '../../graphql/subscriptions.test-support.js';
import { announceRetro } from './retros.live.js';
import { retroParticipants, retros } from './retros.tables.js';
import { SET_PHASE, liveClient, newRetro, retroWorld, toPhase, type LiveClient, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let url: string;
let w: RetroWorld;
const open: LiveClient[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  w = await retroWorld(app);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.dispose()));
  await app.close();
});

const dbVersion = (id: string) => app.services.db.select({ v: retros.version }).from(retros).where(eq(retros.id, id)).get()!.v;
async function client(caller: { token: string }, retroId: string) {
  const c = await liveClient(url, caller, retroId);
  open.push(c);
  return c;
}
const strictlyIncreasing = (c: LiveClient) => c.events.every((e, i) => i === 0 || e.version > c.events[i - 1]!.version);

describe('retroChanged', () => {
  it('every client gets the current state at once, then every change in order; versions only grow and all converge', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    const clients = [await client(w.members[0]!, retro.id), await client(w.members[1]!, retro.id), await client(w.manager, retro.id)];
    for (const c of clients) await c.waitFor((r) => r.phase === 'SCHEDULED');
    const end = await toPhase(w.members[0]!, retro.id, 'DISCUSS');
    for (const c of clients) {
      const last = await c.waitFor((r) => r.version >= end.version);
      expect(last.phase).toBe('DISCUSS');
      expect(strictlyIncreasing(c)).toBe(true);
    }
    // Everyone sees everyone who has the meeting open (presence is per person, signed).
    const seen = clients[2]!
      .latest()!
      .presence.map((p: { id: string }) => p.id)
      .sort();
    expect(seen).toEqual([w.members[0]!.id, w.members[1]!.id, w.manager.id].sort());
    expect(clients.map((c) => c.latest()!.version)).toEqual([dbVersion(retro.id), dbVersion(retro.id), dbVersion(retro.id)]);
    // Each event is resolved for its subscriber.
    expect(clients.map((c) => [c.latest()!.viewer_is_facilitator, c.latest()!.viewer_can_facilitate])).toEqual([
      [true, true],
      [false, false],
      [false, true],
    ]);
  });

  it('a late joiner gets the current phase and version at once', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    const moved = await toPhase(w.members[0]!, retro.id, 'VOTE');
    const late = await client(w.members[2]!, retro.id);
    const first = await late.waitFor(() => true);
    expect(first.phase).toBe('VOTE');
    expect(first.version).toBeGreaterThanOrEqual(moved.version);
    expect(first.started_at).toBe(moved.started_at);
  });

  it('presence: joining while the retro runs makes a participant; leaving removes the person from presence for the others', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    await toPhase(w.members[0]!, retro.id, 'REFLECT');
    const host = await client(w.members[0]!, retro.id);
    const guest = await liveClient(url, w.members[3]!, retro.id);
    await host.waitFor((r) => r.presence.some((p: { id: string }) => p.id === w.members[3]!.id));
    const participants = app.services.db
      .select()
      .from(retroParticipants)
      .where(eq(retroParticipants.retro_id, retro.id))
      .all()
      .map((p) => p.user_id);
    expect(participants).toContain(w.members[3]!.id);
    const since = host.events.length;
    await guest.dispose();
    const after = await host.waitFor((r) => !r.presence.some((p: { id: string }) => p.id === w.members[3]!.id), 5000, since);
    expect(after.participation.participants).toBeGreaterThanOrEqual(2);
  });

  it('opening an ended retro shows who is here but writes nothing to it', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    const ended = await toPhase(w.members[0]!, retro.id, 'SUMMARY');
    const before = app.services.db.select().from(retros).where(eq(retros.id, retro.id)).get();
    const reader = await client(w.members[1]!, retro.id);
    const seen = await reader.waitFor(() => true);
    expect(seen).toMatchObject({ phase: 'SUMMARY', version: ended.version });
    expect(seen.presence.map((p: { id: string }) => p.id)).toEqual([w.members[1]!.id]);
    await reader.dispose();
    expect(app.services.db.select().from(retros).where(eq(retros.id, retro.id)).get()).toEqual(before);
  });

  it('a client whose socket drops mid-phase reconnects into the current state, changes made meanwhile included', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    await toPhase(w.members[0]!, retro.id, 'REFLECT');
    const c = await client(w.members[1]!, retro.id);
    await c.waitFor((r) => r.phase === 'REFLECT');
    c.terminate();
    const moved = await toPhase(w.members[0]!, retro.id, 'GROUP');
    const back = await c.waitFor((r) => r.phase === 'GROUP');
    expect(back.version).toBeGreaterThanOrEqual(moved.version);
    expect(strictlyIncreasing(c)).toBe(true);
  });

  it('another organization, a team one does not take part in, or an unknown id: the subscription ends with NOT_FOUND', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    for (const caller of [w.otherAdmin, w.outsider]) {
      const c = await client(caller, retro.id);
      const err = await c.waitForError();
      expect(JSON.stringify(err)).toContain('NOT_FOUND');
      expect(c.events).toEqual([]);
    }
    const unknown = await client(w.admin, 'no-such-retro');
    expect(JSON.stringify(await unknown.waitForError())).toContain('NOT_FOUND');
  });

  it('20 racing setRetroPhase calls with the same "from": exactly one wins, and every client converges on the same final version', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    await toPhase(w.members[0]!, retro.id, 'REFLECT');
    const watchers: LiveClient[] = [];
    for (let i = 0; i < 20; i++) watchers.push(await client([...w.members, w.manager, w.admin][i % 6]!, retro.id));
    for (const c of watchers) await c.waitFor(() => true);
    const racers = [w.members[0]!, w.manager, w.admin];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => racers[i % racers.length]!.gql(SET_PHASE, { id: retro.id, from: 'REFLECT', to: 'GROUP' })),
    );
    const won = answers.filter((a) => a.data?.setRetroPhase);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => codeOf(a) === 'CONFLICT')).toHaveLength(19);
    const final = dbVersion(retro.id);
    expect(app.services.db.select({ phase: retros.phase }).from(retros).where(eq(retros.id, retro.id)).get()!.phase).toBe('GROUP');
    for (const c of watchers) {
      const last = await c.waitFor((r) => r.version === final);
      expect(last.phase).toBe('GROUP');
      expect(strictlyIncreasing(c)).toBe(true);
    }
  });

  it('switching the area off refuses the subscription and the meeting operations; switching it on brings them back', async () => {
    const SET = 'mutation($changes: [FeatureAreaChange!]!) { setFeatureAreas(changes: $changes) { area enabled } }';
    const retro = await newRetro(w.members[0]!, w.team.id);
    const open = await client(w.members[1]!, retro.id);
    await open.waitFor(() => true);
    expect((await w.admin.gql(SET, { changes: [{ area: 'SPRINT_RETROS', enabled: false }] })).errors).toBeUndefined();
    try {
      // A subscription open when the area went off ends at its next event.
      announceRetro(app.services, retro.id);
      await open.waitForComplete();
      const c = await client(w.members[0]!, retro.id);
      expect(JSON.stringify(await c.waitForError())).toContain('FORBIDDEN');
      expect(codeOf(await w.members[0]!.gql(SET_PHASE, { id: retro.id, from: 'SCHEDULED', to: retro.phases[1] }))).toBe('FORBIDDEN');
      expect(codeOf(await w.members[0]!.gql(`query($id: ID!) { retro(id: $id) { id } }`, { id: retro.id }))).toBe('FORBIDDEN');
      expect(app.services.db.select({ phase: retros.phase }).from(retros).where(eq(retros.id, retro.id)).get()!.phase).toBe('SCHEDULED');
    } finally {
      await w.admin.gql(SET, { changes: [{ area: 'SPRINT_RETROS', enabled: true }] });
    }
    const back = await client(w.members[0]!, retro.id);
    expect((await back.waitFor(() => true)).phase).toBe('SCHEDULED');
  });
});
