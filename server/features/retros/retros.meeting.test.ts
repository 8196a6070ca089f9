import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, codeOf, createTestApp, signedIn } from '../../test/helpers.js';
import { createTeam } from '../teams/teams.repo.js';
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
    // An earlier retro that never started left no action items to review.
    const notYet = await newRetro(w.members[0]!, w.team.id, { scheduled_at: '2026-02-05T09:00:00Z', check_in_question: 'One word for the sprint?' });
    expect(notYet.phases).toEqual(['SCHEDULED', 'CHECK_IN', 'REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY']);
    await toPhase(w.members[0]!, plain.id, 'SUMMARY');
    const full = await newRetro(w.members[0]!, w.team.id, {
      scheduled_at: '2026-02-05T09:00:00Z',
      check_in_question: 'One word for the sprint?',
      health_check_id: 'builtin:quick-pulse',
    });
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
    const take = await w.manager.gql(`mutation($id: ID!, $u: ID!) { setRetroFacilitator(id: $id, user_id: $u) { facilitator { id } viewer_is_facilitator } }`, {
      id: retro.id,
      u: w.manager.id,
    });
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

const CREATE = `mutation($input: CreateRetroInput!) { createRetro(input: $input) { id } }`;
const UPDATE = `mutation($id: ID!, $input: RetroSettingsInput!) { updateRetro(id: $id, input: $input) { id title anonymous max_votes max_votes_per_group facilitator { id } version reflect_deadline } }`;
const count = () => app.services.db.select().from(retros).all().length;

