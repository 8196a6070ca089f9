import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/tokens.js';
import { createTeam } from '../teams/teams.repo.js';
import { sprints as reviewSprints } from '../sprints/sprints.tables.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { signInAs } from '../../test/world.js';
import { retroWorld, type Caller } from './retros.test-support.js';
import { insertRetro } from './retros.repo.js';
import { seedEndedRetro } from './retros.progress.test-support.js';
import { retroActionItems, retroParticipants } from './retros.tables.js';
import { countStatements } from '../../test/statements.js';

let app: FastifyInstance;
let admin: Caller;
let manager: Caller;
let member: Caller;
let owl: Caller;
let globexAdmin: Caller;
let lonely: Caller;
let ids: { falcons: string; owls: string; empty: string; globexTeam: string; retros: string[] };

const SUMMARY = 'team { id name } retros_held last_retro_at participation_percent action_items_total action_items_done completion { percent band }';
const DETAIL = `summary { ${SUMMARY} }
  sprints { retro_id title sprint_name held_at participants team_size action_items_total action_items_done completion { percent band } }
  health_trend { statement points { retro_id held_at answers average } }
  themes { term retros mentions }`;
const list = (c: Caller, name = 'Progress') => c.gql(`query ${name} { retroTeamProgress { ${SUMMARY} } }`);
const detail = (c: Caller, teamId: string, name = 'ProgressDetail') =>
  c.gql(`query ${name}($id: ID!) { retroTeamProgressDetail(team_id: $id) { ${DETAIL} } }`, { id: teamId });

const ENDED = ['2026-09-01T10:00:00.000Z', '2026-09-15T10:00:00.000Z', '2026-09-29T10:00:00.000Z', '2026-10-13T10:00:00.000Z'];
const STATEMENTS = ['We ship often.', 'We help each other.'];

/**
 * The retro tests' world (retros.test-support.ts): Acme's Core (4 members, managed by Mona Manager)
 * with four ended retros whose action items are done at 79, 80, 99 and 100 %, a running retro, and
 * Owls (Olga Owl, one ended retro); a team without retros, "Eagles". Globex: its team "Globex Core".
 */
beforeAll(async () => {
  app = await createTestApp();
  const { db } = app.services;
  const w = await retroWorld(app);
  const org = w.org;
  const falcons = w.team;
  const owls = w.otherTeam;
  const empty = createTeam(db, org.id, { name: 'Eagles' });
  const m = w.manager;
  const people = w.members;
  const o = w.outsider;
  const [p1, p2, p3, p4] = people.map((p) => p.id) as [string, string, string, string];

  const sprint4 = db
    .insert(reviewSprints)
    .values({ id: newId(), organization_id: org.id, team_id: falcons.id, name: 'Sprint 4', starts_on: '2026-09-29', ends_on: '2026-10-12' })
    .returning()
    .get();
  const retroIds = [
    seedEndedRetro(db, {
      orgId: org.id,
      teamId: falcons.id,
      endedAt: ENDED[0]!,
      title: 'Sprint 1 retro',
      participants: [p1, p2],
      actionItems: { done: 79, open: 21, dropped: 2 },
      health: {
        statements: STATEMENTS,
        scores: [
          [4, 5, 3],
          [2, 2],
        ],
      },
      reflections: ['Deployments were slow again', 'Release notes missing'],
      groups: ['Slow deployments', 'Release notes missing'],
    }),
    seedEndedRetro(db, {
      orgId: org.id,
      teamId: falcons.id,
      endedAt: ENDED[1]!,
      title: 'Sprint 2 retro',
      participants: [p1, p2, p3, p4, m.id],
      actionItems: { done: 80, inProgress: 20 },
      health: {
        statements: STATEMENTS,
        scores: [
          [1, 2],
          [5, 5, 5, 4],
        ],
      },
      reflections: ['The deploy pipeline is slow', 'release notes were late'],
      groups: ['Pipeline'],
    }),
    seedEndedRetro(db, {
      orgId: org.id,
      teamId: falcons.id,
      endedAt: ENDED[2]!,
      title: 'Sprint 3 retro',
      participants: [p1, p2, p3],
      actionItems: { done: 99, open: 1 },
      reflections: ['Great pairing sessions', 'Flaky tests'],
    }),
    seedEndedRetro(db, {
      orgId: org.id,
      teamId: falcons.id,
      endedAt: ENDED[3]!,
      title: 'Sprint 4 retro',
      sprintId: sprint4.id,
      participants: [p4],
      actionItems: { done: 5 },
      reflections: ['Pairing helped', 'testing took ages', 'Standups too long'],
    }),
  ];
  // A retro still running: its participants and action items do not count yet.
  const running = insertRetro(db, org.id, { team_id: falcons.id, template_id: 'builtin:start-stop-continue' }, m.id);
  db.insert(retroParticipants).values({ retro_id: running.id, user_id: p1 }).run();
  db.insert(retroActionItems)
    .values({ id: newId(), organization_id: org.id, retro_id: running.id, team_id: falcons.id, text: 'Not yet', status: 'DONE' })
    .run();
  seedEndedRetro(db, {
    orgId: org.id,
    teamId: owls.id,
    endedAt: '2026-10-01T09:00:00.000Z',
    participants: [o.id],
    actionItems: { open: 2 },
    health: {
      statements: STATEMENTS,
      scores: [
        [3, 3, 3],
        [4, 4, 4],
      ],
    },
    reflections: ['Slow reviews', 'slow builds'],
    groups: ['Slow'],
  });

  const globexTeam = w.otherOrgTeam;
  seedEndedRetro(db, { orgId: w.otherOrg.id, teamId: globexTeam.id, endedAt: ENDED[0]!, actionItems: { done: 1 } });

  admin = w.admin;
  manager = m;
  member = people[0]!;
  owl = o;
  globexAdmin = w.otherAdmin;
  lonely = await signInAs(app, w.world.acme.member);
  ids = { falcons: falcons.id, owls: owls.id, empty: empty.id, globexTeam: globexTeam.id, retros: retroIds };
});
afterAll(async () => {
  await app.close();
});

