import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoalOwnerKind, GoalVisibility } from '../../../shared/goals.js';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { GET_GOAL, MY_GOALS, goalsWorld, insertGoal, must, type GoalsCaller, type GoalsWorld } from './goals.test-support.js';

/**
 * Who reads and who edits a goal (goals.visibility.repo.ts, docs/decisions/0049), for PERSON, TEAM and
 * COMPANY goals in each visibility, through goal(id), can_edit, myGoals(user_id), User.goals and a
 * readable child's parent. The PERSON goals belong to `owner` (reports to `manager`, who reports
 * to `boss`; member of team Core led by `lead`); the TEAM goals to Core (manager `manager`, lead
 * `lead`, members `lead`, `owner`, `member`).
 */

let app: FastifyInstance;
let w: GoalsWorld;
const ids: Record<string, string> = {};

type Who = 'owner' | 'manager' | 'boss' | 'lead' | 'member' | 'otherManager' | 'admin' | 'otherAdmin';
const WHO: Who[] = ['owner', 'manager', 'boss', 'lead', 'member', 'otherManager', 'admin', 'otherAdmin'];
const caller = (who: Who): GoalsCaller => w[who];
const key = (kind: GoalOwnerKind, visibility: GoalVisibility) => `${kind}/${visibility}`;

beforeAll(async () => {
  app = await createTestApp();
  w = await goalsWorld(app);
  for (const visibility of ['EVERYONE', 'MANAGER_CHAIN', 'PRIVATE'] as const) {
    ids[key('PERSON', visibility)] = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.owner.id,
      title: `person ${visibility}`,
      visibility,
      due_date: '2026-09-01',
    });
    ids[key('TEAM', visibility)] = insertGoal(app, { organization_id: w.org.id, owner_team_id: w.team.id, title: `team ${visibility}`, visibility });
    ids[key('COMPANY', visibility)] = insertGoal(app, { organization_id: w.org.id, title: `company ${visibility}`, visibility });
  }
});
afterAll(async () => {
  await app.close();
});

/** Who reads each goal (everyone else gets NOT_FOUND). */
const READERS: Record<string, Who[]> = {
  'PERSON/EVERYONE': ['owner', 'manager', 'boss', 'lead', 'member', 'otherManager', 'admin'],
  // The owner, the people the owner is below (manager, boss, and the lead of the owner's team), admins.
  'PERSON/MANAGER_CHAIN': ['owner', 'manager', 'boss', 'lead', 'admin'],
  'PERSON/PRIVATE': ['owner'],
  'TEAM/EVERYONE': ['owner', 'manager', 'boss', 'lead', 'member', 'otherManager', 'admin'],
  // Members, manager and lead; those above the manager or lead; admins.
  'TEAM/MANAGER_CHAIN': ['owner', 'manager', 'boss', 'lead', 'member', 'admin'],
  'TEAM/PRIVATE': ['owner', 'manager', 'lead', 'member'],
  'COMPANY/EVERYONE': ['owner', 'manager', 'boss', 'lead', 'member', 'otherManager', 'admin'],
  'COMPANY/MANAGER_CHAIN': ['admin'],
  'COMPANY/PRIVATE': ['admin'],
};

/** Who edits (among its readers): the owner and those above; the team's manager and lead and those above; admins. */
const EDITORS: Record<GoalOwnerKind, Who[]> = {
  PERSON: ['owner', 'manager', 'boss', 'lead', 'admin'],
  TEAM: ['manager', 'boss', 'lead', 'admin'],
  COMPANY: ['admin'],
};

describe('goal(id) and can_edit', () => {
  const rows = Object.keys(READERS).flatMap((k) => WHO.map((who) => [k, who] as const));
  it.each(rows)('%s read by %s', async (k, who) => {
    const r = await caller(who).gql(GET_GOAL, { id: ids[k] });
    if (!READERS[k]!.includes(who)) {
      expect(codeOf(r)).toBe('NOT_FOUND');
      expect(r.data).toBeNull();
      return;
    }
    const goal = must(r, 'goal');
    expect(goal.id).toBe(ids[k]);
    expect(goal.can_edit).toBe(EDITORS[k.split('/')[0] as GoalOwnerKind].includes(who));
  });
});

describe('lists', () => {
  it.each(WHO)('myGoals(user_id) and User.goals of the owner, as %s', async (who) => {
    const expected = (['EVERYONE', 'MANAGER_CHAIN', 'PRIVATE'] as const).filter((v) => READERS[key('PERSON', v)]!.includes(who)).map((v) => `person ${v}`);
    const listed = must(await caller(who).gql(MY_GOALS, { user_id: w.owner.id, filter: { include_closed: true } }), 'myGoals')
      .map((g: any) => g.title)
      .sort();
    expect(listed).toEqual([...expected].sort());
    const user = must(await caller(who).gql('query($id: ID) { user(id: $id) { goals { id due_date } } }', { id: w.owner.id }), 'user');
    if (who === 'otherAdmin') {
      expect(user).toBeNull();
      return;
    }
    const byId = new Map(Object.entries(ids).map(([k, id]) => [id, k]));
    expect(user.goals.map((g: any) => byId.get(g.id)).sort()).toEqual(expected.map((t) => key('PERSON', t.replace('person ', '') as GoalVisibility)).sort());
    for (const g of user.goals) expect(g.due_date).toBe('2026-09-01T00:00:00.000Z');
  });

  it('an unreadable parent shows as hidden, and its readable child still reads', async () => {
    const child = insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.member.id,
      parent_id: ids['PERSON/PRIVATE'],
      title: 'Child of a private goal',
    });
    const asMember = must(await w.member.gql(GET_GOAL, { id: child }), 'goal');
    expect([asMember.parent, asMember.parent_hidden]).toEqual([null, true]);
    const asOwner = must(await w.owner.gql(GET_GOAL, { id: child }), 'goal');
    expect([asOwner.parent?.title, asOwner.parent_hidden]).toEqual(['person PRIVATE', false]);
    // The private goal's children: the owner reads the child (EVERYONE); the count includes it.
    const parent = must(await w.owner.gql(GET_GOAL, { id: ids['PERSON/PRIVATE'] }), 'goal');
    expect([parent.child_count, parent.children.map((c: any) => c.title)]).toEqual([1, ['Child of a private goal']]);
    // A private child stays out of a reader's children but counts.
    insertGoal(app, {
      organization_id: w.org.id,
      owner_user_id: w.outsider.id,
      parent_id: ids['TEAM/EVERYONE'],
      title: 'Private child',
      visibility: 'PRIVATE',
    });
    const team = must(await w.member.gql(GET_GOAL, { id: ids['TEAM/EVERYONE'] }), 'goal');
    expect([team.child_count, team.children]).toEqual([1, []]);
  });
});
