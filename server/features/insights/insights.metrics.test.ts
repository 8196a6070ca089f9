import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_METRICS } from '../../../shared/insights.js';
import { DEFAULT_CODE_PROCESS } from '../../../shared/integrations.js';
import { newId } from '../../lib/tokens.js';
import { addUser, codeOf, createTestApp, signedIn, type TestUser } from '../../test/helpers.js';
import { createOrganization } from '../org/org.repo.js';
import { createTeam, updateTeam } from '../teams/teams.repo.js';
import { createIngestWriter } from '../integrations/integrations.ingest.repo.js';
import { NOW } from '../integrations/sample/synthetic-dataset.js';
import { syntheticRecords } from '../integrations/sample/synthetic-records.js';
import { parseWindow, weekPeriods } from './insights.periods.js';
import { prFlowMetrics } from './insights.metrics.js';
import { emptyPrFactColumns } from '../integrations/integrations.pr-facts.repo.js';
import { dayOf, startOfWeek } from '../../../shared/dates.js';

/**
 * Team and individual insights over the synthetic dataset (docs/insights-metrics.md) (loaded
 * through the one ingest writer): every metric equals its hand-computed value, and who may see what.
 * Window 2025-03-03 -> 2025-03-30 (to inclusive), organization time zone UTC, now 2025-03-31 00:00.
 */

let app: FastifyInstance;
const people: Record<string, TestUser> = {};
let alpha: { id: string };
let outsiderAdmin: TestUser;
let orgId: string;
let githubConnectionId: string;

function connection(orgId: string, provider: string): string {
  const id = newId();
  app.services.db.$client
    .prepare(
      `insert into integration_connections (id, organization_id, provider, base_url, account, secret_sealed) values (?, ?, ?, 'http://127.0.0.1:1', 'acme', 'sealed')`,
    )
    .run(id, orgId, provider);
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  app.services.scheduler.useClock(() => Date.parse(NOW));
  const db = app.services.db;
  const org = createOrganization(db, 'Acme');
  alpha = createTeam(db, org.id, { name: 'Alpha' });
  const beta = createTeam(db, org.id, { name: 'Beta' });
  people.admin = await addUser(app, org.id, { email: 'admin@acme.example', permission_level: 'ADMIN' });
  people.director = await addUser(app, org.id, { email: 'director@acme.example', permission_level: 'MANAGER' });
  people.mia = await addUser(app, org.id, { email: 'mia@acme.example', permission_level: 'MANAGER', manager_id: people.director.id });
  updateTeam(db, org.id, alpha.id, { manager_id: people.mia.id });
  for (const key of ['alice', 'bob', 'carol'])
    people[key] = await addUser(app, org.id, { email: `${key}@acme.example`, full_name: key, team_id: alpha.id, manager_id: people.mia.id });
  for (const key of ['dave', 'erin']) people[key] = await addUser(app, org.id, { email: `${key}@acme.example`, full_name: key, team_id: beta.id });
  const other = createOrganization(db, 'Globex');
  outsiderAdmin = await addUser(app, other.id, { email: 'admin@globex.example', permission_level: 'ADMIN' });

  orgId = org.id;
  githubConnectionId = connection(org.id, 'GITHUB');
  const records = syntheticRecords(0);
  const github = createIngestWriter(db, { organizationId: org.id, connectionId: githubConnectionId, settings: DEFAULT_CODE_PROCESS });
  for (const repo of records.repos) {
    const scope = github.scope(repo.scope);
    github.deployments(scope.id, repo.deployments);
    github.pullRequests(scope.id, repo.pullRequests);
  }
  const jira = createIngestWriter(db, { organizationId: org.id, connectionId: connection(org.id, 'JIRA'), settings: DEFAULT_CODE_PROCESS });
  for (const project of records.projects) {
    const scope = jira.scope(project.scope);
    jira.sprints(scope.id, project.sprints);
    jira.issues(scope.id, project.issues);
  }
  // The sample's accounts to the test's people, its scopes to the teams.
  const c = db.$client;
  for (const key of ['alice', 'bob', 'carol', 'dave', 'erin']) {
    c.prepare(`update ext_accounts set user_id = ? where organization_id = ? and (login = ? or external_id = ?)`).run(
      people[key]!.id,
      org.id,
      key,
      `jira-${key}`,
    );
  }
  c.prepare(`update integration_scopes set team_id = ? where organization_id = ? and name in ('acme/api', 'ALPHA')`).run(alpha.id, org.id);
  c.prepare(`update integration_scopes set team_id = ? where organization_id = ? and name = 'acme/web'`).run(beta.id, org.id);
});