describe('retroTeamProgress', () => {
  it('sums the ended retros of each team the admin sees, with the completion bands', async () => {
    const res = await list(admin);
    expect(res.errors).toBeUndefined();
    const rows = res.data!.retroTeamProgress as Array<Record<string, any>>;
    expect(rows.map((r) => r.team.name)).toEqual(['Core', 'Eagles', 'Owls']);
    expect(rows[1]).toEqual({
      team: { id: ids.empty, name: 'Eagles' },
      retros_held: 0,
      last_retro_at: null,
      participation_percent: null,
      action_items_total: 0,
      action_items_done: 0,
      completion: null,
    });
    // Participation 2/4, 5/4 (capped at 100 %), 3/4, 1/4: mean 62.5 %. Items: 263 of 305 (dropped ones left out) = 86 %.
    expect(rows[0]).toEqual({
      team: { id: ids.falcons, name: 'Core' },
      retros_held: 4,
      last_retro_at: ENDED[3],
      participation_percent: 63,
      action_items_total: 305,
      action_items_done: 263,
      completion: { percent: 86, band: 'almost' },
    });
    expect(rows[2]).toMatchObject({
      retros_held: 1,
      participation_percent: 100,
      action_items_total: 2,
      action_items_done: 0,
      completion: { percent: 0, band: 'behind' },
    });
  });

  it('members see their own team, managers the teams they manage; another organization sees none of it', async () => {
    expect((await list(member)).data!.retroTeamProgress.map((r: { team: { name: string } }) => r.team.name)).toEqual(['Core']);
    expect((await list(manager)).data!.retroTeamProgress.map((r: { team: { name: string } }) => r.team.name)).toEqual(['Core']);
    expect((await list(owl)).data!.retroTeamProgress.map((r: { team: { name: string } }) => r.team.name)).toEqual(['Owls']);
    expect((await list(lonely)).data!.retroTeamProgress).toEqual([]); // in no team, leading none
    const globex = (await list(globexAdmin)).data!.retroTeamProgress;
    expect(globex).toEqual([
      expect.objectContaining({ team: { id: ids.globexTeam, name: 'Globex Core' }, retros_held: 1, completion: { percent: 100, band: 'complete' } }),
      expect.objectContaining({ team: expect.objectContaining({ name: 'Globex Owls' }), retros_held: 0, completion: null }),
    ]);
  });
});

