import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { addNotification } from '../features/notifications/notifications.repo.js';
import { TEMPLATE_INPUT, cycleInput, future } from '../features/reviews/reviews.cycles.test-support.js';
import { ruleInput } from '../features/reviews/reviews.automation.test-support.js';
import { insertJob } from '../jobs/jobs.repo.js';
import { recordOperatorOrganization } from '../features/install/install.repo.js';
import { saveSlackWebhook } from '../features/notifications/notifications.slack.repo.js';
import { addUser, signedIn } from '../test/helpers.js';
import { seedWorldOrg } from '../test/world.js';
import { seedRetroObjects } from '../features/retros/retros.matrix-support.js';
import { seedFeedbackObjects } from '../features/feedback/feedback.matrix-support.js';
import { seedNotesObjects } from '../features/notes/notes.matrix-support.js';
import { seedAssistantObjects } from '../features/assistant/assistant.matrix-support.js';
import { seedGoalsObjects } from '../features/goals/goals.matrix-support.js';
import { seedGrowthObjects } from '../features/growth/growth.matrix-support.js';
import { seedIntegrationsObjects } from '../features/integrations/integrations.matrix-support.js';

/**
 * The world of the authorization matrix (docs/decisions/0041): the two organizations of the test
 * world (server/test/world.ts), each with every object an operation takes. The subject is the
 * report; their manager (`ownManager`) manages the team, and created the template, the cycles, the
 * automation rule and the sprint; the other manager manages the other team and its person.
 */