afterAll(async () => {
  await app.close();
});

const VALUE = 'n value mean median p75 numerator denominator excluded suppressed';
const TEAM = `query($id: ID!, $from: String, $to: String, $grain: InsightsGrain) { teamInsights(team_id: $id, from: $from, to: $to, grain: $grain) {
  grain members periods { start end label }
  metrics { key summary { ${VALUE} } points { ${VALUE} } }
  sources { code issues deployments sample }
  sprints { name committed_points added_points completed_points completion_rate commitment_reliability carried_over }
  unattributed_incidents { key }
} }`;

type Value = {
  n: number;
  value: number | null;
  mean: number | null;
  median: number | null;
  p75: number | null;
  numerator: number | null;
  denominator: number | null;
  excluded: number;
  suppressed: boolean;
};
type Metric = { key: string; summary: Value; points: Value[] };

describe('team insights of Alpha over the synthetic dataset', () => {
  let metrics: Map<string, Metric>;
  let team: Record<string, any>;
  beforeAll(async () => {
    const mia = await signedIn(app, 'mia@acme.example');
    const res = await mia.gql(TEAM, { id: alpha.id, from: '2025-03-03', to: '2025-03-30' });
    expect(res.errors).toBeUndefined();
    team = res.data!.teamInsights;
    metrics = new Map((team.metrics as Metric[]).map((m) => [m.key, m]));
  });
  const m = (key: string) => metrics.get(key)!;

  it('has four Monday weeks, three members and every metric of the registry', () => {
    expect(team.members).toBe(3);
    expect(team.periods.map((p: { start: string }) => p.start)).toEqual([
      '2025-03-03T00:00:00.000Z',
      '2025-03-10T00:00:00.000Z',
      '2025-03-17T00:00:00.000Z',
      '2025-03-24T00:00:00.000Z',
    ]);
    expect([...metrics.keys()].sort()).toEqual(Object.keys(INSIGHT_METRICS).sort());
    expect(team.sources).toMatchObject({ code: true, issues: true, deployments: true });
  });

  it('pickup time: ready for review to the first review by someone else (PR4 left out)', () => {
    expect(m('PR_PICKUP_TIME').summary).toMatchObject({ n: 5, excluded: 1, median: 2, value: 2 });
    expect(m('PR_PICKUP_TIME').summary.mean).toBeCloseTo(2.0);
  });

  it('review time', () => {
    expect(m('PR_REVIEW_TIME').summary.median).toBeCloseTo(2);
    expect(m('PR_REVIEW_TIME').summary.mean).toBeCloseTo(18.6);
  });

  it('time to merge', () => {
    expect(m('PR_TIME_TO_MERGE').summary.mean).toBeCloseTo(21.333, 2);
    expect(m('PR_TIME_TO_MERGE').summary.median).toBeCloseTo(11.5);
  });

  it('coding time: draft time counts, PR8 (first commit after creation) left out', () => {
    expect(m('PR_CODING_TIME').summary).toMatchObject({ n: 5, excluded: 1 });
    expect(m('PR_CODING_TIME').summary.median).toBeCloseTo(4);
    expect(m('PR_CODING_TIME').summary.mean).toBeCloseTo(11.4);
  });

  it('deploy time', () => {
    expect(m('PR_DEPLOY_TIME').summary.mean).toBeCloseTo(4.0);
    expect(m('PR_DEPLOY_TIME').summary.median).toBeCloseTo(1);
  });

  it('PR size', () => {
    expect(m('PR_SIZE').summary.mean).toBeCloseTo(200);
    expect(m('PR_SIZE').summary.median).toBeCloseTo(115);
  });

  it('merged without review, closed without merge, review depth', () => {
    expect(m('PR_MERGED_WITHOUT_REVIEW').summary).toMatchObject({ numerator: 1, denominator: 6 });
    expect(m('PR_CLOSED_WITHOUT_MERGE').summary).toMatchObject({ numerator: 1, denominator: 7 });
    expect(m('PR_REVIEW_DEPTH').summary.value).toBeCloseTo(7 / 6);
  });

  it('throughput: merged per member per week', () => {
    expect(m('PR_THROUGHPUT').summary.value).toBeCloseTo(0.5);
    const points = m('PR_THROUGHPUT').points.map((p) => p.value!);
    [1, 1 / 3, 2 / 3, 0].forEach((v, i) => expect(points[i]).toBeCloseTo(v));
  });

  it('deployment frequency: production deploy days per week, median of the weeks (staging and failed left out)', () => {
    expect(m('DEPLOYMENT_FREQUENCY').points.map((p) => p.value)).toEqual([2, 1, 1, 0]);
    expect(m('DEPLOYMENT_FREQUENCY').summary.value).toBeCloseTo(1);
  });

  it('lead time for changes and PR cycle time', () => {
    expect(m('LEAD_TIME_FOR_CHANGES').summary).toMatchObject({ n: 6 });
    expect(m('LEAD_TIME_FOR_CHANGES').summary.median).toBeCloseTo(26.5);
    expect(m('PR_CYCLE_TIME').summary.median).toBeCloseTo(26.5);
  });

  it('change failure rate, recovery time, time to restore', () => {
    expect(m('CHANGE_FAILURE_RATE').summary).toMatchObject({ numerator: 2, denominator: 4, value: 0.5 });
    expect(m('FAILED_DEPLOYMENT_RECOVERY_TIME').summary).toMatchObject({ n: 2 });
    expect(m('FAILED_DEPLOYMENT_RECOVERY_TIME').summary.median).toBeCloseTo(44);
    expect(m('TIME_TO_RESTORE').summary.median).toBeCloseTo(8);
    expect(team.unattributed_incidents).toEqual([]);
  });

  it('issues: lead time, cycle time (sum of in-progress intervals), done and points by resolution date', () => {
    expect(m('ISSUE_LEAD_TIME').summary).toMatchObject({ n: 5 });
    expect(m('ISSUE_LEAD_TIME').summary.mean).toBeCloseTo(80.8);
    expect(m('ISSUE_LEAD_TIME').summary.median).toBeCloseTo(49);
    expect(m('ISSUE_CYCLE_TIME').summary).toMatchObject({ n: 4, excluded: 1 });
    expect(m('ISSUE_CYCLE_TIME').summary.median).toBeCloseTo(48);
    expect(m('ISSUE_CYCLE_TIME').summary.mean).toBeCloseTo((48 + 48 + 3 + 48) / 4);
    expect(m('ISSUE_THROUGHPUT').summary.value).toBe(5);
    expect(m('STORY_POINTS_COMPLETED').summary.value).toBe(10);
  });

  it('sprint S1: completion 80 %, commitment 100 %, one issue carried over', () => {
    expect(team.sprints).toEqual([
      expect.objectContaining({ committed_points: 8, added_points: 2, completed_points: 8, completion_rate: 0.8, commitment_reliability: 1, carried_over: 1 }),
    ]);
    expect(m('SPRINT_COMPLETION').summary.value).toBeCloseTo(0.8);
    expect(m('SPRINT_COMMITMENT_RELIABILITY').summary.value).toBeCloseTo(1);
  });

  it('sprint grain: the team’s sprints are the periods', async () => {
    const res = await (await signedIn(app, 'alice@acme.example')).gql(TEAM, { id: alpha.id, from: '2025-03-03', to: '2025-03-30', grain: 'SPRINT' });
    expect(res.data!.teamInsights.grain).toBe('SPRINT');
    expect(res.data!.teamInsights.periods.map((p: { label: string }) => p.label)).toEqual(['Alpha sprint 1']);
  });

  it('the pull requests behind a number, with their durations and why parts are left out', async () => {
    const admin = await signedIn(app, 'admin@acme.example');
    const res = await admin.gql(
      `query($id: ID!) { teamInsightsPullRequests(team_id: $id, from: "2025-03-03", to: "2025-03-30", metric: PR_PICKUP_TIME) {
      total items { number pickup_hours coding_hours reviewers excluded_reasons } } }`,
      { id: alpha.id },
    );
    const page = res.data!.teamInsightsPullRequests;
    expect(page.total).toBe(6);
    const byNumber = new Map(page.items.map((p: { number: number }) => [p.number, p]));
    expect(byNumber.get(4)).toMatchObject({ pickup_hours: null, excluded_reasons: expect.arrayContaining(['no review by someone else']) });
    expect(byNumber.get(8)).toMatchObject({ coding_hours: null, excluded_reasons: expect.arrayContaining(['first commit after creation']) });
    expect(byNumber.get(3)).toMatchObject({ pickup_hours: 4, reviewers: ['alice'] });
    const closed = await admin.gql(
      `query($id: ID!) { teamInsightsPullRequests(team_id: $id, from: "2025-03-03", to: "2025-03-30", metric: PR_CLOSED_WITHOUT_MERGE) {
      total items { number state } } }`,
      { id: alpha.id },
    );
    expect(closed.data!.teamInsightsPullRequests.total).toBe(7);
    expect(closed.data!.teamInsightsPullRequests.items).toContainEqual({ number: 7, state: 'CLOSED' });
  });

  it('a window longer than the limit is refused in plain words', async () => {
    const res = await (await signedIn(app, 'mia@acme.example')).gql(TEAM, { id: alpha.id, from: '2024-01-01', to: '2025-03-30' });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0]!.message).toMatch(/at most 366 days/);
  });
});

