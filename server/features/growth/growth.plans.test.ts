import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../lib/tokens.js';
import { addUser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { insertGoal } from '../goals/goals.test-support.js';
import { teams } from '../teams/teams.tables.js';
import { assessments } from './growth.tables.js';
import { insertTrack, placeUser, type TestTrack } from './growth.test-support.js';

/**
 * Development plans and team progress on the real app: who reads and edits a plan (the person, the
 * people they are below, admins; the mentor reads), the actions' checks, the plan's progress, and
 * team progress numbers computed by hand.
 */

type Caller = Awaited<ReturnType<typeof signedIn>>;

const PLAN = `query($id: ID!) { developmentPlan(user_id: $id) {
  user { id full_name } mentor { id full_name } focus can_edit updated_at
  placement { track { id name } level { id name } }
  growth_goals { id title progress competency { id name } }
  actions { id title due_date done goal_id competency { id name } }
  progress { percent band }
} }`;
const UPDATE_PLAN = `mutation($id: ID!, $input: DevelopmentPlanInput!) { updateDevelopmentPlan(user_id: $id, input: $input) { mentor { id } focus } }`;
const ADD = `mutation($id: ID!, $input: DevelopmentActionInput!) { addDevelopmentAction(user_id: $id, input: $input) { id title due_date done competency { id name } goal_id } }`;
const UPDATE = `mutation($id: ID!, $input: DevelopmentActionInput!) { updateDevelopmentAction(id: $id, input: $input) { id title due_date } }`;
const DONE = `mutation($id: ID!, $done: Boolean!) { setDevelopmentActionDone(id: $id, done: $done) { id done } }`;
const DELETE = `mutation($id: ID!) { deleteDevelopmentAction(id: $id) }`;
const TEAM = `{ developmentTeamProgress { team { id name } people { user { id full_name } placement { level { name } } self_assessed_at manager_assessed_at
  plan_progress { percent band } growth_goals actions_open actions_overdue } } }`;

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof seedOrg>>;
let track: TestTrack;
let report: Caller, manager: Caller, admin: Caller, member: Caller, otherManager: Caller, grand: Caller, outsider: Caller, lead: Caller;
let grandId: string, loneId: string, otherReportId: string, deactivatedId: string, otherOrgCompetency: string, otherOrgUser: string;
let openGoal: string, privateGoal: string, memberGoal: string;

beforeAll(async () => {
  app = await createTestApp();
  w = await seedOrg(app);
  const orgId = w.org.id;
  track = insertTrack(app, orgId);
  placeUser(app, orgId, w.report.id, track, 1);
  grandId = (await addUser(app, orgId, { email: 'grand@acme.example', full_name: 'Grand Child', manager_id: w.report.id })).id;
  loneId = (await addUser(app, orgId, { email: 'lone@acme.example', full_name: 'Lone Report', manager_id: w.manager.id })).id;
  const om = await addUser(app, orgId, { email: 'om@acme.example', full_name: 'Other Manager', permission_level: 'MANAGER' });
  otherReportId = (await addUser(app, orgId, { email: 'or@acme.example', full_name: 'Other Report', manager_id: om.id })).id;
  deactivatedId = (await addUser(app, orgId, { email: 'gone@acme.example', full_name: 'Gone Person', status: 'DEACTIVATED' })).id;
  // The team's lead (a member by permission) is above its members and their reports.
  const leadId = (await addUser(app, orgId, { email: 'lead@acme.example', full_name: 'Team Lead' })).id;
  app.services.db.update(teams).set({ team_lead_id: leadId }).where(eq(teams.id, w.team.id)).run();
  const other = await seedOrg(app, 'Globex');
  otherOrgCompetency = insertTrack(app, other.org.id).competencyIds[0]!;
  otherOrgUser = other.member.id;

  // The report's growth goals: one everyone reads at 50 %, one private at 0 %; the member's own.
  openGoal = insertGoal(app, {
    organization_id: orgId,
    owner_user_id: w.report.id,
    kind: 'GROWTH',
    competency_id: track.competencyIds[0],
    title: 'Lead a design review',
    key_results: [{ start_value: 0, target_value: 100, current_value: 50 }],
  });
  privateGoal = insertGoal(app, {
    organization_id: orgId,
    owner_user_id: w.report.id,
    kind: 'GROWTH',
    visibility: 'PRIVATE',
    title: 'Private growth',
    key_results: [{ start_value: 0, target_value: 100, current_value: 0 }],
  });
  insertGoal(app, { organization_id: orgId, owner_user_id: w.report.id, kind: 'OBJECTIVE', title: 'Ship the thing' });
  memberGoal = insertGoal(app, { organization_id: orgId, owner_user_id: w.member.id, kind: 'GROWTH', title: 'Member growth' });

  // Assessments of the lone report: two submitted self ones (the later counts), a submitted manager one and a manager draft (not counted).
  const assess = (kind: 'SELF' | 'MANAGER', status: 'DRAFT' | 'SUBMITTED', submitted_at: string | null) =>
    app.services.db
      .insert(assessments)
      .values({
        id: newId(),
        organization_id: orgId,
        subject_id: loneId,
        assessor_id: kind === 'SELF' ? loneId : w.manager.id,
        kind,
        status,
        track_id: track.trackId,
        level_id: track.levelIds[0]!,
        submitted_at,
      })
      .run();
  placeUser(app, orgId, loneId, track, 0);
  assess('SELF', 'SUBMITTED', '2026-01-10T10:00:00.000Z');
  assess('SELF', 'SUBMITTED', '2026-03-05T10:00:00.000Z');
  assess('MANAGER', 'SUBMITTED', '2026-02-01T09:00:00.000Z');
  assess('MANAGER', 'DRAFT', null);

  [report, manager, admin, member, otherManager, grand, outsider, lead] = await Promise.all([
    signedIn(app, w.report.email),
    signedIn(app, w.manager.email),
    signedIn(app, w.admin.email),
    signedIn(app, w.member.email),
    signedIn(app, 'om@acme.example'),
    signedIn(app, 'grand@acme.example'),
    signedIn(app, other.admin.email),
    signedIn(app, 'lead@acme.example'),
  ]);
});

afterAll(async () => {
  await app?.close();
});

describe('development plan', () => {
  it('is read by the person, their managers up the line and admins; others are refused, other organizations do not find it', async () => {
    const mine = await report.gql(PLAN, { id: w.report.id });
    expect(mine.errors).toBeUndefined();
    const plan = mine.data!.developmentPlan;
    expect(plan).toMatchObject({ user: { id: w.report.id }, mentor: null, focus: '', can_edit: true, progress: { percent: 25, band: 'behind' }, actions: [] });
    expect(plan.placement).toMatchObject({ track: { id: track.trackId }, level: { id: track.levelIds[1] } });
    // The owner reads both growth goals (due date, then creation order); the objective is not a growth goal.
    expect(plan.growth_goals.map((g: { id: string }) => g.id)).toEqual([openGoal, privateGoal]);
    expect(plan.growth_goals[0].competency).toMatchObject({ id: track.competencyIds[0] });
    expect(plan.growth_goals[1].competency).toBeNull();

    // The manager reads the plan, but only the growth goals they may read; progress counts every one.
    const theirs = await manager.gql(PLAN, { id: w.report.id });
    expect(theirs.data!.developmentPlan.growth_goals.map((g: { id: string }) => g.id)).toEqual([openGoal]);
    expect(theirs.data!.developmentPlan).toMatchObject({ can_edit: true, progress: { percent: 25 } });
    expect((await manager.gql(PLAN, { id: grandId })).data!.developmentPlan.can_edit).toBe(true);
    expect((await admin.gql(PLAN, { id: w.report.id })).data!.developmentPlan.can_edit).toBe(true);
    expect((await lead.gql(PLAN, { id: grandId })).data!.developmentPlan.can_edit).toBe(true);
    expect(codeOf(await lead.gql(PLAN, { id: loneId }))).toBe('FORBIDDEN');

    expect(codeOf(await otherManager.gql(PLAN, { id: w.report.id }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql(PLAN, { id: w.report.id }))).toBe('FORBIDDEN');
    expect(codeOf(await grand.gql(PLAN, { id: w.report.id }))).toBe('FORBIDDEN');
    expect(codeOf(await outsider.gql(PLAN, { id: w.report.id }))).toBe('NOT_FOUND');
    expect(codeOf(await report.gql(PLAN, { id: otherOrgUser }))).toBe('NOT_FOUND');
  });

  it('takes a focus and a mentor; the mentor reads the plan without editing it', async () => {
    expect(codeOf(await report.gql(UPDATE_PLAN, { id: w.report.id, input: { mentor_id: w.report.id, focus: '' } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await report.gql(UPDATE_PLAN, { id: w.report.id, input: { mentor_id: deactivatedId, focus: '' } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await report.gql(UPDATE_PLAN, { id: w.report.id, input: { mentor_id: otherOrgUser, focus: '' } }))).toBe('NOT_FOUND');
    expect(codeOf(await report.gql(UPDATE_PLAN, { id: w.report.id, input: { mentor_id: null, focus: 'x'.repeat(2_001) } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await otherManager.gql(UPDATE_PLAN, { id: w.report.id, input: { mentor_id: null, focus: 'Mine now' } }))).toBe('FORBIDDEN');
    expect((await report.gql(PLAN, { id: w.report.id })).data!.developmentPlan.focus).toBe('');

    const saved = await report.gql(UPDATE_PLAN, { id: w.report.id, input: { mentor_id: w.member.id, focus: '  Grow as a reviewer  ' } });
    expect(saved.data!.updateDevelopmentPlan).toEqual({ mentor: { id: w.member.id }, focus: 'Grow as a reviewer' });

    const asMentor = await member.gql(PLAN, { id: w.report.id });
    expect(asMentor.errors).toBeUndefined();
    expect(asMentor.data!.developmentPlan).toMatchObject({ can_edit: false, focus: 'Grow as a reviewer', mentor: { id: w.member.id } });
    expect(asMentor.data!.developmentPlan.growth_goals.map((g: { id: string }) => g.id)).toEqual([openGoal]);
    expect(codeOf(await member.gql(ADD, { id: w.report.id, input: { title: 'Sneaky' } }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql(UPDATE_PLAN, { id: w.report.id, input: { mentor_id: null, focus: '' } }))).toBe('FORBIDDEN');
    // A field left out keeps its value.
    expect((await manager.gql(UPDATE_PLAN, { id: w.report.id, input: { focus: 'Review two designs a month' } })).data!.updateDevelopmentPlan).toEqual({
      mentor: { id: w.member.id },
      focus: 'Review two designs a month',
    });
  });

  it('checks actions, keeps them in order and counts them in the progress', async () => {
    const bad = async (input: Record<string, unknown>, code: string) => expect(codeOf(await report.gql(ADD, { id: w.report.id, input }))).toBe(code);
    await bad({ title: '   ' }, 'BAD_USER_INPUT');
    await bad({ title: 'Too late', due_date: '2100-01-01' }, 'BAD_USER_INPUT');
    await bad({ title: 'Not a day', due_date: '2026-02-30' }, 'BAD_USER_INPUT');
    await bad({ title: 'Foreign skill', competency_id: otherOrgCompetency }, 'NOT_FOUND');
    await bad({ title: "Someone else's goal", goal_id: memberGoal }, 'BAD_USER_INPUT');
    expect(codeOf(await otherManager.gql(ADD, { id: w.report.id, input: { title: 'Not yours' } }))).toBe('FORBIDDEN');

    const add = async (c: Caller, input: Record<string, unknown>) => {
      const r = await c.gql(ADD, { id: w.report.id, input });
      expect(r.errors).toBeUndefined();
      return r.data!.addDevelopmentAction as { id: string; done: boolean; competency: { id: string } | null; goal_id: string | null };
    };
    const later = await add(report, { title: 'Pair on reviews', due_date: '2099-06-01', goal_id: openGoal, competency_id: track.competencyIds[0] });
    expect(later).toMatchObject({ done: false, goal_id: openGoal, competency: { id: track.competencyIds[0] } });
    const overdue = await add(manager, { title: 'Read the RFC guide', due_date: '2020-01-01' });
    const undated = await add(admin, { title: 'Shadow an on-call week' });

    // Ticking the undated one: done actions go last.
    expect((await report.gql(DONE, { id: undated.id, done: true })).data!.setDevelopmentActionDone).toEqual({ id: undated.id, done: true });
    let plan = (await report.gql(PLAN, { id: w.report.id })).data!.developmentPlan;
    expect(plan.actions.map((a: { id: string }) => a.id)).toEqual([overdue.id, later.id, undated.id]);
    // Goals 50 and 0, actions 0, 0 and 100: 150 / 5 = 30.
    expect(plan.progress).toEqual({ percent: 30, band: 'behind' });

    expect(codeOf(await otherManager.gql(DONE, { id: later.id, done: true }))).toBe('FORBIDDEN');
    expect(codeOf(await outsider.gql(DONE, { id: later.id, done: true }))).toBe('NOT_FOUND');
    expect(codeOf(await report.gql(UPDATE, { id: later.id, input: { title: 'Pair', goal_id: privateGoal, competency_id: otherOrgCompetency } }))).toBe(
      'NOT_FOUND',
    );
    expect(
      (await report.gql(UPDATE, { id: later.id, input: { title: 'Pair on two reviews', due_date: '2099-07-01', goal_id: privateGoal } })).data!
        .updateDevelopmentAction,
    ).toEqual({ id: later.id, title: 'Pair on two reviews', due_date: '2099-07-01' });

    await manager.gql(DONE, { id: later.id, done: true });
    await manager.gql(DONE, { id: overdue.id, done: true });
    plan = (await manager.gql(PLAN, { id: w.report.id })).data!.developmentPlan;
    // 50 + 0 + 300 over 5 = 70.
    expect(plan.progress).toEqual({ percent: 70, band: 'behind' });
    expect(plan.actions.every((a: { done: boolean }) => a.done)).toBe(true);

    await report.gql(DONE, { id: overdue.id, done: false });
    expect(codeOf(await otherManager.gql(DELETE, { id: overdue.id }))).toBe('FORBIDDEN');
    expect((await report.gql(DELETE, { id: undated.id })).data!.deleteDevelopmentAction).toBe(true);
    expect(codeOf(await report.gql(DELETE, { id: undated.id }))).toBe('NOT_FOUND');
  });
});

describe('development team progress', () => {
  type Person = {
    user: { id: string };
    placement: { level: { name: string } } | null;
    self_assessed_at: string | null;
    manager_assessed_at: string | null;
    plan_progress: { percent: number; band: string } | null;
    growth_goals: number;
    actions_open: number;
    actions_overdue: number;
  };
  type Group = { team: { id: string; name: string } | null; people: Person[] };
  const teamProgress = async (c: Caller) => {
    const r = await c.gql(TEAM);
    expect(r.errors).toBeUndefined();
    return r.data!.developmentTeamProgress as Group[];
  };
  const find = (groups: Group[], id: string) => groups.flatMap((g) => g.people).find((p) => p.user.id === id);

  it('shows a manager everyone below them, grouped by team, with the numbers of each plan', async () => {
    const groups = await teamProgress(manager);
    expect(groups.map((g) => [g.team?.name ?? null, g.people.map((p) => p.user.id).sort()])).toEqual([
      ['Core', [w.report.id]],
      [null, [grandId, loneId].sort()],
    ]);
    // After the previous tests: goals 50 and 0; actions: "Pair" done, "Read the RFC guide" open and overdue since 2020: 150 / 4 = 37.
    expect(find(groups, w.report.id)).toMatchObject({
      growth_goals: 2,
      actions_open: 1,
      actions_overdue: 1,
      plan_progress: { percent: 37, band: 'behind' },
      self_assessed_at: null,
      manager_assessed_at: null,
    });
    expect(find(groups, loneId)).toMatchObject({
      placement: { level: { name: expect.any(String) } },
      self_assessed_at: '2026-03-05T10:00:00.000Z',
      manager_assessed_at: '2026-02-01T09:00:00.000Z',
      plan_progress: null,
      growth_goals: 0,
      actions_open: 0,
      actions_overdue: 0,
    });
  });

  it('shows admins everyone, another manager only their own people, and refuses members', async () => {
    const all = await teamProgress(admin);
    expect(find(all, w.member.id)).toMatchObject({ growth_goals: 1, plan_progress: { percent: 0, band: 'behind' } });
    expect(find(all, otherReportId)).toBeDefined();
    expect(find(all, deactivatedId)).toBeUndefined();
    expect((await teamProgress(otherManager)).flatMap((g) => g.people.map((p) => p.user.id))).toEqual([otherReportId]);
    expect((await teamProgress(report)).flatMap((g) => g.people.map((p) => p.user.id))).toEqual([grandId]);
    expect(codeOf(await member.gql(TEAM))).toBe('FORBIDDEN');
    expect(codeOf(await grand.gql(TEAM))).toBe('FORBIDDEN');
  });
});
