import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../lib/tokens.js';
import { addUser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { updateUser } from '../users/users.repo.js';
import { competencies, competencyExpectations, competencyLevels, competencyPlacements, competencyTracks } from './growth.tables.js';

/** A track written straight into the tables: levels L1..Ln, competencies each expecting "<name> at <level>". */
function insertTrack(app: FastifyInstance, orgId: string, name: string, levels: string[], skills: string[]) {
  const { db } = app.services;
  const trackId = newId();
  const levelIds = levels.map(() => newId());
  const skillIds = skills.map(() => newId());
  db.transaction((tx) => {
    tx.insert(competencyTracks).values({ id: trackId, organization_id: orgId, name }).run();
    levels.forEach((l, i) => tx.insert(competencyLevels).values({ id: levelIds[i]!, organization_id: orgId, track_id: trackId, name: l, position: i }).run());
    skills.forEach((s, i) => {
      tx.insert(competencies).values({ id: skillIds[i]!, organization_id: orgId, track_id: trackId, name: s, position: i }).run();
      levels.forEach((l, j) =>
        tx
          .insert(competencyExpectations)
          .values({ competency_id: skillIds[i]!, level_id: levelIds[j]!, organization_id: orgId, text: `${s} at ${l}` })
          .run(),
      );
    });
  });
  return { trackId, levelIds, skillIds };
}
const place = (app: FastifyInstance, orgId: string, userId: string, trackId: string, levelId: string) =>
  app.services.db.insert(competencyPlacements).values({ user_id: userId, organization_id: orgId, track_id: trackId, level_id: levelId }).run();

const A =
  'id kind status version summary submitted_at subject { full_name } assessor { full_name } track { name } level { name } ratings { competency_id rating comment }';
const OVERVIEW = `query($id: ID!) { assessmentOverview(user_id: $id) {
  subject { full_name } placement { track { name } level { name } }
  self { id } manager { id } can_assess_as my_draft { id kind }
  rows { competency { name expectations { text } } expectation next_expectation self manager gap }
  history { id kind assessor { full_name } }
} }`;
const START = `mutation($id: ID!) { startAssessment(user_id: $id) { ${A} } }`;
const SAVE = `mutation($id: ID!, $input: AssessmentRatingsInput!, $v: Int!) { saveAssessment(id: $id, input: $input, base_version: $v) { ${A} } }`;
const SUBMIT = `mutation($id: ID!) { submitAssessment(id: $id) { ${A} } }`;
const ONE = `query($id: ID!) { assessment(id: $id) { ${A} } }`;

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const s = await seedOrg(app, 'Acme');
  const other = await seedOrg(app, 'Globex');
  // The report's manager has a manager of their own: the director is above the report too.
  const director = await addUser(app, s.org.id, { email: 'director@acme.example', full_name: 'Dora Director', permission_level: 'MANAGER' });
  updateUser(app.services.db, s.org.id, s.manager.id, { manager_id: director.id });
  const track = insertTrack(app, s.org.id, 'Engineering IC', ['Engineer', 'Senior', 'Staff'], ['Delivery', 'Communication', 'Craft']);
  const foreign = insertTrack(app, other.org.id, 'Globex IC', ['One'], ['Globex skill']);
  place(app, s.org.id, s.report.id, track.trackId, track.levelIds[1]!);
  const [report, manager, admin, member, dir, otherAdmin] = await Promise.all([
    signedIn(app, s.report.email),
    signedIn(app, s.manager.email),
    signedIn(app, s.admin.email),
    signedIn(app, s.member.email),
    signedIn(app, director.email),
    signedIn(app, other.admin.email),
  ]);
  return { s, other, track, foreign, report, manager, admin, member, dir, otherAdmin };
}
beforeAll(async () => {
  app = await createTestApp();
  w = await setup();
});
afterAll(async () => app.close());

const rate = (ids: string[], values: Array<number | null>, comment = '') =>
  ids.map((competency_id, i) => ({ competency_id, rating: values[i] ?? null, comment }));