describe('retroTeamProgressDetail', () => {
  it('per retro: participation and action items banded at 79, 80, 99 and 100 %, oldest first', async () => {
    const res = await detail(member, ids.falcons);
    expect(res.errors).toBeUndefined();
    const d = res.data!.retroTeamProgressDetail;
    expect(d.summary).toMatchObject({ retros_held: 4, participation_percent: 63, completion: { percent: 86, band: 'almost' } });
    expect(d.sprints).toEqual([
      {
        retro_id: ids.retros[0],
        title: 'Sprint 1 retro',
        sprint_name: null,
        held_at: ENDED[0],
        participants: 2,
        team_size: 4,
        action_items_total: 100,
        action_items_done: 79,
        completion: { percent: 79, band: 'behind' },
      },
      {
        retro_id: ids.retros[1],
        title: 'Sprint 2 retro',
        sprint_name: null,
        held_at: ENDED[1],
        participants: 5,
        team_size: 4,
        action_items_total: 100,
        action_items_done: 80,
        completion: { percent: 80, band: 'almost' },
      },
      {
        retro_id: ids.retros[2],
        title: 'Sprint 3 retro',
        sprint_name: null,
        held_at: ENDED[2],
        participants: 3,
        team_size: 4,
        action_items_total: 100,
        action_items_done: 99,
        completion: { percent: 99, band: 'almost' },
      },
      {
        retro_id: ids.retros[3],
        title: 'Sprint 4 retro',
        sprint_name: 'Sprint 4',
        held_at: ENDED[3],
        participants: 1,
        team_size: 4,
        action_items_total: 5,
        action_items_done: 5,
        completion: { percent: 100, band: 'complete' },
      },
    ]);
  });

  it('health trend per statement: an average only from 3 answers on, null (not 0) below', async () => {
    const d = (await detail(manager, ids.falcons)).data!.retroTeamProgressDetail;
    expect(d.health_trend).toEqual([
      {
        statement: 'We ship often.',
        points: [
          { retro_id: ids.retros[0], held_at: ENDED[0], answers: 3, average: 4 },
          { retro_id: ids.retros[1], held_at: ENDED[1], answers: 2, average: null },
        ],
      },
      {
        statement: 'We help each other.',
        points: [
          { retro_id: ids.retros[0], held_at: ENDED[0], answers: 2, average: null },
          { retro_id: ids.retros[1], held_at: ENDED[1], answers: 4, average: 4.75 },
        ],
      },
    ]);
  });

  it('recurring themes: terms of at least two retros, stemmed, stop words left out, ranked by retros then mentions', async () => {
    const d = (await detail(admin, ids.falcons)).data!.retroTeamProgressDetail;
    // "slow": retros 1 (a reflection and a group) and 2; "release notes" stands for its two words;
    // "pairing"/"Pairing" and "tests"/"testing" are one term each; "deployments" (retro 1 only) and the Owls' "slow" do not count.
    expect(d.themes).toEqual([
      { term: 'slow', retros: 2, mentions: 3 },
      { term: 'release notes', retros: 2, mentions: 2 },
      { term: 'pairing', retros: 2, mentions: 2 },
      { term: 'tests', retros: 2, mentions: 2 },
    ]);
    const owls = (await detail(admin, ids.owls)).data!.retroTeamProgressDetail;
    expect(owls.themes).toEqual([]); // one retro: nothing recurs yet
    expect(owls.health_trend[0].points[0]).toMatchObject({ answers: 3, average: 3 });
  });

  it('a team without ended retros: zeros, nulls and empty lists', async () => {
    const d = (await detail(admin, ids.empty)).data!.retroTeamProgressDetail;
    expect(d).toEqual({
      summary: expect.objectContaining({ retros_held: 0, completion: null, participation_percent: null }),
      sprints: [],
      health_trend: [],
      themes: [],
    });
  });

  it("NOT_FOUND for a team the viewer does not see, another organization's, or an unknown id", async () => {
    for (const [caller, teamId] of [
      [member, ids.owls],
      [owl, ids.falcons],
      [manager, ids.owls],
      [globexAdmin, ids.falcons],
      [admin, ids.globexTeam],
      [admin, 'no-such-team'],
    ] as const) {
      const res = await detail(caller, teamId);
      expect(codeOf(res)).toBe('NOT_FOUND');
      expect(res.data).toBeNull();
    }
  });
});

describe('SQL statements', () => {
  /** Counts statement runs (server/test/statements.ts). */
  async function statementsOf(run: () => Promise<{ errors?: unknown }>): Promise<number> {
    await admin.gql('query Warm { findOneUser { id } }'); // the session lookup, remembered until users or sessions change
    return countStatements(app, async () => {
      const res = await run();
      expect(res.errors).toBeUndefined();
    });
  }

  it('the detail costs the same for 1 retro as for 4, and the list the same for 1 team as for 3', async () => {
    // Distinct operation names: the response cache never answers.
    const one = await statementsOf(() => detail(admin, ids.owls, 'DetailOne'));
    const four = await statementsOf(() => detail(admin, ids.falcons, 'DetailFour'));
    expect(four).toBe(one);
    expect(four).toBeLessThanOrEqual(6);
    const oneTeam = await statementsOf(() => list(admin, 'ListWarm').then(() => list(member, 'ListOne')));
    const allTeams = await statementsOf(() => list(admin, 'ListWarm2').then(() => list(admin, 'ListAll')));
    expect(allTeams).toBe(oneTeam);
  });
});
