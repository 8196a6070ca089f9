import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { retros } from './retros.tables.js';
import { GET_RETRO, SET_PHASE, newRetro, retroWorld, toPhase, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let w: RetroWorld;

beforeAll(async () => {
  app = await createTestApp();
  w = await retroWorld(app);
});
afterAll(async () => app.close());

const row = (id: string) => app.services.db.select().from(retros).where(eq(retros.id, id)).get()!;

describe('phases', () => {
  it('a retro without options goes SCHEDULED, REFLECT, GROUP, VOTE, DISCUSS, SUMMARY; optional phases appear when set', async () => {
    const plain = await newRetro(w.members[0]!, w.team.id, { scheduled_at: '2026-01-05T09:00:00Z' });
    expect(plain.phases).toEqual(['SCHEDULED', 'REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY']);
    expect(plain.phase).toBe('SCHEDULED');
    expect(plain.viewer_is_facilitator).toBe(true);
    expect(plain.facilitator.id).toBe(w.members[0]!.id);
    const full = await newRetro(w.members[0]!, w.team.id, { scheduled_at: '2026-02-05T09:00:00Z', check_in_question: 'One word for the sprint?', health_check_id: 'builtin:quick-pulse' });
    expect(full.phases).toEqual(['SCHEDULED', 'CHECK_IN', 'REVIEW_ACTIONS', 'HEALTH', 'REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY']);
    expect(full.health_statements).toHaveLength(3);
  });

  it('the facilitator moves phase by phase; started_at on the start, ended_at on SUMMARY; the version grows with each move', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    const started = await toPhase(w.members[0]!, retro.id, 'REFLECT');
    expect(started.started_at).toBeTruthy();
    expect(started.ended_at).toBeNull();
    expect(started.version).toBeGreaterThan(retro.version);
    const voting = await toPhase(w.members[0]!, retro.id, 'VOTE');
    expect(voting.version).toBe(started.version + 2);
    const ended = await toPhase(w.members[0]!, retro.id, 'SUMMARY');
    expect(ended.phase).toBe('SUMMARY');
    expect(ended.ended_at).toBeTruthy();
    const again = await w.members[0]!.gql(SET_PHASE, { id: retro.id, from: 'SUMMARY', to: 'SUMMARY' });
    expect(codeOf(again)).toBe('CONFLICT');
  });

  it('out of turn: a stale "from" or a skipped phase is CONFLICT and changes nothing', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    await toPhase(w.members[0]!, retro.id, 'GROUP');
    const before = row(retro.id);
    const stale = await w.members[0]!.gql(SET_PHASE, { id: retro.id, from: 'REFLECT', to: 'GROUP' });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.message).toBe('The retro has already moved to Group.');
    const skip = await w.members[0]!.gql(SET_PHASE, { id: retro.id, from: 'GROUP', to: 'DISCUSS' });
    expect(codeOf(skip)).toBe('CONFLICT');
    const back = await w.members[0]!.gql(SET_PHASE, { id: retro.id, from: 'GROUP', to: 'REFLECT' });
    expect(codeOf(back)).toBe('CONFLICT');
    expect(row(retro.id)).toEqual(before);
  });

  it('a member who does not facilitate is FORBIDDEN; the team manager and an admin may move it and take the role over', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    const first = retro.phases[1];
    const byMember = await w.members[1]!.gql(SET_PHASE, { id: retro.id, from: 'SCHEDULED', to: first });
    expect(codeOf(byMember)).toBe('FORBIDDEN');
    expect(byMember.errors![0]!.message).toMatch(/facilitator/);
    expect(row(retro.id).phase).toBe('SCHEDULED');
    const seen = await w.members[1]!.gql(GET_RETRO, { id: retro.id });
    expect(seen.data!.retro.viewer_can_facilitate).toBe(false);
    const byManager = await w.manager.gql(SET_PHASE, { id: retro.id, from: 'SCHEDULED', to: first });
    expect(byManager.data!.setRetroPhase.phase).toBe(first);
    const take = await w.manager.gql(`mutation($id: ID!, $u: ID!) { setRetroFacilitator(id: $id, user_id: $u) { facilitator { id } viewer_is_facilitator } }`, { id: retro.id, u: w.manager.id });
    expect(take.data!.setRetroFacilitator).toEqual({ facilitator: { id: w.manager.id }, viewer_is_facilitator: true });
    const byAdmin = await w.admin.gql(SET_PHASE, { id: retro.id, from: first, to: retro.phases[2] });
    expect(byAdmin.data!.setRetroPhase.phase).toBe(retro.phases[2]);
  });
});

describe('cross-organization', () => {
  it('another organization, an unknown id and a team one does not take part in are NOT_FOUND', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    for (const caller of [w.otherAdmin, w.otherOrgMember, w.outsider]) {
      const r = await caller.gql(GET_RETRO, { id: retro.id });
      expect(codeOf(r)).toBe('NOT_FOUND');
      expect(JSON.stringify(r)).not.toContain(w.team.id);
      expect(codeOf(await caller.gql(SET_PHASE, { id: retro.id, from: 'SCHEDULED', to: 'REFLECT' }))).toBe('NOT_FOUND');
    }
    expect(codeOf(await w.admin.gql(GET_RETRO, { id: 'nope' }))).toBe('NOT_FOUND');
    expect(row(retro.id).phase).toBe('SCHEDULED');
  });
});
