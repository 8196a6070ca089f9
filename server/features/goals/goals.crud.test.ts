import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_LIMITS } from '../../../shared/goals.js';
import { newId } from '../../lib/tokens.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { setFeatureAreas } from '../feature-areas/feature-areas.repo.js';
import { competencies, competencyTracks } from '../growth/growth.tables.js';
import { users } from '../users/users.tables.js';
import { goalKeyResults, goals } from './goals.tables.js';
import {
  CHECK_IN,
  CREATE_GOAL,
  DELETE_GOAL,
  GET_GOAL,
  MY_GOALS,
  UPDATE_GOAL,
  goalsPerson,
  goalsWorld,
  insertGoal,
  must,
  type GoalsCaller,
  type GoalsWorld,
} from './goals.test-support.js';
import { addDays, dayOf } from '../../../shared/dates.js';

/**
 * Goals and key results through the real app (docs/decisions/0049): the roll-up arithmetic
 * (hand-computed), who may create what, alignment cycles and depth, bad input writing nothing,
 * updates, deletes, check-ins and their notifications, myGoals and User.goals.
 */

let app: FastifyInstance;
let w: GoalsWorld;

beforeAll(async () => {
  app = await createTestApp();
  w = await goalsWorld(app);
});
afterAll(async () => {
  await app.close();
});

const goalCount = () => app.services.db.select({ n: count() }).from(goals).get()!.n;
const krCount = () => app.services.db.select({ n: count() }).from(goalKeyResults).get()!.n;
const person = (input: Record<string, unknown> = {}) => ({ title: 'A goal', owner_kind: 'PERSON', visibility: 'EVERYONE', ...input });
const NOTIFICATIONS = '{ notifications(limit: 100) { kind title body link } }';
const notifications = async (c: GoalsCaller) =>
  must<Array<{ kind: string; title: string; body: string | null; link: string | null }>>(await c.gql(NOTIFICATIONS), 'notifications');