describe('weeks in the organization’s time zone', () => {
  it('a deployment late on Sunday in UTC falls on Monday in UTC+1; weeks start Monday 00:00 local time, across daylight saving', () => {
    const sunday = Date.parse('2025-03-09T23:30:00.000Z');
    expect(dayOf(sunday, 'UTC')).toBe('2025-03-09');
    expect(dayOf(sunday, 'Europe/Berlin')).toBe('2025-03-10');
    expect(startOfWeek(sunday, 'Europe/Berlin').toISOString()).toBe('2025-03-09T23:00:00.000Z');
    const berlin = parseWindow({ from: '2025-03-24', to: '2025-04-06' }, 'Europe/Berlin', Date.parse(NOW));
    // Summer time starts on Sunday 30 March: the second week begins at 22:00 UTC.
    expect(weekPeriods(berlin).map((p) => new Date(p.start).toISOString())).toEqual(['2025-03-23T23:00:00.000Z', '2025-03-30T22:00:00.000Z']);
    expect(new Date(berlin.to).toISOString()).toBe('2025-04-06T22:00:00.000Z');
    const defaults = parseWindow({}, 'UTC', Date.parse('2025-03-26T12:00:00.000Z'));
    expect(weekPeriods(defaults)).toHaveLength(13);
  });

  it('a week with a DST change is one week for per-week rates: 6 PRs by one person that week are 6 a week, not 6.04', () => {
    // Berlin, Monday 24 March to Sunday 30 March 2025: summer time starts on the Sunday, so the week lasts 167 hours.
    const window = parseWindow({ from: '2025-03-24', to: '2025-04-06' }, 'Europe/Berlin', Date.parse(NOW));
    const periods = weekPeriods(window);
    const merged = emptyPrFactColumns(12);
    for (let i = 0; i < 12; i++) merged.merged[i] = Date.parse(i < 6 ? '2025-03-26T10:00:00.000Z' : '2025-04-02T10:00:00.000Z');
    merged.n = 12;
    const throughput = prFlowMetrics({ merged, closedUnmerged: [], periods, window, members: 1 }).find((m) => m.key === 'PR_THROUGHPUT')!;
    expect(throughput.points.map((p) => [p.value, p.denominator])).toEqual([
      [6, 1],
      [6, 1],
    ]);
    expect(throughput.summary.value).toBe(6);
  });
});