export type Caller = Awaited<ReturnType<typeof signedIn>>;
export const ROLES = ['member', 'otherManager', 'ownManager', 'subject', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type OrgWorld = Awaited<ReturnType<typeof seedWorld>>;

const ok = <T>(res: { data: Record<string, any> | null; errors?: unknown }, field: string): T => {
  expect(res.errors, field).toBeUndefined();
  return res.data![field] as T;
};

/** One organization with people, callers and objects; `ids` holds every id and email it owns (the leak check). */
export async function seedWorld(app: FastifyInstance, name: 'Acme' | 'Globex') {
  const base = await seedWorldOrg(app, name, { peers: 3 });
  const slug = name.toLowerCase();
  const { db } = app.services;
  const orgId = base.org.id;
  const { otherManager, otherTeam, outsider: otherReport, peers } = base;
  const spare = await addUser(app, orgId, { email: `spare@${slug}.example`, full_name: `${name} Spare` });
  const people = { member: base.member, otherManager, ownManager: base.manager, subject: base.report, admin: base.admin };
  const callers = {} as Record<Role, Caller>;
  for (const role of ROLES) callers[role] = await signedIn(app, people[role].email);
  const { admin, ownManager, subject } = callers;

  const bu = ok<{ id: string }>(await admin.gql('mutation { createBusinessUnit(unit_name: "Unit") { id } }'), 'createBusinessUnit');
  const dept = ok<{ id: string }>(
    await admin.gql('mutation($b: ID!) { createDepartment(business_unit_id: $b, name: "Dept") { id } }', { b: bu.id }),
    'createDepartment',
  );
  const subdept = ok<{ id: string }>(
    await admin.gql('mutation($d: ID!) { createSubdepartment(department_id: $d, title: "Sub") { id } }', { d: dept.id }),
    'createSubdepartment',
  );

  const template = ok<{ id: string }>(
    await ownManager.gql('mutation($i: ReviewTemplateInput!) { createReviewTemplate(input: $i) { id } }', { i: TEMPLATE_INPUT }),
    'createReviewTemplate',
  );
  const newCycle = async (label: string) => {
    const input = cycleInput(template.id, { name: label, participant_ids: [base.report.id], perspectives: ['SELF', 'MANAGER'] });
    const c = ok<{ id: string; participants: Array<{ id: string }> }>(
      await ownManager.gql('mutation($i: ReviewCycleInput!) { createReviewCycle(input: $i) { id participants { id } } }', { i: input }),
      'createReviewCycle',
    );
    ok(await ownManager.gql('mutation($id: ID!) { launchReviewCycle(id: $id) { id } }', { id: c.id }), 'launchReviewCycle');
    return { id: c.id, participantId: c.participants[0]!.id };
  };
  const cycle = await newCycle('Active cycle');
  const request = ok<Array<{ id: string; perspective: string }>>(await subject.gql('{ myReviewRequests { id perspective } }'), 'myReviewRequests').find(
    (r) => r.perspective === 'SELF',
  )!;
  const closed = await newCycle('Closed cycle');
  const closedRequest = ok<Array<{ id: string; cycle_id: string }>>(await subject.gql('{ myReviewRequests { id cycle_id } }'), 'myReviewRequests').find(
    (r) => r.cycle_id === closed.id,
  )!;
  ok(await ownManager.gql('mutation($id: ID!) { closeReviewCycle(id: $id) { id } }', { id: closed.id }), 'closeReviewCycle');
  ok(await ownManager.gql('mutation($p: ID!) { releaseResults(participantId: $p) { id } }', { p: closed.participantId }), 'releaseResults');

  const rule = ok<{ id: string }>(
    await ownManager.gql('mutation($i: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $i) { id } }', {
      i: ruleInput({ template_id: template.id, user_ids: [base.report.id], anchor_on: future(3).slice(0, 10) }),
    }),
    'createReviewAutomationRule',
  );
  const sprint = ok<{ id: string }>(
    await ownManager.gql('mutation($i: ReviewSprintInput!) { createReviewSprint(input: $i) { id } }', { i: sprintInput(base.team.id) }),
    'createReviewSprint',
  );
  // Nothing listens there: a test message fails fast, and says so.
  saveSlackWebhook(db, orgId, { url: 'http://127.0.0.1:9/services/T0/B0/matrix', channelLabel: null, createdBy: base.admin.id });
  const notification = addNotification(app.services, { organizationId: orgId, userId: base.report.id, kind: 'review_requests', title: 'For the subject' });
  const job = insertJob(db, {
    organizationId: orgId,
    kind: 'matrix.fixture',
    payload: {},
    uniqueKey: `matrix-${orgId}`,
    maxAttempts: 1,
    runAt: future(1),
    now: new Date().toISOString(),
  }).job;
  const batch = ok<{ batch_id: string }>(
    await admin.gql('mutation($r: [MassCreateUserRow!]!) { massCreateUsers(rows: $r) { batch_id } }', {
      r: [{ email: `batch@${slug}.example`, full_name: `${name} Batch` }],
    }),
    'massCreateUsers',
  );

  const retros = await seedRetroObjects(app, { orgId, teamId: base.team.id, subject, ownManager, subjectId: base.report.id });
  const feedback = seedFeedbackObjects(app, { orgId, teamId: base.team.id, subjectId: base.report.id, ownManagerId: base.manager.id, peerId: peers[0]!.id });
  const notes = seedNotesObjects(app, { orgId, subjectId: base.report.id, ownManagerId: base.manager.id });
  const goals = seedGoalsObjects(app, { orgId, teamId: base.team.id, subjectId: base.report.id });
  const growth = seedGrowthObjects(app, { orgId, subjectId: base.report.id });
  const integrations = seedIntegrationsObjects(app, { orgId, teamId: base.team.id });
  const assistant = seedAssistantObjects(app, { orgId, subjectId: base.report.id });

  const objects = {
    retros,
    feedback,
    notes,
    goals,
    growth,
    integrations,
    assistant,
    org: base.org,
    team: base.team,
    otherTeam,
    bu,
    dept,
    subdept,
    template,
    cycle,
    closedCycle: { ...closed, requestId: closedRequest.id },
    request,
    rule,
    sprint,
    notification,
    job,
    batch,
    people: { ...people, otherReport, peers, spare },
  };
  const ids = new Set<string>([
    orgId,
    base.team.id,
    otherTeam.id,
    bu.id,
    dept.id,
    subdept.id,
    template.id,
    cycle.id,
    cycle.participantId,
    closed.id,
    closed.participantId,
    closedRequest.id,
    request.id,
    rule.id,
    sprint.id,
    notification.id,
    job.id,
    batch.batch_id,
  ]);
  for (const u of [...base.everyone, spare]) {
    ids.add(u.id);
    ids.add(u.email);
  }
  for (const id of [
    ...Object.values(retros),
    ...Object.values(feedback),
    ...Object.values(notes),
    ...Object.values(goals),
    ...Object.values(growth),
    ...Object.values(integrations),
    ...Object.values(assistant),
  ])
    ids.add(id);
  return { name, orgId, callers, ...objects, ids, admin: callers.admin, ownManager: callers.ownManager };
}

/** The same organization with its review objects swapped for ones in another state: the closed cycle and its request, the active cycle's (unreleased) participant. */
export function inOtherState(w: OrgWorld): OrgWorld {
  return {
    ...w,
    cycle: { id: w.closedCycle.id, participantId: w.closedCycle.participantId },
    request: { id: w.closedCycle.requestId, perspective: 'SELF' },
    closedCycle: { ...w.closedCycle, participantId: w.cycle.participantId, requestId: w.request.id },
  };
}

export const sprintInput = (teamId: string) => ({
  team_id: teamId,
  name: 'Matrix sprint',
  starts_on: future(1).slice(0, 10),
  ends_on: future(14).slice(0, 10),
});

/** The two organizations: A (the operator organization, created first) and B. */
export async function seedWorlds(app: FastifyInstance) {
  const a = await seedWorld(app, 'Acme');
  recordOperatorOrganization(app.services.db, a.orgId);
  const b = await seedWorld(app, 'Globex');
  return { a, b };
}