describe('roll-up (hand-computed)', () => {
  it('weights: (50 x 3 + 20 x 1) / 4 = 42.5', async () => {
    const g = must(
      await w.owner.gql(CREATE_GOAL, {
        input: person({
          description: null,
          status: null,
          key_results: [
            { title: 'Ship 10 features', kind: 'NUMBER', start_value: 0, target_value: 10, current_value: 5, weight: 3 },
            { title: 'Coverage', kind: 'PERCENTAGE', start_value: 0, target_value: 100, current_value: 20, weight: 1 },
          ],
        }),
      }),
      'createGoal',
    );
    expect(g.key_results.map((k: any) => k.progress)).toEqual([50, 20]);
    expect(g.progress).toBe(42.5);
    expect(g.band).toEqual({ percent: 43, band: 'behind' }); // 42.5 % is written 43 % (docs/decisions/0070)
  });

  it('the expected pace is a hint beside the owner’s status: 75 % “On track”, 40 % of the way from start to due (docs/decisions/0060)', async () => {
    const day = (offset: number) => dayOf(addDays(app.services.scheduler.now(), offset));
    const g = must(
      await w.owner.gql(CREATE_GOAL, {
        input: person({
          start_date: day(-40),
          due_date: day(60),
          status: 'ON_TRACK',
          key_results: [{ title: 'Ship 4 features', kind: 'NUMBER', start_value: 0, target_value: 4, current_value: 3, weight: 1 }],
        }),
      }),
      'createGoal',
    );
    expect([g.status, g.progress, g.expected_progress]).toEqual(['ON_TRACK', 75, 40]);
    // Just started: nothing is expected yet. Without a start or a due date, or once done: no hint at all.
    const fresh = must(await w.owner.gql(CREATE_GOAL, { input: person({ start_date: day(0), due_date: day(120) }) }), 'createGoal');
    expect(fresh.expected_progress).toBe(0);
    const open = must(await w.owner.gql(CREATE_GOAL, { input: person({ due_date: day(30) }) }), 'createGoal');
    expect(open.expected_progress).toBeNull();
    const done = must(await w.owner.gql(CREATE_GOAL, { input: person({ start_date: day(-40), due_date: day(60), status: 'DONE' }) }), 'createGoal');
    expect(done.expected_progress).toBeNull();
  });

  it('mixed kinds with a decreasing target: (50 + 100 + 25 + 75) / 4 = 62.5', async () => {
    const g = must(
      await w.owner.gql(CREATE_GOAL, {
        input: person({
          key_results: [
            { title: 'Bugs from 100 down to 20', kind: 'NUMBER', start_value: 100, target_value: 20, current_value: 60 },
            { title: 'Launch', kind: 'BINARY', current_value: 1, start_value: null, target_value: null, weight: null },
            { title: 'Revenue', kind: 'CURRENCY', start_value: 0, target_value: 1000, current_value: 250, currency: 'eur' },
            { title: 'NPS share', kind: 'PERCENTAGE', start_value: 10, target_value: 50, current_value: 40 },
          ],
        }),
      }),
      'createGoal',
    );
    expect(g.key_results.map((k: any) => [k.kind, k.progress])).toEqual([
      ['NUMBER', 50],
      ['BINARY', 100],
      ['CURRENCY', 25],
      ['PERCENTAGE', 75],
    ]);
    expect(g.key_results[2].currency).toBe('EUR');
    expect(g.key_results[1]).toMatchObject({ start_value: 0, target_value: 1, weight: 1 });
    expect(g.progress).toBe(62.5);
  });

  it('DONE child counts 100, DROPPED child is left out: (20 + 40 + 100) / 3 = 53.3', async () => {
    const parent = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      title: 'Parent',
      key_results: [{ kind: 'NUMBER', start_value: 0, target_value: 10, current_value: 2 }],
    });
    insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      parent_id: parent,
      key_results: [{ kind: 'NUMBER', target_value: 100, current_value: 40 }],
    });
    insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      parent_id: parent,
      status: 'DONE',
      key_results: [{ kind: 'NUMBER', target_value: 100, current_value: 0 }],
    });
    insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      parent_id: parent,
      status: 'DROPPED',
      key_results: [{ kind: 'NUMBER', target_value: 100, current_value: 90 }],
    });
    const g = must(await w.owner.gql(GET_GOAL, { id: parent }), 'goal');
    expect(g.child_count).toBe(3);
    expect(g.progress).toBe(53.3);
    expect(g.band).toEqual({ percent: 53, band: 'behind' });
  });

  it('a check-in on a personal goal moves its team goal and the company goal above at once', async () => {
    const company = must(await w.admin.gql(CREATE_GOAL, { input: { title: 'Grow', owner_kind: 'COMPANY', visibility: 'EVERYONE' } }), 'createGoal');
    const team = must(
      await w.manager.gql(CREATE_GOAL, {
        input: {
          title: 'Core ships',
          owner_kind: 'TEAM',
          owner_team_id: w.team.id,
          visibility: 'EVERYONE',
          parent_id: company.id,
          key_results: [{ title: 'Release', kind: 'BINARY' }],
        },
      }),
      'createGoal',
    );
    const mine = must(
      await w.owner.gql(CREATE_GOAL, {
        input: person({ title: 'My part', parent_id: team.id, key_results: [{ title: 'Four things', kind: 'NUMBER', start_value: 0, target_value: 4 }] }),
      }),
      'createGoal',
    );
    expect([mine.progress, team.progress]).toEqual([0, 0]);
    const after = must(
      await w.owner.gql(CHECK_IN, {
        input: { goal_id: mine.id, values: [{ key_result_id: mine.key_results[0].id, value: 3 }], comment: 'Three done', confidence: 4 },
      }),
      'checkInGoal',
    );
    expect(after.progress).toBe(75);
    expect(after.last_check_in_at).not.toBeNull();
    expect(after.check_ins).toEqual([
      expect.objectContaining({
        comment: 'Three done',
        confidence: 4,
        status: 'ON_TRACK',
        progress: 75,
        author: { id: w.owner.id, full_name: 'Remy Report' },
        changes: [{ key_result_id: mine.key_results[0].id, title: 'Four things', before: 0, after: 3 }],
      }),
    ]);
    // Team: (0 + 75) / 2 = 37.5; company: its only child, 37.5.
    expect(must(await w.manager.gql(GET_GOAL, { id: team.id }), 'goal').progress).toBe(37.5);
    expect(must(await w.admin.gql(GET_GOAL, { id: company.id }), 'goal').progress).toBe(37.5);
    // A second check-in: newest first, the team's release done: team (100 + 100) / 2 = 100.
    const second = must(
      await w.owner.gql(CHECK_IN, {
        input: { goal_id: mine.id, values: [{ key_result_id: mine.key_results[0].id, value: 4 }], comment: null, confidence: null },
      }),
      'checkInGoal',
    );
    expect(second.check_ins.map((c: any) => c.progress)).toEqual([100, 75]);
    must(await w.manager.gql(CHECK_IN, { input: { goal_id: team.id, values: [{ key_result_id: team.key_results[0].id, value: 1 }] } }), 'checkInGoal');
    expect(must(await w.admin.gql(GET_GOAL, { id: company.id }), 'goal').progress).toBe(100);
  });
});