it('a self and a manager assessment end side by side with the gaps, the subject told, history kept newest first', async () => {
  const { track } = w;
  // Nothing yet: the rows show the level's and the next level's expectations.
  const first = await w.report.gql(OVERVIEW, { id: w.s.report.id });
  expect(first.errors).toBeUndefined();
  expect(first.data!.assessmentOverview).toMatchObject({
    subject: { full_name: 'Acme Report' },
    placement: { track: { name: 'Engineering IC' }, level: { name: 'Senior' } },
    self: null,
    manager: null,
    can_assess_as: 'SELF',
    my_draft: null,
    history: [],
  });
  expect(first.data!.assessmentOverview.rows[0]).toEqual({
    competency: { name: 'Delivery', expectations: [{ text: 'Delivery at Engineer' }, { text: 'Delivery at Senior' }, { text: 'Delivery at Staff' }] },
    expectation: 'Delivery at Senior',
    next_expectation: 'Delivery at Staff',
    self: null,
    manager: null,
    gap: null,
  });

  const self = (await w.report.gql(START, { id: w.s.report.id })).data!.startAssessment;
  expect(self).toMatchObject({
    kind: 'SELF',
    status: 'DRAFT',
    version: 1,
    assessor: { full_name: 'Acme Report' },
    track: { name: 'Engineering IC' },
    level: { name: 'Senior' },
  });
  expect(self.ratings.map((r: { rating: number | null }) => r.rating)).toEqual([null, null, null]);
  // Starting again continues the same draft.
  expect((await w.report.gql(START, { id: w.s.report.id })).data!.startAssessment.id).toBe(self.id);

  // A partial save is a draft; submitting names what is missing and changes nothing.
  const saved = await w.report.gql(SAVE, {
    id: self.id,
    v: 1,
    input: { ratings: rate(track.skillIds.slice(0, 2), [3, 2], 'Shipped the importer'), summary: 'A good half' },
  });
  expect(saved.errors).toBeUndefined();
  expect(saved.data!.saveAssessment).toMatchObject({ version: 2, summary: 'A good half' });
  const early = await w.report.gql(SUBMIT, { id: self.id });
  expect(codeOf(early)).toBe('BAD_USER_INPUT');
  expect(early.errors![0]!.message).toBe('Rate every competency before submitting. Not rated yet: Craft.');
  // A stale version is refused and writes nothing.
  const stale = await w.report.gql(SAVE, { id: self.id, v: 1, input: { ratings: rate(track.skillIds, [1, 1, 1]) } });
  expect(codeOf(stale)).toBe('CONFLICT');
  // The manager does not see the report's draft.
  expect(codeOf(await w.manager.gql(ONE, { id: self.id }))).toBe('NOT_FOUND');
  expect((await w.manager.gql(OVERVIEW, { id: w.s.report.id })).data!.assessmentOverview).toMatchObject({
    self: null,
    my_draft: null,
    can_assess_as: 'MANAGER',
  });

  await w.report.gql(SAVE, { id: self.id, v: 2, input: { ratings: rate([track.skillIds[2]!], [4]), summary: 'A good half' } });
  const submitted = await w.report.gql(SUBMIT, { id: self.id });
  expect(submitted.data!.submitAssessment).toMatchObject({ status: 'SUBMITTED', version: 4 });
  expect(submitted.data!.submitAssessment.ratings).toEqual([
    { competency_id: track.skillIds[0], rating: 3, comment: 'Shipped the importer' },
    { competency_id: track.skillIds[1], rating: 2, comment: 'Shipped the importer' },
    { competency_id: track.skillIds[2], rating: 4, comment: '' },
  ]);
  // Submitted: final.
  expect(codeOf(await w.report.gql(SAVE, { id: self.id, v: 4, input: { ratings: [] } }))).toBe('CONFLICT');

  // The manager rates: the subject is notified once.
  const mgr = (await w.manager.gql(START, { id: w.s.report.id })).data!.startAssessment;
  expect(mgr).toMatchObject({ kind: 'MANAGER', assessor: { full_name: 'Acme Manager' } });
  await w.manager.gql(SAVE, { id: mgr.id, v: mgr.version, input: { ratings: rate(track.skillIds, [3, 3, 2]) } });
  expect((await w.manager.gql(SUBMIT, { id: mgr.id })).errors).toBeUndefined();
  const told = app.services.db.$client.prepare("SELECT title, body, link FROM notifications WHERE user_id = ? AND kind = 'assessments'").all(w.s.report.id);
  expect(told).toEqual([
    {
      title: 'Your manager submitted an assessment of you',
      body: 'Acme Manager submitted an assessment of you. See it side by side with your self-assessment.',
      link: '/profile/assesment',
    },
  ]);

  const both = (await w.report.gql(OVERVIEW, { id: w.s.report.id })).data!.assessmentOverview;
  expect(both.self.id).toBe(self.id);
  expect(both.manager.id).toBe(mgr.id);
  expect(both.rows.map((r: Record<string, unknown>) => [r.self, r.manager, r.gap])).toEqual([
    [3, 3, 0],
    [2, 3, 1],
    [4, 2, -2],
  ]);
  expect(both.history.map((h: { kind: string }) => h.kind)).toEqual(['MANAGER', 'SELF']);

  // The next self-assessment starts from the last one's ratings.
  const again = (await w.report.gql(START, { id: w.s.report.id })).data!.startAssessment;
  expect(again.id).not.toBe(self.id);
  expect(again.ratings.map((r: { rating: number }) => r.rating)).toEqual([3, 2, 4]);
  expect(codeOf(await w.report.gql('mutation($id: ID!) { deleteAssessmentDraft(id: $id) }', { id: again.id }))).toBeUndefined();
});