describe('the product’s own data beside the code data', () => {
  it('feedback given and received (counts only), goals as they stand, retros held in the window', async () => {
    const c = app.services.db.$client;
    const org = people.alice!.organizationId;
    const feedback = c.prepare(
      `insert into feedback (id, organization_id, giver_id, recipient_id, body, visibility, created_at) values (?, ?, ?, ?, 'secret words', 'PRIVATE', ?)`,
    );
    feedback.run(newId(), org, people.alice!.id, people.bob!.id, '2025-03-05T10:00:00.000Z');
    feedback.run(newId(), org, people.carol!.id, people.dave!.id, '2025-03-12T10:00:00.000Z');
    feedback.run(newId(), org, people.erin!.id, people.carol!.id, '2025-03-20T10:00:00.000Z');
    feedback.run(newId(), org, people.alice!.id, people.bob!.id, '2025-04-02T10:00:00.000Z');
    const goal = c.prepare(
      `insert into goals (id, organization_id, title, owner_kind, owner_user_id, owner_team_id, visibility, status, progress) values (?, ?, 'Goal', ?, ?, ?, ?, ?, ?)`,
    );
    goal.run(newId(), org, 'TEAM', null, alpha.id, 'EVERYONE', 'ON_TRACK', 40);
    goal.run(newId(), org, 'PERSON', people.alice!.id, null, 'MANAGER_CHAIN', 'AT_RISK', 60);
    goal.run(newId(), org, 'PERSON', people.bob!.id, null, 'PRIVATE', 'DONE', 100);
    goal.run(newId(), org, 'PERSON', people.carol!.id, null, 'EVERYONE', 'DROPPED', 10);
    goal.run(newId(), org, 'PERSON', people.dave!.id, null, 'EVERYONE', 'OFF_TRACK', 5);
    const retro = newId();
    c.prepare(
      `insert into retros (id, organization_id, team_id, title, template_id, template_name, prompts, scheduled_at, started_at, phase) values (?, ?, ?, 'Sprint 1 retro', 'builtin', 'Start, stop, continue', '[]', ?, ?, 'SUMMARY')`,
    ).run(retro, org, alpha.id, '2025-03-14T15:00:00.000Z', '2025-03-14T15:00:00.000Z');
    for (const key of ['alice', 'bob']) c.prepare(`insert into retro_participants (retro_id, user_id) values (?, ?)`).run(retro, people[key]!.id);
    for (const status of ['DONE', 'OPEN'])
      c.prepare(`insert into retro_action_items (id, organization_id, retro_id, team_id, text, status) values (?, ?, ?, ?, 'Do it', ?)`).run(
        newId(),
        org,
        retro,
        alpha.id,
        status,
      );

    const mia = await signedIn(app, 'mia@acme.example');
    const res = await mia.gql(
      `query($id: ID!) { teamInsights(team_id: $id, from: "2025-03-03", to: "2025-03-30") {
      metrics { key summary { value numerator denominator } points { value } }
      goals { count average_progress on_track at_risk off_track done }
      retros { title participants members actions_total actions_done }
    } }`,
      { id: alpha.id },
    );
    expect(res.errors).toBeUndefined();
    const t = res.data!.teamInsights;
    const m = (key: string) => t.metrics.find((x: { key: string }) => x.key === key);
    expect(m('FEEDBACK_GIVEN').points.map((p: { value: number }) => p.value)).toEqual([1, 1, 0, 0]);
    expect(m('FEEDBACK_RECEIVED').points.map((p: { value: number }) => p.value)).toEqual([1, 0, 1, 0]);
    expect(JSON.stringify(t)).not.toContain('secret words');
    expect(t.goals).toEqual({ count: 2, average_progress: 50, on_track: 1, at_risk: 1, off_track: 0, done: 0 });
    expect(t.retros).toEqual([{ title: 'Sprint 1 retro', participants: 2, members: 3, actions_total: 2, actions_done: 1 }]);
    expect(m('RETRO_PARTICIPATION').summary).toMatchObject({ numerator: 2, denominator: 3 });
    expect(m('RETRO_ACTIONS_DONE').summary).toMatchObject({ numerator: 1, denominator: 2, value: 0.5 });
  });
});