describe('who creates what', () => {
  const cases: Array<[string, () => GoalsCaller, () => Record<string, unknown>, string | null]> = [
    ['a person for themselves', () => w.member, () => person(), null],
    ['a manager for a report', () => w.manager, () => person({ owner_user_id: w.owner.id }), null],
    ["the manager's manager for someone further down", () => w.boss, () => person({ owner_user_id: w.owner.id }), null],
    ['an admin for anyone', () => w.admin, () => person({ owner_user_id: w.outsider.id }), null],
    ['a colleague for someone not below them', () => w.member, () => person({ owner_user_id: w.owner.id }), 'FORBIDDEN'],
    ['another manager for someone not below them', () => w.otherManager, () => person({ owner_user_id: w.owner.id }), 'FORBIDDEN'],
    ["the team's lead for the team", () => w.lead, () => ({ title: 'T', owner_kind: 'TEAM', owner_team_id: w.team.id, visibility: 'EVERYONE' }), null],
    [
      "someone above the team's manager for the team",
      () => w.boss,
      () => ({ title: 'T', owner_kind: 'TEAM', owner_team_id: w.team.id, visibility: 'EVERYONE' }),
      null,
    ],
    ['a team member for the team', () => w.member, () => ({ title: 'T', owner_kind: 'TEAM', owner_team_id: w.team.id, visibility: 'EVERYONE' }), 'FORBIDDEN'],
    [
      'another manager for the team',
      () => w.otherManager,
      () => ({ title: 'T', owner_kind: 'TEAM', owner_team_id: w.team.id, visibility: 'EVERYONE' }),
      'FORBIDDEN',
    ],
    ['a manager for the company', () => w.manager, () => ({ title: 'C', owner_kind: 'COMPANY', visibility: 'EVERYONE' }), 'FORBIDDEN'],
    ["another organization's admin for an Acme person", () => w.otherAdmin, () => person({ owner_user_id: w.owner.id }), 'NOT_FOUND'],
    [
      "another organization's admin for an Acme team",
      () => w.otherAdmin,
      () => ({ title: 'T', owner_kind: 'TEAM', owner_team_id: w.team.id, visibility: 'EVERYONE' }),
      'NOT_FOUND',
    ],
    [
      'a growth goal for a team',
      () => w.manager,
      () => ({ title: 'G', owner_kind: 'TEAM', owner_team_id: w.team.id, kind: 'GROWTH', visibility: 'EVERYONE' }),
      'BAD_USER_INPUT',
    ],
    ['a growth goal without a competency', () => w.owner, () => person({ kind: 'GROWTH' }), 'BAD_USER_INPUT'],
    ['a growth goal with an unknown competency', () => w.owner, () => person({ kind: 'GROWTH', competency_id: 'nope' }), 'NOT_FOUND'],
  ];
  it.each(cases)('%s', async (_name, who, input, code) => {
    const before = goalCount();
    const r = await who().gql(CREATE_GOAL, { input: input() });
    expect(codeOf(r) ?? null).toBe(code);
    expect(goalCount()).toBe(before + (code ? 0 : 1));
  });

  it('a growth goal names a competency of the organization', async () => {
    const { db } = app.services;
    const track = newId();
    db.insert(competencyTracks)
      .values({ id: track, organization_id: w.org.id, name: 'Eng IC', position: 0 } as never)
      .run();
    const competency = newId();
    db.insert(competencies).values({ id: competency, organization_id: w.org.id, track_id: track, name: 'Testing', position: 0 }).run();
    const g = must(await w.owner.gql(CREATE_GOAL, { input: person({ kind: 'GROWTH', competency_id: competency }) }), 'createGoal');
    expect([g.kind, g.competency_id]).toEqual(['GROWTH', competency]);
    expect(codeOf(await w.otherAdmin.gql(CREATE_GOAL, { input: person({ kind: 'GROWTH', competency_id: competency }) }))).toBe('NOT_FOUND');
  });

  it('a deactivated person cannot be given a goal', async () => {
    const gone = await goalsPerson(app, w.org.id, { email: 'gone@acme.example', full_name: 'Gone Person', manager_id: w.manager.id });
    app.services.db.update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, gone.id)).run();
    const r = await w.manager.gql(CREATE_GOAL, { input: person({ owner_user_id: gone.id }) });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0]!.message).toMatch(/deactivated/);
  });
});

