import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantAnswer, AssistantScope } from '../../../shared/assistant.js';
import { createTestApp } from '../../test/helpers.js';
import { FAKES_ENV } from '../integrations/integrations.outbound.test-support.js';
import { MIN_PASSAGES } from './assistant.answer.js';
import { startFakeModel, type FakeModel } from './assistant.fake-model.test-support.js';
import { ask, type Asked } from './assistant.test-support.js';
import { ASSISTANT_SOURCES } from '../../../shared/assistant.js';
import {
  MARKERS,
  markersIn,
  READERS,
  ROLES,
  seedAssistantOrg,
  sourceOfMarker,
  type AssistantOrg,
  type Person,
  type Role,
} from './assistant.world.test-support.js';

/**
 * The assistant's permission matrix (docs/decisions/0066), in the style of the authorization matrix
 * (docs/decisions/0041): every role of two organizations asks a spread of questions, and
 * - every passage returned is readable by the asker through the area's own GraphQL (its markers are in
 *   what that query answers them), and by the rules written down for each marker (READERS);
 * - what each asker may read is found (a question matching everything returns exactly their markers);
 * - private notes, unshared feedback, running retros, anonymous authors and answers below the
 *   threshold never appear to anyone else, nor anything of the other organization;
 * - the same holds for what is sent to a model.
 */
let app: FastifyInstance;
let acme: AssistantOrg;
let globex: AssistantOrg;
let fake: FakeModel;

const NOW = Date.parse('2026-12-01T12:00:00.000Z');