const INDIVIDUAL = `query($id: ID, $from: String, $to: String) { individualInsights(user_id: $id, from: $from, to: $to) {
  user { id }
  metrics { key summary { ${VALUE} } }
  authored { number }
  open_pull_requests { pull_request { number } waiting_hours waiting_for }
  reviews_given { pull_request { number } hours_after_ready }
  collaborators { login user { id } pull_requests }
  issues { key status_category }
} }`;

describe('individual insights of alice', () => {
  it('her own view: what she worked on, what waits, who she works with; small aggregates suppressed', async () => {
    const alice = await signedIn(app, 'alice@acme.example');
    const res = await alice.gql(INDIVIDUAL, { from: '2025-03-03', to: '2025-03-30' });
    expect(res.errors).toBeUndefined();
    const me = res.data!.individualInsights;
    expect(me.user.id).toBe(people.alice!.id);
    expect(me.authored.map((p: { number: number }) => p.number)).toEqual([1, 4]);
    expect(me.open_pull_requests).toHaveLength(1);
    expect(me.open_pull_requests[0]).toMatchObject({ pull_request: { number: 9 }, waiting_for: ['bob'] });
    expect(me.open_pull_requests[0].waiting_hours).toBeCloseTo(87);
    expect(me.reviews_given.map((r: { pull_request: { number: number }; hours_after_ready: number }) => [r.pull_request.number, r.hours_after_ready])).toEqual([
      [3, 4],
      [8, 2],
    ]);
    expect(me.collaborators).toEqual([
      { login: 'bob', user: { id: people.bob!.id }, pull_requests: [1, 9] },
      { login: 'carol', user: { id: people.carol!.id }, pull_requests: [3, 8] },
    ]);
    expect(me.issues.map((i: { key: string }) => i.key).sort()).toEqual(['ALPHA-1', 'ALPHA-3', 'ALPHA-6']);
    const keys = me.metrics.map((x: { key: string }) => x.key);
    expect(keys.every((k: keyof typeof INSIGHT_METRICS) => INSIGHT_METRICS[k].individual)).toBe(true);
    expect(keys).not.toContain('PR_THROUGHPUT');
    const pickup = me.metrics.find((x: { key: string }) => x.key === 'PR_PICKUP_TIME');
    expect(pickup.summary).toMatchObject({ suppressed: true, value: null, median: null });
  });
});