describe('bad input writes nothing', () => {
  const kr = (k: Record<string, unknown>) =>
    person({
      key_results: [
        { title: 'Fine', kind: 'NUMBER', target_value: 5 },
        { title: 'Bad', ...k },
      ],
    });
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['target equal to start', kr({ kind: 'NUMBER', start_value: 5, target_value: 5 }), /target must differ/],
    ['currency missing', kr({ kind: 'CURRENCY', start_value: 0, target_value: 100 }), /currency/i],
    ['percentage over 100', kr({ kind: 'PERCENTAGE', start_value: 0, target_value: 120 }), /0 to 100/],
    ['a date before 1900', person({ start_date: '1899-12-31' }), /1900 and 2099/],
    ['a date after 2099', person({ due_date: '2100-01-01' }), /1900 and 2099/],
    ['due before start', person({ start_date: '2026-06-01', due_date: '2026-05-31' }), /due date cannot be before/],
    ['an empty title', person({ title: '   ' }), /Title is required/],
  ];
  it.each(cases)('%s', async (_name, input, message) => {
    const [goalsBefore, krsBefore] = [goalCount(), krCount()];
    const r = await w.owner.gql(CREATE_GOAL, { input });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0]!.message).toMatch(message);
    expect([goalCount(), krCount()]).toEqual([goalsBefore, krsBefore]);
  });

  it('an update with bad key results or dates changes nothing', async () => {
    const g = must(
      await w.owner.gql(CREATE_GOAL, {
        input: person({ title: 'Keep me', start_date: '2026-01-01', key_results: [{ title: 'One', kind: 'NUMBER', target_value: 10, current_value: 4 }] }),
      }),
      'createGoal',
    );
    const bad = [
      { title: 'Changed', key_results: [{ title: 'Bad', kind: 'NUMBER', start_value: 3, target_value: 3 }] },
      { title: 'Changed', due_date: '2025-12-31' },
      { title: 'Changed', key_results: [{ id: 'not-mine', title: 'X', kind: 'NUMBER', target_value: 3 }] },
    ];
    for (const input of bad) expect(codeOf(await w.owner.gql(UPDATE_GOAL, { id: g.id, input }))).toBe('BAD_USER_INPUT');
    const now = must(await w.owner.gql(GET_GOAL, { id: g.id }), 'goal');
    expect([now.title, now.key_results.length, now.key_results[0].current_value, now.progress]).toEqual(['Keep me', 1, 4, 40]);
  });

  it('a check-in with a key result of another goal, or an impossible value, changes nothing', async () => {
    const a = must(await w.owner.gql(CREATE_GOAL, { input: person({ key_results: [{ title: 'Done?', kind: 'BINARY' }] }) }), 'createGoal');
    const b = must(await w.owner.gql(CREATE_GOAL, { input: person({ key_results: [{ title: 'N', kind: 'NUMBER', target_value: 10 }] }) }), 'createGoal');
    for (const input of [
      { goal_id: a.id, values: [{ key_result_id: b.key_results[0].id, value: 1 }] },
      { goal_id: a.id, values: [{ key_result_id: a.key_results[0].id, value: 2 }] },
      { goal_id: a.id, values: [{ key_result_id: a.key_results[0].id, value: 1 }], confidence: 6 },
      { goal_id: a.id },
    ])
      expect(codeOf(await w.owner.gql(CHECK_IN, { input }))).toBe('BAD_USER_INPUT');
    const now = must(await w.owner.gql(GET_GOAL, { id: a.id }), 'goal');
    expect([now.progress, now.check_ins.length, now.last_check_in_at]).toEqual([0, 0, null]);
  });
});