describe('create and update validation', () => {
  it('unknown or foreign references, an archived template, votes per group over votes and dates outside 1900-2099 are BAD_USER_INPUT and write nothing', async () => {
    const { retroTemplates } = await import('./retros.tables.js');
    app.services.db
      .insert(retroTemplates)
      .values({
        id: 'tpl-archived',
        organization_id: w.org.id,
        name: 'Old',
        prompts: [{ id: 'a', title: 'A', description: '', colour: '#2f7d4f' }],
        archived_at: '2026-01-01T00:00:00.000Z',
      })
      .run();
    const base = { team_id: w.team.id, template_id: 'builtin:mad-sad-glad' };
    const bad: Array<[string, Record<string, unknown>]> = [
      ['unknown team', { ...base, team_id: 'no-such-team' }],
      ['team of another organization', { ...base, team_id: w.otherOrgTeam.id }],
      ['unknown template', { ...base, template_id: 'builtin:nope' }],
      ['archived template', { ...base, template_id: 'tpl-archived' }],
      ['facilitator of another organization', { ...base, facilitator_id: w.otherAdmin.id }],
      ['facilitator of another team', { ...base, facilitator_id: w.outsider.id }],
      ['unknown health check', { ...base, health_check_id: 'nope' }],
      ['unknown sprint', { ...base, sprint_id: 'nope' }],
      ['votes per group over votes', { ...base, max_votes: 2, max_votes_per_group: 3 }],
      ['votes over the limit', { ...base, max_votes: 21 }],
      ['date before 1900', { ...base, scheduled_at: '1899-12-31T09:00:00Z' }],
      ['date after 2099', { ...base, scheduled_at: '2100-01-01T09:00:00Z' }],
      ['vote deadline without reflect deadline', { ...base, scheduled_at: '2026-05-01T09:00:00Z', vote_deadline: '2026-05-03T09:00:00Z' }],
      ['check-in question too long', { ...base, check_in_question: 'x'.repeat(301) }],
    ];
    const before = count();
    for (const [what, input] of bad) {
      const r = await w.members[0]!.gql(CREATE, { input });
      expect(codeOf(r), what).toBe('BAD_USER_INPUT');
      expect(r.errors![0]!.message.length, what).toBeGreaterThan(5);
    }
    expect(count()).toBe(before);
  });

  it('a member creates retros only for their own team (FORBIDDEN for another team of the organization)', async () => {
    const before = count();
    expect(codeOf(await w.outsider.gql(CREATE, { input: { team_id: w.team.id, template_id: 'builtin:4ls' } }))).toBe('FORBIDDEN');
    expect(count()).toBe(before);
    const mine = await w.outsider.gql(CREATE, { input: { team_id: w.otherTeam.id, template_id: 'builtin:4ls' } });
    expect(mine.errors).toBeUndefined();
  });

  it('settings change until the start; after it only the facilitator and deadlines; other members cannot change them', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id, { scheduled_at: '2027-03-01T09:00:00Z' });
    const changed = await w.members[0]!.gql(UPDATE, { id: retro.id, input: { title: 'Renamed', anonymous: false, max_votes: 8, max_votes_per_group: 4 } });
    expect(changed.data!.updateRetro).toMatchObject({ title: 'Renamed', anonymous: false, max_votes: 8, max_votes_per_group: 4 });
    expect(changed.data!.updateRetro.version).toBeGreaterThan(retro.version);
    expect(codeOf(await w.members[0]!.gql(UPDATE, { id: retro.id, input: { max_votes_per_group: 9 } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[0]!.gql(UPDATE, { id: retro.id, input: { reflect_deadline: '2027-02-01T09:00:00Z' } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[1]!.gql(UPDATE, { id: retro.id, input: { title: 'Mine now' } }))).toBe('FORBIDDEN');
    expect(codeOf(await w.otherAdmin.gql(UPDATE, { id: retro.id, input: { title: 'Globex' } }))).toBe('NOT_FOUND');
    await toPhase(w.members[0]!, retro.id, 'REFLECT');
    const locked = await w.members[0]!.gql(UPDATE, { id: retro.id, input: { anonymous: true } });
    expect(codeOf(locked)).toBe('CONFLICT');
    expect(row(retro.id).anonymous).toBe(false);
    const handed = await w.members[0]!.gql(UPDATE, { id: retro.id, input: { facilitator_id: w.members[1]!.id } });
    expect(handed.data!.updateRetro.facilitator.id).toBe(w.members[1]!.id);
  });

  it('only a retro that has not started can be deleted, by whoever may facilitate it', async () => {
    const DELETE = `mutation($id: ID!) { deleteRetro(id: $id) }`;
    const retro = await newRetro(w.members[0]!, w.team.id);
    expect(codeOf(await w.members[2]!.gql(DELETE, { id: retro.id }))).toBe('FORBIDDEN');
    expect(codeOf(await w.otherAdmin.gql(DELETE, { id: retro.id }))).toBe('NOT_FOUND');
    const started = await newRetro(w.members[0]!, w.team.id);
    await toPhase(w.members[0]!, started.id, 'REFLECT');
    expect(codeOf(await w.members[0]!.gql(DELETE, { id: started.id }))).toBe('CONFLICT');
    expect(row(started.id)).toBeTruthy();
    expect((await w.manager.gql(DELETE, { id: retro.id })).data!.deleteRetro).toBe(true);
    expect(codeOf(await w.members[0]!.gql(GET_RETRO, { id: retro.id }))).toBe('NOT_FOUND');
  });
});

describe('facilitator', () => {
  const SET = `mutation($id: ID!, $u: ID!) { setRetroFacilitator(id: $id, user_id: $u) { facilitator { id } } }`;
  it('the facilitator hands over to someone who takes part; a member cannot take over; nobody outside the team can be named', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id);
    expect(codeOf(await w.members[1]!.gql(SET, { id: retro.id, u: w.members[1]!.id }))).toBe('FORBIDDEN');
    expect(codeOf(await w.members[0]!.gql(SET, { id: retro.id, u: w.outsider.id }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[0]!.gql(SET, { id: retro.id, u: w.otherAdmin.id }))).toBe('BAD_USER_INPUT');
    expect(row(retro.id).facilitator_id).toBe(w.members[0]!.id);
    expect((await w.members[0]!.gql(SET, { id: retro.id, u: w.members[1]!.id })).data!.setRetroFacilitator.facilitator.id).toBe(w.members[1]!.id);
    // The former facilitator no longer moves phases.
    expect(codeOf(await w.members[0]!.gql(SET_PHASE, { id: retro.id, from: 'SCHEDULED', to: retro.phases[1] }))).toBe('FORBIDDEN');
  });
});

describe('check-in and health', () => {
  const CHECK_IN = `mutation($id: ID!, $a: String!) { answerRetroCheckIn(id: $id, answer: $a) { check_ins { user { id } answer } } }`;
  const HEALTH = `mutation($id: ID!, $i: Int!, $s: Int!) { answerRetroHealth(id: $id, index: $i, score: $s) { health { index answers average distribution my_score } } }`;

  it('check-in answers are taken only in CHECK_IN, up to 500 characters, signed', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id, { check_in_question: 'One word?' });
    expect(codeOf(await w.members[1]!.gql(CHECK_IN, { id: retro.id, a: 'Early' }))).toBe('CONFLICT');
    await toPhase(w.members[0]!, retro.id, 'CHECK_IN');
    expect(codeOf(await w.members[1]!.gql(CHECK_IN, { id: retro.id, a: 'x'.repeat(501) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[1]!.gql(CHECK_IN, { id: retro.id, a: '   ' }))).toBe('BAD_USER_INPUT');
    await w.members[1]!.gql(CHECK_IN, { id: retro.id, a: 'Tired' });
    const r = await w.members[1]!.gql(CHECK_IN, { id: retro.id, a: 'Curious' });
    expect(r.data!.answerRetroCheckIn.check_ins).toEqual([{ user: { id: w.members[1]!.id }, answer: 'Curious' }]);
    expect(codeOf(await w.otherAdmin.gql(CHECK_IN, { id: retro.id, a: 'Hi' }))).toBe('NOT_FOUND');
    await toPhase(w.members[0]!, retro.id, retro.phases[2]);
    expect(codeOf(await w.members[2]!.gql(CHECK_IN, { id: retro.id, a: 'Late' }))).toBe('CONFLICT');
  });

  it('health answers: only in HEALTH, index and score checked, one per person per statement, aggregates from 3 answers', async () => {
    const retro = await newRetro(w.members[0]!, w.team.id, { health_check_id: 'builtin:quick-pulse' });
    expect(codeOf(await w.members[1]!.gql(HEALTH, { id: retro.id, i: 0, s: 3 }))).toBe('CONFLICT');
    await toPhase(w.members[0]!, retro.id, 'HEALTH');
    expect(codeOf(await w.members[1]!.gql(HEALTH, { id: retro.id, i: 3, s: 3 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[1]!.gql(HEALTH, { id: retro.id, i: -1, s: 3 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[1]!.gql(HEALTH, { id: retro.id, i: 0, s: 6 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await w.members[1]!.gql(HEALTH, { id: retro.id, i: 0, s: 0 }))).toBe('BAD_USER_INPUT');
    await w.members[1]!.gql(HEALTH, { id: retro.id, i: 0, s: 1 });
    const two = await w.members[2]!.gql(HEALTH, { id: retro.id, i: 0, s: 5 });
    expect(two.data!.answerRetroHealth.health[0]).toEqual({ index: 0, answers: 2, average: null, distribution: null, my_score: 5 });
    // Changing one's answer does not add one.
    const changed = await w.members[1]!.gql(HEALTH, { id: retro.id, i: 0, s: 2 });
    expect(changed.data!.answerRetroHealth.health[0]).toMatchObject({ answers: 2, my_score: 2 });
    const three = await w.members[3]!.gql(HEALTH, { id: retro.id, i: 0, s: 5 });
    expect(three.data!.answerRetroHealth.health[0]).toEqual({ index: 0, answers: 3, average: 4, distribution: [0, 1, 0, 0, 2], my_score: 5 });
    expect(three.data!.answerRetroHealth.health[1]).toMatchObject({ answers: 0, average: null, my_score: null });
    // Nothing in the stored answers names a person.
    const { retroHealthAnswers } = await import('./retros.tables.js');
    const stored = JSON.stringify(app.services.db.select().from(retroHealthAnswers).where(eq(retroHealthAnswers.retro_id, retro.id)).all());
    for (const m of w.members) expect(stored).not.toContain(m.id);
  });
});

describe('lists', () => {
  const LIST = `query($team: ID, $status: RetroListStatus) { retros(team_id: $team, status: $status) { id phase } }`;
  it("UPCOMING, RUNNING and PAST of the viewer's teams; admins see every team; upcomingRetros soonest first; retroTeams", async () => {
    const herons = createTeam(app.services.db, w.org.id, { name: 'Herons' });
    const heron = await addUser(app, w.org.id, { email: 'heron@acme.example', full_name: 'Hera Heron', team_id: herons.id });
    const me = { ...(await signedIn(app, heron.email)), id: heron.id };
    const upcoming = await newRetro(me, herons.id, { scheduled_at: '2030-01-01T09:00:00Z' });
    const running = await newRetro(me, herons.id, { scheduled_at: '2029-01-01T09:00:00Z' });
    await toPhase(me, running.id, 'REFLECT');
    const past = await newRetro(me, herons.id);
    await toPhase(me, past.id, 'SUMMARY');
    const ids = async (caller: { gql: typeof me.gql }, status: string) =>
      (await caller.gql(LIST, { team: herons.id, status })).data!.retros.map((r: { id: string }) => r.id);
    expect(await ids(me, 'UPCOMING')).toEqual([upcoming.id]);
    expect(await ids(me, 'RUNNING')).toEqual([running.id]);
    expect(await ids(me, 'PAST')).toEqual([past.id]);
    expect(await ids(w.admin, 'RUNNING')).toEqual([running.id]);
    expect(await ids(w.members[0]!, 'UPCOMING')).toEqual([]);
    expect((await w.otherAdmin.gql(LIST, {})).data!.retros).toEqual([]);
    const mine = (await me.gql(`{ upcomingRetros { id } }`)).data!.upcomingRetros.map((r: { id: string }) => r.id);
    expect(mine).toEqual([running.id, upcoming.id]);
    const teamsOf = async (caller: { gql: typeof me.gql }) =>
      (await caller.gql(`{ retroTeams { name } }`)).data!.retroTeams.map((t: { name: string }) => t.name);
    expect(await teamsOf(me)).toEqual(['Herons']);
    expect(await teamsOf(w.manager)).toEqual(['Core']);
    expect(await teamsOf(w.admin)).toEqual(['Core', 'Herons', 'Owls']);
  });
});

describe('shared live state', () => {
  it('rows written outside changeRetro (no new version) are not hidden by the state kept for that version', async () => {
    const { loadRetroState } = await import('./retros.state.js');
    const { retroParticipants } = await import('./retros.tables.js');
    const retro = await newRetro(w.members[0]!, w.team.id);
    const before = loadRetroState(app.services.db, retro.id, row(retro.id).version);
    expect(before.participants).toEqual([]);
    expect(loadRetroState(app.services.db, retro.id, row(retro.id).version)).toBe(before);
    app.services.db.insert(retroParticipants).values({ retro_id: retro.id, user_id: w.members[1]!.id }).run();
    const r = await w.members[1]!.gql(GET_RETRO, { id: retro.id });
    expect(r.data!.retro.check_ins).toEqual([{ user: { id: w.members[1]!.id, full_name: 'Pia Peer' }, answer: null }]);
    expect(r.data!.retro.participation.participants).toBe(1);
  });
});