describe('who may see which insights', () => {
  it('a member of another team cannot open Alpha’s insights; a member, the manager, the manager above and an admin can', async () => {
    const dave = await signedIn(app, 'dave@acme.example');
    const refused = await dave.gql(TEAM, { id: alpha.id, from: '2025-03-03', to: '2025-03-30' });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors![0]!.message).toMatch(/members, its managers and admins/);
    for (const email of ['bob@acme.example', 'director@acme.example', 'admin@acme.example']) {
      const res = await (await signedIn(app, email)).gql(TEAM, { id: alpha.id, from: '2025-03-03', to: '2025-03-30' });
      expect(res.errors, email).toBeUndefined();
    }
  });

  it('a member cannot open a peer’s individual insights; their manager and an admin can', async () => {
    const bob = await signedIn(app, 'bob@acme.example');
    const refused = await bob.gql(INDIVIDUAL, { id: people.alice!.id, from: '2025-03-03', to: '2025-03-30' });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    for (const email of ['mia@acme.example', 'director@acme.example', 'admin@acme.example']) {
      const res = await (await signedIn(app, email)).gql(INDIVIDUAL, { id: people.alice!.id, from: '2025-03-03', to: '2025-03-30' });
      expect(res.errors, email).toBeUndefined();
      expect(res.data!.individualInsights.authored).toHaveLength(2);
    }
  });

  it('another organization’s team and person are not found', async () => {
    const outsider = await signedIn(app, outsiderAdmin.email);
    expect(codeOf(await outsider.gql(TEAM, { id: alpha.id }))).toBe('NOT_FOUND');
    expect(codeOf(await outsider.gql(INDIVIDUAL, { id: people.alice!.id }))).toBe('NOT_FOUND');
  });

  it('the lists of teams and people: no one outside the reporting line', async () => {
    const q = `{ insightsTeams { name } insightsPeople { email } }`;
    const bob = (await (await signedIn(app, 'bob@acme.example')).gql(q)).data!;
    expect(bob.insightsTeams.map((t: { name: string }) => t.name)).toEqual(['Alpha']);
    expect(bob.insightsPeople.map((p: { email: string }) => p.email)).toEqual(['bob@acme.example']);
    const director = (await (await signedIn(app, 'director@acme.example')).gql(q)).data!;
    expect(director.insightsTeams.map((t: { name: string }) => t.name)).toEqual(['Alpha']);
    expect(director.insightsPeople.map((p: { email: string }) => p.email).sort()).toEqual([
      'alice@acme.example',
      'bob@acme.example',
      'carol@acme.example',
      'director@acme.example',
      'mia@acme.example',
    ]);
  });
});