describe('alignment', () => {
  it('refuses a goal under itself or one of its own goals, and a chain deeper than the limit', async () => {
    const a = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'A' });
    const b = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'B', parent_id: a });
    const c = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'C', parent_id: b });
    for (const parent of [a, b, c]) {
      const r = await w.owner.gql(UPDATE_GOAL, { id: a, input: { parent_id: parent } });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0]!.message).toContain('A goal cannot be aligned under itself or one of its own goals.');
    }
    expect(must(await w.owner.gql(GET_GOAL, { id: a }), 'goal').parent).toBeNull();
    // A chain of depthMax goals: one more below the last is refused.
    let last = c;
    for (let i = 3; i < GOAL_LIMITS.depthMax; i++)
      last = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: `L${i}`, parent_id: last });
    const deep = await w.owner.gql(CREATE_GOAL, { input: person({ parent_id: last }) });
    expect(codeOf(deep)).toBe('BAD_USER_INPUT');
    expect(deep.errors![0]!.message).toMatch(/levels deep/);
    // Moving a goal with a child of its own (two levels) under the chain's second-to-last goal: 7 + 2 levels, refused.
    const tall = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'Tall' });
    insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'Below tall', parent_id: tall });
    const secondToLast = must(await w.owner.gql(GET_GOAL, { id: last }), 'goal').parent.id;
    expect(codeOf(await w.owner.gql(UPDATE_GOAL, { id: tall, input: { parent_id: secondToLast } }))).toBe('BAD_USER_INPUT');
    expect(must(await w.owner.gql(UPDATE_GOAL, { id: tall, input: { parent_id: c } }), 'updateGoal').parent.id).toBe(c);
  });

  it('a parent the viewer cannot read or of another organization is not found', async () => {
    const hidden = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.outsider.id, visibility: 'PRIVATE' });
    const globex = insertGoal(app, { organization_id: w.otherOrg.id, owner_user_id: w.otherAdmin.id });
    for (const parent_id of [hidden, globex]) expect(codeOf(await w.owner.gql(CREATE_GOAL, { input: person({ parent_id }) }))).toBe('NOT_FOUND');
  });

  it('moving a goal recomputes the old and the new parent; deleting it unaligns its children and recomputes its parent', async () => {
    const oldParent = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'Old' });
    const newParent = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      title: 'New',
      key_results: [{ kind: 'NUMBER', target_value: 10, current_value: 0 }],
    });
    const g = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      parent_id: oldParent,
      key_results: [{ kind: 'NUMBER', target_value: 10, current_value: 8 }],
    });
    const child = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      parent_id: g,
      key_results: [{ kind: 'NUMBER', target_value: 10, current_value: 6 }],
    });
    // g = (80 + 60) / 2 = 70; old parent = 70.
    expect(must(await w.owner.gql(GET_GOAL, { id: oldParent }), 'goal').progress).toBe(70);
    must(await w.owner.gql(UPDATE_GOAL, { id: g, input: { parent_id: newParent } }), 'updateGoal');
    expect(must(await w.owner.gql(GET_GOAL, { id: oldParent }), 'goal').progress).toBe(0);
    expect(must(await w.owner.gql(GET_GOAL, { id: newParent }), 'goal').progress).toBe(35);
    expect(must(await w.owner.gql(DELETE_GOAL, { id: g }), 'deleteGoal')).toBe(true);
    expect(codeOf(await w.owner.gql(GET_GOAL, { id: g }))).toBe('NOT_FOUND');
    expect(must(await w.owner.gql(GET_GOAL, { id: newParent }), 'goal').progress).toBe(0);
    const orphan = must(await w.owner.gql(GET_GOAL, { id: child }), 'goal');
    expect([orphan.parent, orphan.parent_hidden, orphan.progress]).toEqual([null, false, 60]);
  });
});

