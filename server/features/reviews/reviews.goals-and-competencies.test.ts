import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { newId } from '../../lib/tokens.js';
import { codeOf, createTestApp, signedIn } from '../../test/helpers.js';
import { createWorld, type WorldOrg } from '../../test/world.js';
import { addDays } from '../../../shared/dates.js';

/** Reviews with goals and the competency framework (docs/decisions/0049, 0050): goalsInPeriod, show_goals, competency_id and the level's expectations. */
let app: FastifyInstance;
let acme: WorldOrg;
let globex: WorldOrg;
let ids: { competency: string; otherOrgCompetency: string };
type Caller = Awaited<ReturnType<typeof signedIn>>;
let admin: Caller, manager: Caller, report: Caller, member: Caller, outsider: Caller;

const run = (sql: string, ...params: unknown[]) => app.services.db.$client.prepare(sql).run(...params);

function framework(orgId: string, userId: string | null) {
  const track = newId(),
    level = newId(),
    next = newId(),
    competency = newId();
  run('insert into competency_tracks (id, organization_id, name) values (?, ?, ?)', track, orgId, 'Engineering IC');
  run(
    'insert into competency_levels (id, organization_id, track_id, name, position) values (?, ?, ?, ?, 0), (?, ?, ?, ?, 1)',
    level,
    orgId,
    track,
    'Engineer II',
    next,
    orgId,
    track,
    'Senior Engineer',
  );
  run('insert into competencies (id, organization_id, track_id, name, position) values (?, ?, ?, ?, 0)', competency, orgId, track, 'Delivery');
  run(
    'insert into competency_expectations (competency_id, level_id, organization_id, text) values (?, ?, ?, ?), (?, ?, ?, ?)',
    competency,
    level,
    orgId,
    'Ships features in small steps at the pace committed to.',
    competency,
    next,
    orgId,
    'Leads a project of several people to release.',
  );
  if (userId) run('insert into competency_placements (user_id, organization_id, track_id, level_id) values (?, ?, ?, ?)', userId, orgId, track, level);
  return competency;
}

function goal(owner: string, title: string, over: { start?: string | null; due?: string | null; status?: string; visibility?: string; created?: string } = {}) {
  run(
    `insert into goals (id, organization_id, title, owner_kind, owner_user_id, start_date, due_date, visibility, status, created_at) values (?, ?, ?, 'PERSON', ?, ?, ?, ?, ?, ?)`,
    newId(),
    acme.org.id,
    title,
    owner,
    over.start === undefined ? '2026-01-01' : over.start,
    over.due === undefined ? '2026-03-31' : over.due,
    over.visibility ?? 'MANAGER_CHAIN',
    over.status ?? 'ON_TRACK',
    over.created ?? '2025-12-01T00:00:00.000Z',
  );
}

beforeAll(async () => {
  app = await createTestApp();
  ({ acme, globex } = await createWorld(app));
  ids = { competency: framework(acme.org.id, acme.report.id), otherOrgCompetency: framework(globex.org.id, null) };
  // The report's goals around a review period of 2026-02-01..2026-04-30.
  goal(acme.report.id, 'Ship the job queue', { start: '2026-01-01', due: '2026-03-31' });
  goal(acme.report.id, 'Public talk', { start: '2026-04-15', due: '2026-06-30', visibility: 'EVERYONE', status: 'DONE' });
  goal(acme.report.id, 'Open-ended, created in March', { start: null, due: null, created: '2026-03-02T09:00:00.000Z', visibility: 'EVERYONE' });
  goal(acme.report.id, 'Dropped in the period', { status: 'DROPPED' });
  goal(acme.report.id, 'Ended before the period', { start: '2025-09-01', due: '2026-01-31' });
  goal(acme.report.id, 'Starts after the period', { start: '2026-05-01', due: '2026-08-31' });
  goal(acme.report.id, 'Private to the report', { visibility: 'PRIVATE', due: '2026-04-10' });
  goal(acme.manager.id, 'The manager’s own goal');
  admin = await signedIn(app, acme.admin.email);
  manager = await signedIn(app, acme.manager.email);
  report = await signedIn(app, acme.report.email);
  member = await signedIn(app, acme.member.email);
  outsider = await signedIn(app, globex.admin.email);
});
afterAll(async () => {
  await app.close();
});

const IN_PERIOD =
  'query($u: ID!, $from: String!, $to: String!) { goalsInPeriod(user_id: $u, from: $from, to: $to) { title status progress band { percent band } } }';
const titles = async (c: Caller, from = '2026-02-01', to = '2026-04-30') => {
  const res = await c.gql(IN_PERIOD, { u: acme.report.id, from, to });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.goalsInPeriod.map((g: { title: string }) => g.title);
};