beforeAll(async () => {
  fake = await startFakeModel({ reply: () => ({ text: 'The kettle came up [1].' }) });
  app = await createTestApp({ ...FAKES_ENV });
  app.services.scheduler.useClock(() => NOW);
  acme = await seedAssistantOrg(app, 'Acme');
  globex = await seedAssistantOrg(app, 'Globex');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** What the area's own GraphQL answers this person about the object a group of passages lives in. */
async function areaAnswer(person: Person, key: string): Promise<string> {
  const [kind, id] = key.split(':') as [string, string];
  const queries: Record<string, [string, Record<string, unknown>]> = {
    feedback: ['query($id: ID!) { feedbackItem(id: $id) { body } }', { id }],
    retro: [
      'query($id: ID!) { retro(id: $id) { reflections { text author { id } } groups { title comments { text author { id } } } action_items { text } } }',
      { id },
    ],
    note: ['query($id: ID!) { note(id: $id) { title body agenda { text } } }', { id }],
    goal: ['query($id: ID!) { goal(id: $id) { title description check_ins { comment } } }', { id }],
    review_results: [
      'query($p: ID!) { reviewResults(participantId: $p) { sections { questions { cells { comments { text reviewer { id } } answers { text } } } } } }',
      { p: id },
    ],
    review_request: ['query($id: ID!) { reviewRequest(id: $id) { answers { text } } }', { id }],
    assessment: [
      'query($u: ID!) { assessmentOverview(user_id: $u) { history { summary ratings { comment } } my_draft { summary ratings { comment } } } }',
      { u: id },
    ],
    plan: ['query($u: ID!) { developmentPlan(user_id: $u) { focus actions { title } } }', { u: id }],
  };
  const q = queries[kind];
  if (!q) throw new Error(`no area query for ${key}`);
  const res = await person.gql(q[0], q[1]);
  expect(res.errors, `${key} through its area's GraphQL`).toBeUndefined();
  return JSON.stringify(res.data);
}

const allowed = (org: AssistantOrg, role: Role) => new Set(MARKERS.filter((m) => READERS[m]!.includes(role)).map(org.mark));

/** The checks every answer passes, whatever the question. */
async function checkAnswer(org: AssistantOrg, role: Role, asked: Asked, label: string): Promise<string[]> {
  expect(asked.status, label).toBe(200);
  const answer = asked.answer as AssistantAnswer;
  const mine = allowed(org, role);
  const found: string[] = [];
  for (const group of answer.groups) {
    const area = await areaAnswer(org.people[role], group.key);
    for (const p of group.passages) {
      const markers = markersIn(p.text);
      for (const m of markers) {
        expect(mine.has(m), `${label}: ${role} got ${m}`).toBe(true);
        expect(area, `${label}: ${m} is in what ${group.key}'s area shows ${role}`).toContain(m);
        found.push(m);
      }
      // Anonymous retro reflections and peer comments name nobody.
      if (p.kind === 'retro_reflection' || p.label.startsWith('Unsigned')) expect(p.author, label).toBeNull();
    }
  }
  // Nothing of another organization, and nothing not readable, anywhere in the stream (summaries included).
  for (const m of markersIn(JSON.stringify(asked.events))) expect(mine.has(m), `${label}: ${role} saw ${m} somewhere in the answer`).toBe(true);
  return found;
}

const QUESTIONS: Array<{ label: string; question: string; scope?: (org: AssistantOrg, role: Role) => AssistantScope }> = [
  { label: 'a word everything holds', question: 'kettle' },
  { label: 'retros lately', question: 'what came up in our retros lately' },
  { label: 'my feedback', question: 'summarize the feedback I received lately' },
  { label: 'about a person', question: 'kettle', scope: (org) => ({ person_id: org.people.report.id }) },
  { label: 'about a team', question: 'kettle', scope: (org) => ({ team_id: org.coreTeamId }) },
  { label: 'a person named', question: 'What do goals and reviews say about Remy Report?' },
];

describe.each([
  ['Acme', () => acme],
  ['Globex', () => globex],
])('%s', (_, orgOf) => {
  it.each([...ROLES])('%s: every passage is readable through its area, and everything readable is found', async (role) => {
    const org = orgOf();
    const person = org.people[role];
    for (const q of QUESTIONS) {
      const asked = await ask(app, person.token, { question: q.question, ...(q.scope ? { scope: q.scope(org, role) } : {}) });
      await checkAnswer(org, role, asked, `${role} asks "${q.question}" (${q.label})`);
    }
    // Recall: a word every text holds, one source at a time (an answer shows at most 10 sources), finds exactly what they may read.
    for (const source of ASSISTANT_SOURCES) {
      const asked = await ask(app, person.token, { question: 'kettle', scope: { sources: [source] } });
      const found = await checkAnswer(org, role, asked, `${role} asks "kettle" in ${source}`);
      const expected = [...allowed(org, role)].filter((m) => sourceOfMarker(m.slice(2)) === source);
      if (expected.length >= MIN_PASSAGES) expect(new Set(found), `${role} finds all they may read in ${source}`).toEqual(new Set(expected));
      else
        expect({ status: asked.answer?.status, considered: asked.answer?.considered, found }, `${role} in ${source}: too little to answer`).toEqual({
          status: 'NOT_ENOUGH',
          considered: expected.length,
          found: [],
        });
    }
  });
});

it("a 1:1 is prepared only by its two people; review evidence only by the request's reviewer, never from its own answers", async () => {
  for (const role of ROLES) {
    const person = acme.people[role];
    const oneOnOne = await ask(app, person.token, { question: 'Prepare our 1:1', scope: { note_id: acme.sharedNoteId } });
    if (role === 'manager' || role === 'report') {
      const found = await checkAnswer(acme, role, oneOnOne, `${role} prepares the 1:1`);
      expect(found).toContain(acme.mark('agenda'));
      expect(found).not.toContain(acme.mark(role === 'manager' ? 'reportpart' : 'managerbody'));
    } else {
      expect(oneOnOne.status, role).toBe(404);
    }
    const evidence = await ask(app, person.token, { question: 'Evidence for this review', scope: { review_request_id: acme.managerRequestId } });
    if (role === 'manager') {
      const found = await checkAnswer(acme, role, evidence, 'manager asks for evidence');
      expect(found).not.toContain(acme.mark('manageranswer'));
      expect(found).toContain(acme.mark('fbprivate'));
    } else {
      expect(evidence.status, role).toBe(404);
    }
  }
  // Another organization's objects are NOT_FOUND too.
  expect((await ask(app, globex.people.admin.token, { question: 'x', scope: { note_id: acme.sharedNoteId } })).status).toBe(404);
});

it('what is sent to a model is only what the asker may read, and the call is audited without any text', async () => {
  const admin = acme.people.admin;
  const set = await admin.gql(`mutation($i: AssistantSettingsInput!) { updateAssistantSettings(input: $i) { endpoint_url } }`, {
    i: {
      sources: ['RETROS', 'FEEDBACK', 'NOTES', 'GOALS', 'REVIEWS', 'ASSESSMENTS', 'DEVELOPMENT_PLANS'],
      retention_days: 30,
      endpoint_url: fake.url,
      endpoint_model: 'fake-small',
      first_token_seconds: 20,
      total_seconds: 60,
    },
  });
  expect(set.errors).toBeUndefined();
  try {
    for (const role of ROLES) {
      const before = fake.requests.length;
      const asked = await ask(app, acme.people[role].token, { question: 'kettle' });
      const shown = await checkAnswer(acme, role, asked, `${role} with a model`);
      const sent = fake.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
      expect(sent, role).toHaveLength(1);
      const prompt = JSON.stringify(sent[0]!.body.messages);
      expect(new Set(markersIn(prompt)), `${role}: the model got exactly the passages shown, all readable`).toEqual(new Set(shown));
    }
    const audit = app.services.db.$client
      .prepare("select actor_user_id, details from audit_events where action = 'ASSISTANT_MODEL_CALLED' and organization_id = ?")
      .all(acme.orgId) as Array<{ actor_user_id: string; details: string }>;
    expect(audit).toHaveLength(ROLES.length);
    for (const row of audit) {
      expect(markersIn(row.details)).toEqual([]);
      expect(row.details).toContain('127.0.0.1');
      expect(row.details).not.toContain('kettle');
    }
  } finally {
    await admin.gql(`mutation($i: AssistantSettingsInput!) { updateAssistantSettings(input: $i) { endpoint_url } }`, {
      i: {
        sources: ['RETROS', 'FEEDBACK', 'NOTES', 'GOALS', 'REVIEWS', 'ASSESSMENTS', 'DEVELOPMENT_PLANS'],
        retention_days: 30,
        endpoint_url: null,
        endpoint_model: null,
        first_token_seconds: 20,
        total_seconds: 60,
      },
    });
  }
});