describe('updates', () => {
  it('key results are replaced: ids keep their rows and current values, others are new or removed', async () => {
    const g = must(
      await w.owner.gql(CREATE_GOAL, {
        input: person({
          key_results: [
            { title: 'Keep', kind: 'NUMBER', target_value: 10, current_value: 5 },
            { title: 'Drop', kind: 'NUMBER', target_value: 10, current_value: 10 },
          ],
        }),
      }),
      'createGoal',
    );
    expect(g.progress).toBe(75);
    const [keep] = g.key_results;
    const u = must(
      await w.manager.gql(UPDATE_GOAL, {
        id: g.id,
        input: {
          title: 'Renamed',
          status: 'AT_RISK',
          key_results: [
            { title: 'New one', kind: 'BINARY' },
            { id: keep.id, title: 'Kept, target 20', kind: 'NUMBER', target_value: 20 },
          ],
        },
      }),
      'updateGoal',
    );
    expect(u.key_results.map((k: any) => [k.title, k.current_value, k.progress])).toEqual([
      ['New one', 0, 0],
      ['Kept, target 20', 5, 25],
    ]);
    expect(u.key_results[1].id).toBe(keep.id);
    expect([u.title, u.status, u.progress]).toEqual(['Renamed', 'AT_RISK', 12.5]);
    const done = must(await w.owner.gql(UPDATE_GOAL, { id: g.id, input: { status: 'DONE' } }), 'updateGoal');
    expect(done.progress).toBe(100);
  });

  it('readable but not editable: FORBIDDEN; unreadable: NOT_FOUND; nothing changes', async () => {
    const open = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'Open' });
    const secret = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'Secret', visibility: 'PRIVATE' });
    expect(codeOf(await w.member.gql(UPDATE_GOAL, { id: open, input: { title: 'X' } }))).toBe('FORBIDDEN');
    expect(codeOf(await w.member.gql(DELETE_GOAL, { id: open }))).toBe('FORBIDDEN');
    expect(codeOf(await w.member.gql(CHECK_IN, { input: { goal_id: open, comment: 'hi' } }))).toBe('FORBIDDEN');
    expect(codeOf(await w.manager.gql(UPDATE_GOAL, { id: secret, input: { title: 'X' } }))).toBe('NOT_FOUND');
    expect(codeOf(await w.otherAdmin.gql(DELETE_GOAL, { id: open }))).toBe('NOT_FOUND');
    expect(must(await w.owner.gql(GET_GOAL, { id: open }), 'goal').title).toBe('Open');
    expect(must(await w.owner.gql(GET_GOAL, { id: secret }), 'goal').title).toBe('Secret');
  });
});

describe('notifications (goal_updates)', () => {
  it('a status change reaches the owners of the goal above, never the one who made it, and a private title stays out', async () => {
    const teamGoal = insertGoal(app, { organization_id: w.org.id, owner_team_id: w.team.id, title: 'Team target' });
    const open = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'Open aligned', parent_id: teamGoal });
    const secret = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      title: 'Secret aligned',
      parent_id: teamGoal,
      visibility: 'PRIVATE',
    });
    const before = {
      manager: (await notifications(w.manager)).length,
      lead: (await notifications(w.lead)).length,
      owner: (await notifications(w.owner)).length,
    };
    must(await w.owner.gql(CHECK_IN, { input: { goal_id: open, status: 'AT_RISK', comment: 'Slipping' } }), 'checkInGoal');
    must(await w.owner.gql(UPDATE_GOAL, { id: secret, input: { status: 'OFF_TRACK' } }), 'updateGoal');
    const forManager = (await notifications(w.manager)).slice(0, (await notifications(w.manager)).length - before.manager);
    const forLead = (await notifications(w.lead)).slice(0, (await notifications(w.lead)).length - before.lead);
    for (const list of [forManager, forLead]) {
      expect(list).toHaveLength(2);
      expect(list.every((n) => n.kind === 'goal_updates')).toBe(true);
      expect(list.map((n) => n.title)).toEqual(['A goal aligned to yours changed status', 'A goal aligned to yours is now At risk']);
      expect(list[1]!.body).toBe('"Open aligned", aligned to "Team target", changed from On track to At risk.');
      // A private goal: admins read no word of it, so the notification (its mail reaches their outbox) says no more (docs/decisions/0055).
      expect(list[0]!.body).toBeNull();
      expect(list[0]!.link).toBe(`/goals/my-goals/${teamGoal}`);
    }
    expect((await notifications(w.owner)).length).toBe(before.owner);
  });

  it("someone else's check-in on my goal reaches me", async () => {
    const g = insertGoal(app, { organization_id: w.org.id, owner_user_id: w.owner.id, title: 'Checked by my manager' });
    const before = (await notifications(w.owner)).length;
    must(await w.manager.gql(CHECK_IN, { input: { goal_id: g, comment: 'Looks good' } }), 'checkInGoal');
    const list = await notifications(w.owner);
    expect(list.length).toBe(before + 1);
    expect(list[0]).toMatchObject({ kind: 'goal_updates', title: 'A colleague checked in on your goal', link: `/goals/my-goals/${g}` });
    expect(list[0]!.body).toMatch(/^Mona Manager checked in on "Checked by my manager": /);
  });
});

