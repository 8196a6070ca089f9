import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { createTeam, updateTeam } from '../teams/teams.repo.js';
import { goals } from './goals.tables.js';
import { insertGoal } from './goals.test-support.js';

/** The alignment tree, team goals, the teams one follows and the goals one may align under, through the real app. */

let app: FastifyInstance;
type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session, report: Session, member: Session, manager: Session, outsider: Session;
const g: Record<string, string> = {};
let teamId: string;
let otherTeamId: string;

const TREE = `query T($root: ID, $depth: Int) { goalTree(root_id: $root, depth: $depth) { id parent_id title owner_kind owner_name owner_id status progress band { percent band } child_count depth } }`;
const TEAM = `query G($id: ID!) { teamGoals(team_id: $id) { team { id name } goals { id } member_goals { id parent { id } } unaligned_member_goals { id } progress { percent band } } }`;
const ALIGNABLE = `query A($s: String, $x: ID) { alignableGoals(search: $s, exclude_id: $x) { id title depth child_count owner_name } }`;

type Node = {
  id: string;
  parent_id: string | null;
  title: string;
  owner_name: string;
  child_count: number;
  depth: number;
  band: { percent: number; band: string };
};
async function tree(s: Session, vars: Record<string, unknown> = {}): Promise<Node[]> {
  const r = await s.gql(TREE, vars);
  expect(r.errors).toBeUndefined();
  return r.data!.goalTree as Node[];
}
const names = (nodes: Array<{ id: string }>) => nodes.map((n) => Object.keys(g).find((k) => g[k] === n.id) ?? n.id);

beforeAll(async () => {
  app = await createTestApp();
  const w = await seedOrg(app, 'Acme');
  const { db } = app.services;
  teamId = w.team.id;
  updateTeam(db, w.org.id, teamId, { manager_id: w.manager.id });
  const mate = await addUser(app, w.org.id, { email: 'mate@acme.example', full_name: 'Mia Mate', team_id: teamId });
  const org = w.org.id;
  const kr = (current: number) => [{ kind: 'NUMBER' as const, start_value: 0, target_value: 100, current_value: current }];
  g.C1 = insertGoal(app, { organization_id: org, title: 'Grow revenue', key_results: kr(50) });
  g.C2 = insertGoal(app, { organization_id: org, title: 'Secret company plan', visibility: 'PRIVATE' });
  g.T1 = insertGoal(app, { organization_id: org, owner_team_id: teamId, title: 'Grow the core platform', parent_id: g.C1, key_results: kr(40) });
  g.T2 = insertGoal(app, { organization_id: org, owner_team_id: teamId, title: 'Core hiring', visibility: 'MANAGER_CHAIN', key_results: kr(10) });
  g.T3 = insertGoal(app, {
    organization_id: org,
    owner_team_id: teamId,
    title: 'Core part of the secret plan',
    parent_id: g.C2,
    status: 'AT_RISK',
    key_results: kr(30),
  });
  g.T4 = insertGoal(app, { organization_id: org, owner_team_id: teamId, title: 'Core migration', status: 'DONE', key_results: kr(100) });
  g.P1 = insertGoal(app, { organization_id: org, owner_user_id: w.report.id, title: 'Grow test coverage', parent_id: g.T1, key_results: kr(80) });
  g.P2 = insertGoal(app, {
    organization_id: org,
    owner_user_id: w.report.id,
    title: 'Private growth',
    parent_id: g.T1,
    visibility: 'PRIVATE',
    key_results: kr(20),
  });
  g.P3 = insertGoal(app, { organization_id: org, owner_user_id: mate.id, title: 'Grow flaky-test fixes', parent_id: g.P1, key_results: kr(60) });
  g.P4 = insertGoal(app, { organization_id: org, owner_user_id: w.report.id, title: 'Cut churn 5%', key_results: kr(5) });
  g.P5 = insertGoal(app, { organization_id: org, owner_user_id: w.report.id, title: 'Finished thing', status: 'DONE' });
  g.P6 = insertGoal(app, { organization_id: org, owner_user_id: w.member.id, title: 'Not a core member goal', parent_id: g.T1 });

  const other = await seedOrg(app, 'Globex');
  otherTeamId = createTeam(db, other.org.id, { name: 'Globex team' }).id;
  g.X1 = insertGoal(app, { organization_id: other.org.id, title: 'Grow Globex' });

  [admin, report, member, manager, outsider] = (await Promise.all(
    ['admin@acme.example', 'report@acme.example', 'member@acme.example', 'manager@acme.example', 'member@globex.example'].map((e) => signedIn(app, e)),
  )) as [Session, Session, Session, Session, Session];
});
afterAll(async () => {
  await app.close();
});

