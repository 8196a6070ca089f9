/** A server restart in the middle of a meeting loses nothing, and clients reconnect into the same phase. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { gql } from '../../test/helpers.js';
import { retroGroups, retroHealthAnswers, retroParticipants, retroReflections, retros } from './retros.tables.js';
import { GET_RETRO, liveClient, newRetro, retroWorld, toPhase, type LiveClient } from './retros.test-support.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-retro-restart-'));
const apps: FastifyInstance[] = [];
const clients: LiveClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  for (const app of apps) await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port = 0): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' }));
  apps.push(app);
  await app.ready();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql` };
}

function rows(app: FastifyInstance, retroId: string) {
  const { db } = app.services;
  return {
    retro: db.select().from(retros).where(eq(retros.id, retroId)).get(),
    participants: db.select().from(retroParticipants).where(eq(retroParticipants.retro_id, retroId)).all(),
    health: db.select().from(retroHealthAnswers).where(eq(retroHealthAnswers.retro_id, retroId)).all(),
    reflections: db.select().from(retroReflections).where(eq(retroReflections.retro_id, retroId)).all(),
    groups: db.select().from(retroGroups).where(eq(retroGroups.retro_id, retroId)).all(),
  };
}

describe('restart mid-meeting', () => {
  it('after a restart the retro is in the same phase with the same version and state; a connected client reconnects into it', async () => {
    const first = await start();
    const w = await retroWorld(first.app);
    const facilitator = w.members[0]!;
    const retro = await newRetro(facilitator, w.team.id, { check_in_question: 'How do you arrive?', health_check_id: 'builtin:quick-pulse' });
    await toPhase(facilitator, retro.id, 'CHECK_IN');
    expect((await w.members[1]!.gql(`mutation($id: ID!) { answerRetroCheckIn(id: $id, answer: "Rested") { id } }`, { id: retro.id })).errors).toBeUndefined();
    await toPhase(facilitator, retro.id, 'HEALTH');
    for (const m of w.members.slice(0, 3)) {
      expect((await m.gql(`mutation($id: ID!) { answerRetroHealth(id: $id, index: 0, score: 4) { id } }`, { id: retro.id })).errors).toBeUndefined();
    }
    await toPhase(facilitator, retro.id, 'VOTE');

    const watcher = await liveClient(first.url, w.members[2]!, retro.id, undefined, { retryAttempts: 100, retryWaitMs: 100 });
    clients.push(watcher);
    await watcher.waitFor((r) => r.phase === 'VOTE');
    // What everybody saw before the restart, once nobody else is joining.
    const before = (await w.members[1]!.gql(GET_RETRO, { id: retro.id })).data!.retro;
    const beforeRows = rows(first.app, retro.id);
    const port = (first.app.server.address() as AddressInfo).port;
    await first.app.close();

    const second = await start(port);
    const afterRows = rows(second.app, retro.id);
    // The shutdown may have recorded that the watcher left (presence is live state): only the version can differ, and only upwards.
    expect({ ...afterRows, retro: { ...afterRows.retro, version: 0, updated_at: '' } }).toEqual({
      ...beforeRows,
      retro: { ...beforeRows.retro, version: 0, updated_at: '' },
    });
    expect(afterRows.retro!.version).toBeGreaterThanOrEqual(beforeRows.retro!.version);
    expect(afterRows.retro!.version - beforeRows.retro!.version).toBeLessThanOrEqual(1);

    const after = (await gql(second.app, w.members[1]!.token, GET_RETRO, { id: retro.id })).data!.retro;
    expect(after.phase).toBe('VOTE');
    const stable = (r: Record<string, any>) => ({ ...r, version: 0, presence: [] });
    expect(stable(after)).toEqual(stable(before));
    expect(after.health[0]).toMatchObject({ answers: 3, average: 4, distribution: [0, 0, 0, 3, 0] });
    expect(after.check_ins).toContainEqual({ user: { id: w.members[1]!.id, full_name: w.members[1]!.name }, answer: 'Rested' });

    // The client that was connected comes back by itself into the same phase, at the current version or later.
    const since = watcher.events.length;
    const back = await watcher.waitFor((r) => r.phase === 'VOTE', 10_000, since);
    expect(back.version).toBeGreaterThanOrEqual(afterRows.retro!.version);
    expect(back.presence.map((p: { id: string }) => p.id)).toContain(w.members[2]!.id);
  });
});