describe('myGoals and User.goals', () => {
  it('lists open personal goals due first, undated last; include_closed, kind and a readable person', async () => {
    const p = await goalsPerson(app, w.org.id, { email: 'lister@acme.example', full_name: 'Lis Ter', manager_id: w.otherManager.id });
    const mk = (title: string, extra: Record<string, unknown> = {}) => insertGoal(app, { organization_id: w.org.id, owner_user_id: p.id, title, ...extra });
    mk('No date');
    mk('Late', { due_date: '2026-12-01' });
    mk('Early', { due_date: '2026-02-01' });
    mk('Closed', { due_date: '2026-01-01', status: 'DONE' });
    mk('Private', { due_date: '2026-03-01', visibility: 'PRIVATE' });
    mk('Chain', { due_date: '2026-04-01', visibility: 'MANAGER_CHAIN', kind: 'GROWTH', key_results: [{ kind: 'NUMBER', target_value: 4, current_value: 1 }] });
    insertGoal(app, { organization_id: w.org.id, owner_team_id: w.otherTeam.id, title: 'Team, not mine' });
    const titles = async (c: GoalsCaller, vars: Record<string, unknown> = {}) => must(await c.gql(MY_GOALS, vars), 'myGoals').map((g: any) => g.title);
    expect(await titles(p)).toEqual(['Early', 'Private', 'Chain', 'Late', 'No date']);
    expect(await titles(p, { filter: { include_closed: true } })).toEqual(['Closed', 'Early', 'Private', 'Chain', 'Late', 'No date']);
    expect(await titles(p, { filter: { kind: 'GROWTH' } })).toEqual(['Chain']);
    expect(await titles(w.otherManager, { user_id: p.id })).toEqual(['Early', 'Chain', 'Late', 'No date']);
    expect(await titles(w.member, { user_id: p.id })).toEqual(['Early', 'Late', 'No date']);
    expect(await titles(w.otherAdmin, { user_id: p.id })).toEqual([]);
    const chain = must(await p.gql(MY_GOALS, { filter: { kind: 'GROWTH' } }), 'myGoals')[0];
    expect(chain.key_results.map((k: any) => k.progress)).toEqual([25]);

    const userGoals = async (c: GoalsCaller) => must(await c.gql('query($id: ID) { user(id: $id) { goals { id due_date } } }', { id: p.id }), 'user').goals;
    const mine = await userGoals(p);
    expect(mine).toHaveLength(6);
    expect(mine[0].due_date).toBe('2026-01-01T00:00:00.000Z');
    expect(mine[5].due_date).toBeNull();
    expect(await userGoals(w.member)).toHaveLength(4);
  });

  it('with GOALS switched off, User.goals is empty and myGoals is refused; back on, both answer', async () => {
    insertGoal(app, { organization_id: w.org.id, owner_user_id: w.member.id, title: 'While off' });
    const userGoals = async () => must(await w.member.gql('{ findOneUser { goals { id } } }'), 'findOneUser').goals;
    expect((await userGoals()).length).toBeGreaterThan(0);
    setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'GOALS', enabled: false }]);
    expect(await userGoals()).toEqual([]);
    expect(codeOf(await w.member.gql(MY_GOALS))).toBe('FORBIDDEN');
    setFeatureAreas(app.services.db, w.org.id, w.admin.id, [{ area: 'GOALS', enabled: true }]);
    expect((await userGoals()).length).toBeGreaterThan(0);
  });
});