describe('goalTree', () => {
  it('starts at the readable company and team goals aligned to nothing readable, counts only readable children, and stops at the depth asked', async () => {
    const nodes = await tree(member);
    // Two levels by default. Member of no team: T2 (the team's manager chain) and C2 (private) are hidden; T3 under hidden C2 becomes a root.
    expect(names(nodes)).toEqual(['C1', 'T4', 'T3', 'T1']);
    const byName = Object.fromEntries(nodes.map((n) => [names([n])[0], n]));
    expect(byName.C1).toMatchObject({ parent_id: null, depth: 0, child_count: 1, owner_name: 'Acme' });
    expect(byName.T1).toMatchObject({ parent_id: g.C1, depth: 1, owner_name: 'Core' });
    // T1's readable children for this viewer: P1 and their own P6, not the private P2.
    expect(byName.T1!.child_count).toBe(2);
    expect(byName.T3).toMatchObject({ parent_id: g.C2, depth: 0, child_count: 0 });

    const deep = await tree(report, { depth: 3 });
    expect(names(deep)).toEqual(['C1', 'T2', 'T4', 'T3', 'T1', 'P1', 'P6', 'P2']);
    const p1 = deep.find((n) => n.id === g.P1)!;
    expect(p1).toMatchObject({ depth: 2, child_count: 1, owner_name: 'Acme Report' });
    expect(deep.find((n) => n.id === g.T1)!.child_count).toBe(3);

    const one = await tree(admin, { depth: 1 });
    expect(names(one)).toEqual(['C1', 'C2', 'T2', 'T4']);
    expect(one.find((n) => n.id === g.C2)!.child_count).toBe(1);
  });

  it('from a root: its readable descendants, depth counted from its children; NOT_FOUND for a goal one cannot read or of another organization; depth 1..3', async () => {
    const under = await tree(member, { root: g.T1, depth: 2 });
    expect(names(under)).toEqual(['P1', 'P6', 'P3']);
    expect(under.find((n) => n.id === g.P1)).toMatchObject({ depth: 0, child_count: 1 });
    expect(under.find((n) => n.id === g.P3)).toMatchObject({ depth: 1, parent_id: g.P1, child_count: 0, band: { percent: 60, band: expect.any(String) } });

    expect(codeOf(await member.gql(TREE, { root: g.C2 }))).toBe('NOT_FOUND');
    expect(codeOf(await outsider.gql(TREE, { root: g.C1 }))).toBe('NOT_FOUND');
    expect(names(await tree(outsider))).toEqual(['X1']);
    expect(codeOf(await member.gql(TREE, { depth: 4 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await member.gql(TREE, { depth: 0 }))).toBe('BAD_USER_INPUT');
  });
});

describe('teamGoals', () => {
  it("rolls up the team's open goals and groups its members' goals", async () => {
    const r = await report.gql(TEAM, { id: teamId });
    expect(r.errors).toBeUndefined();
    const t = r.data!.teamGoals;
    expect(t.team).toEqual({ id: teamId, name: 'Core' });
    expect(names(t.goals)).toEqual(['T2', 'T3', 'T1', 'T4']);
    // Direct children of the team's goals owned by members: not P3 (under P1), not P6 (member of no team).
    expect(names(t.member_goals).sort()).toEqual(['P1', 'P2']);
    expect(t.member_goals.every((m: { parent: { id: string } }) => m.parent.id === g.T1)).toBe(true);
    // Open, unaligned: P4 (P5 is done).
    expect(names(t.unaligned_member_goals)).toEqual(['P4']);
    // Mean over T1, T2, T3 (T4 is done), from their stored roll-ups.
    const stored = app.services.db
      .select({ id: goals.id, progress: goals.progress })
      .from(goals)
      .where(inArray(goals.id, [g.T1!, g.T2!, g.T3!]))
      .all();
    const mean = stored.reduce((s, x) => s + x.progress, 0) / 3;
    expect(t.progress.percent).toBe(Math.floor(mean));
    expect(stored.find((x) => x.id === g.T2)!.progress).toBe(10);

    // Someone outside the team sees neither the manager-chain T2 nor the private P2.
    const m = (await member.gql(TEAM, { id: teamId })).data!.teamGoals;
    expect(names(m.goals)).toEqual(['T3', 'T1', 'T4']);
    expect(names(m.member_goals)).toEqual(['P1']);
  });

  it('answers NOT_FOUND for a team of another organization; null progress without open goals', async () => {
    expect(codeOf(await report.gql(TEAM, { id: otherTeamId }))).toBe('NOT_FOUND');
    const empty = (await outsider.gql(TEAM, { id: otherTeamId })).data!.teamGoals;
    expect(empty).toMatchObject({ goals: [], member_goals: [], unaligned_member_goals: [], progress: null });
  });
});

describe('myGoalTeams and alignableGoals', () => {
  it('lists the own, managed and led teams', async () => {
    const q = `{ myGoalTeams { id } }`;
    expect((await report.gql(q)).data!.myGoalTeams).toEqual([{ id: teamId }]);
    expect((await manager.gql(q)).data!.myGoalTeams).toEqual([{ id: teamId }]);
    expect((await member.gql(q)).data!.myGoalTeams).toEqual([]);
  });

  it('finds readable goals by title, leaving out the excluded goal and everything below it, with LIKE wildcards taken literally', async () => {
    const found = (await report.gql(ALIGNABLE, { s: 'grow', x: g.T1 })).data!.alignableGoals;
    expect(names(found)).toEqual(['C1']);
    const all = (await report.gql(ALIGNABLE, { s: 'grow' })).data!.alignableGoals;
    expect(names(all)).toEqual(['C1', 'T1', 'P3', 'P1', 'P2']);
    expect(all.every((n: { depth: number }) => n.depth === 0)).toBe(true);
    expect(all.find((n: { id: string }) => n.id === g.T1).child_count).toBe(3);
    expect(names((await report.gql(ALIGNABLE, { s: '5%' })).data!.alignableGoals)).toEqual(['P4']);
    expect(names((await report.gql(ALIGNABLE, { s: '%' })).data!.alignableGoals)).toEqual(['P4']);
    expect(names((await report.gql(ALIGNABLE, { s: '_' })).data!.alignableGoals)).toEqual([]);
    expect(names((await member.gql(ALIGNABLE, { s: 'private' })).data!.alignableGoals)).toEqual([]);
  });
});