it('who may read and assess: the person, anyone above them and admins; others refused, other organizations not found', async () => {
  const id = w.s.report.id;
  const overview = (who: typeof w.report) => who.gql(OVERVIEW, { id });
  expect((await overview(w.dir)).data!.assessmentOverview.can_assess_as).toBe('MANAGER');
  expect((await overview(w.admin)).data!.assessmentOverview.can_assess_as).toBe('MANAGER');
  const refused = await overview(w.member);
  expect(codeOf(refused)).toBe('FORBIDDEN');
  expect(codeOf(await overview(w.otherAdmin))).toBe('NOT_FOUND');

  const notMine = await w.member.gql(START, { id });
  expect(codeOf(notMine)).toBe('FORBIDDEN');
  expect(notMine.errors![0]!.message).toBe('You can assess only yourself and your reports.');
  // The manager's submitted assessment: the subject and those above read it, the member does not.
  const managerAssessment = (await overview(w.report)).data!.assessmentOverview.manager.id;
  expect((await w.report.gql(ONE, { id: managerAssessment })).data!.assessment.kind).toBe('MANAGER');
  expect((await w.dir.gql(ONE, { id: managerAssessment })).errors).toBeUndefined();
  expect(codeOf(await w.member.gql(ONE, { id: managerAssessment }))).toBe('NOT_FOUND');
  expect(codeOf(await w.otherAdmin.gql(ONE, { id: managerAssessment }))).toBe('NOT_FOUND');
  // Only the assessor changes or submits.
  expect(codeOf(await w.report.gql(SUBMIT, { id: managerAssessment }))).toBe('FORBIDDEN');

  // Someone not placed: empty rows, and nothing to start.
  const unplaced = (await w.member.gql(OVERVIEW, { id: w.s.member.id })).data!.assessmentOverview;
  expect(unplaced).toMatchObject({ placement: null, rows: [], can_assess_as: 'SELF' });
  const start = await w.member.gql(START, { id: w.s.member.id });
  expect(codeOf(start)).toBe('BAD_USER_INPUT');
  expect(start.errors![0]!.message).toBe('Acme Member is not placed on a track yet.');

  // One manager draft at a time: the director finds the manager writing one.
  const draft = (await w.manager.gql(START, { id })).data!.startAssessment;
  const busy = await w.dir.gql(START, { id });
  expect(codeOf(busy)).toBe('CONFLICT');
  expect(busy.errors![0]!.message).toMatch(/Acme Manager is already writing/);
  // Ratings only for the track's competencies; the draft is unchanged.
  const wrong = await w.manager.gql(SAVE, { id: draft.id, v: draft.version, input: { ratings: rate([w.foreign.skillIds[0]!], [3]) } });
  expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
  const outOfRange = await w.manager.gql(SAVE, { id: draft.id, v: draft.version, input: { ratings: rate([w.track.skillIds[0]!], [5]) } });
  expect(codeOf(outOfRange)).toBe('BAD_USER_INPUT');
  expect((await w.manager.gql(ONE, { id: draft.id })).data!.assessment.version).toBe(draft.version);
  // Others' drafts are not found to anyone else, admins included.
  expect(codeOf(await w.admin.gql(ONE, { id: draft.id }))).toBe('NOT_FOUND');
  expect(codeOf(await w.admin.gql('mutation($id: ID!) { deleteAssessmentDraft(id: $id) }', { id: draft.id }))).toBe('NOT_FOUND');
  expect((await w.manager.gql('mutation($id: ID!) { deleteAssessmentDraft(id: $id) }', { id: draft.id })).data!.deleteAssessmentDraft).toBe(true);
});