describe('the team page’s read model of merged pull requests (decision 0052)', () => {
  const merged = async () => {
    const mia = await signedIn(app, 'mia@acme.example');
    const res = await mia.gql(TEAM, { id: alpha.id, from: '2025-03-03', to: '2025-03-30' });
    expect(res.errors).toBeUndefined();
    const metrics = res.data!.teamInsights.metrics as Metric[];
    return metrics.find((x) => x.key === 'PR_THROUGHPUT')!.summary.numerator;
  };
  const rewrite = (change: (pr: ReturnType<typeof syntheticRecords>['repos'][number]['pullRequests'][number]) => void) => {
    const writer = createIngestWriter(app.services.db, { organizationId: orgId, connectionId: githubConnectionId, settings: DEFAULT_CODE_PROCESS });
    const repo = syntheticRecords(0).repos.find((r) => r.scope.name === 'acme/api')!;
    const pr = repo.pullRequests.find((p) => p.number === 10)!;
    change(pr);
    writer.pullRequests(writer.scope(repo.scope).id, [pr]);
  };
  const c = () => app.services.db.$client;

  it('follows a PR merged at another time, removed, and written again; nothing is left to rebuild after a read', async () => {
    expect(await merged()).toBe(6);
    rewrite((pr) => {
      pr.mergedAt = '2025-04-02T10:00:00.000Z';
      pr.closedAt = pr.mergedAt;
    });
    expect(await merged()).toBe(5);
    rewrite(() => {});
    expect(await merged()).toBe(6);
    c().prepare(`delete from ext_pull_requests where organization_id = ? and number = 10`).run(orgId);
    expect(await merged()).toBe(5);
    rewrite(() => {});
    expect(await merged()).toBe(6);
    expect(c().prepare('select count(*) from ext_pr_fact_stale where organization_id = ?').pluck().get(orgId)).toBe(0);
  });

  it('an author marked as a bot leaves the team’s numbers, and comes back when unmarked', async () => {
    c().prepare(`update ext_accounts set is_bot = 1 where organization_id = ? and login = 'alice'`).run(orgId);
    expect(await merged()).toBe(4);
    c().prepare(`update ext_accounts set is_bot = 0 where organization_id = ? and login = 'alice'`).run(orgId);
    expect(await merged()).toBe(6);
  });
});