describe('goalsInPeriod', () => {
  it('lists the person’s goals overlapping the period that the viewer may read, due date first, never dropped ones', async () => {
    expect(await titles(report)).toEqual(['Ship the job queue', 'Private to the report', 'Public talk', 'Open-ended, created in March']);
    expect(await titles(manager)).toEqual(['Ship the job queue', 'Public talk', 'Open-ended, created in March']);
    expect(await titles(admin)).toEqual(['Ship the job queue', 'Public talk', 'Open-ended, created in March']);
    expect(await titles(member)).toEqual(['Public talk', 'Open-ended, created in March']);
    // A goal without dates runs from the day it was created.
    expect(await titles(member, '2026-02-01', '2026-02-28')).toEqual([]);
    expect(await titles(outsider)).toEqual([]);
    expect(codeOf(await member.gql(IN_PERIOD, { u: acme.report.id, from: '2026-05-01', to: '2026-04-01' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await member.gql(IN_PERIOD, { u: acme.report.id, from: 'soon', to: '2026-04-01' }))).toBe('BAD_USER_INPUT');
  });
});

const TEMPLATE =
  'mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id sections { questions { kind competency competency_id show_goals } } } }';
const template = (questions: unknown[]) => ({ name: `Goals and competencies ${newId()}`, review_type: '360', sections: [{ title: 'Half year', questions }] });
const rating = (over: Record<string, unknown> = {}) => ({
  kind: 'COMPETENCY_RATING',
  prompt: 'Delivery?',
  competency: 'Delivery',
  options: [...DEFAULT_RATING_LABELS],
  perspectives: ['SELF', 'MANAGER'],
  ...over,
});

describe('review questions with goals and a framework competency', () => {
  it('keeps show_goals and competency_id, refuses a competency outside the organization’s framework, and shows the reviewee’s level expectation and goals period on the answer page', async () => {
    const res = await admin.gql(TEMPLATE, {
      input: template([
        rating({ competency_id: ids.competency, show_goals: true }),
        { kind: 'TEXT', prompt: 'What did you achieve?', perspectives: ['SELF', 'MANAGER'], show_goals: true },
        { kind: 'TEXT', prompt: 'Anything else?', perspectives: ['MANAGER'], competency_id: ids.competency },
      ]),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createReviewTemplate.sections[0].questions).toEqual([
      { kind: 'COMPETENCY_RATING', competency: 'Delivery', competency_id: ids.competency, show_goals: true },
      { kind: 'TEXT', competency: null, competency_id: null, show_goals: true },
      // A kind that rates no competency keeps none; an old-style question shows no goals.
      { kind: 'TEXT', competency: null, competency_id: null, show_goals: false },
    ]);
    const foreign = await admin.gql(TEMPLATE, { input: template([rating({ competency_id: ids.otherOrgCompetency })]) });
    expect(codeOf(foreign)).toBe('BAD_USER_INPUT');
    expect(foreign.errors![0]!.extensions!.fields).toEqual({ 'sections.0.questions.0.competency_id': 'Choose a competency of the framework.' });
    expect(app.services.db.$client.prepare("select count(*) as n from review_templates where name like 'Goals and competencies%'").get()).toEqual({ n: 1 });

    // Launch a cycle about the report: the manager's request carries the level's expectation, the questions their flags.
    const templateId = res.data!.createReviewTemplate.id;
    const future = (d: number) => addDays(Date.now(), d).toISOString();
    const cycle = await admin.gql('mutation($input: ReviewCycleInput!) { createReviewCycle(input: $input) { id } }', {
      input: {
        name: 'Spring',
        type: '360',
        template_id: templateId,
        participant_ids: [acme.report.id],
        review_end: future(20),
        perspectives: ['SELF', 'MANAGER'],
      },
    });
    expect(cycle.errors).toBeUndefined();
    const launched = await admin.gql('mutation($id: ID!) { launchReviewCycle(id: $id) { status } }', { id: cycle.data!.createReviewCycle.id });
    expect(launched.errors).toBeUndefined();
    const REQUESTS =
      '{ myReviewRequests { perspective reviewee { id } questions { id kind competency_id show_goals } competency_expectations { question_id competency_name level_name text } } }';
    const [mgr] = (await manager.gql(REQUESTS)).data!.myReviewRequests;
    expect(mgr.perspective).toBe('MANAGER');
    expect(mgr.questions.map((q: { kind: string; competency_id: string | null; show_goals: boolean }) => [q.kind, q.competency_id, q.show_goals])).toEqual([
      ['COMPETENCY_RATING', ids.competency, true],
      ['TEXT', null, true],
      ['TEXT', null, false],
    ]);
    expect(mgr.competency_expectations).toEqual([
      {
        question_id: mgr.questions[0].id,
        competency_name: 'Delivery',
        level_name: 'Engineer II',
        text: 'Ships features in small steps at the pace committed to.',
      },
    ]);
    const [self] = (await report.gql(REQUESTS)).data!.myReviewRequests;
    expect(self.competency_expectations[0]).toMatchObject({ level_name: 'Engineer II', text: 'Ships features in small steps at the pace committed to.' });
    // Unplaced on the track: nothing to show.
    run('delete from competency_placements where user_id = ?', acme.report.id);
    expect((await manager.gql(REQUESTS)).data!.myReviewRequests[0].competency_expectations).toEqual([]);
  });
});
