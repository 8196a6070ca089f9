import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { BUILTIN_FEEDBACK_TEMPLATES } from '../../../shared/feedback.js';
import { addUser, codeOf, createTestApp } from '../../test/helpers.js';
import { notifications } from '../notifications/notifications.tables.js';
import { feedbackWorld, type FeedbackCaller, type FeedbackWorld } from './feedback.test-support.js';
import { feedback, feedbackRequestAsks, feedbackRequests } from './feedback.tables.js';

let app: FastifyInstance;
let w: FeedbackWorld;

beforeAll(async () => {
  app = await createTestApp();
  w = await feedbackWorld(app);
});
afterAll(async () => {
  await app.close();
});

const REQUEST = `id requester { id } subject { id } template_name questions message about_report shared_at cancelled_at automated
  asks { id responder { id } status decline_reason } answers { id giver { id } body answers { question answer } visibility } answered asked`;
const PENDING = `id status request { ${REQUEST} }`;

const request = (c: FeedbackCaller, input: Record<string, unknown>) =>
  c.gql(`mutation($input: RequestFeedbackInput!) { requestFeedback(input: $input) { ${REQUEST} } }`, { input });
const pending = (c: FeedbackCaller, includeDone = false) =>
  c.gql(`query($d: Boolean) { pendingFeedbackRequests(include_done: $d) { ${PENDING} } }`, { d: includeDone });
const sent = (c: FeedbackCaller) => c.gql(`{ sentFeedbackRequests { ${REQUEST} } }`);
const answer = (c: FeedbackCaller, askId: string, answers: string[]) =>
  c.gql(`mutation($id: ID!, $a: [String!]!) { answerFeedbackRequest(ask_id: $id, answers: $a) { ${PENDING} } }`, { id: askId, a: answers });
const decline = (c: FeedbackCaller, askId: string, reason: string) =>
  c.gql(`mutation($id: ID!, $r: String!) { declineFeedbackRequest(ask_id: $id, reason: $r) { ${PENDING} } }`, { id: askId, r: reason });
const share = (c: FeedbackCaller, id: string) => c.gql(`mutation($id: ID!) { shareFeedbackRequest(id: $id) { ${REQUEST} } }`, { id });
const cancel = (c: FeedbackCaller, id: string) => c.gql(`mutation($id: ID!) { cancelFeedbackRequest(id: $id) { ${REQUEST} } }`, { id });
const received = async (c: FeedbackCaller) =>
  (await c.gql(`{ myFeedback(filter: { box: RECEIVED }) { items { id body request_id } } }`)).data!.myFeedback.items as Array<{
    id: string;
    request_id: string | null;
  }>;
const askOf = (requestId: string, responderId: string) =>
  app.services.db
    .select()
    .from(feedbackRequestAsks)
    .where(and(eq(feedbackRequestAsks.request_id, requestId), eq(feedbackRequestAsks.responder_id, responderId)))
    .get()!;
const notificationsOf = (userId: string) => app.services.db.select().from(notifications).where(eq(notifications.user_id, userId)).all();
const answersOf = (requestId: string) => app.services.db.select().from(feedback).where(eq(feedback.request_id, requestId)).all();
const requestCount = () => app.services.db.select().from(feedbackRequests).all().length;

describe('a manager asks about a report', () => {
  it('two people answer; the report reads the answers only once the manager shares them', async () => {
    const res = await request(w.manager, {
      subject_id: w.report.id,
      responder_ids: [w.peer.id, w.owl.id],
      template_id: 'builtin:after-sprint',
      message: 'Sprint 14',
    });
    expect(res.errors).toBeUndefined();
    const r = res.data!.requestFeedback;
    const builtIn = BUILTIN_FEEDBACK_TEMPLATES.find((t) => t.id === 'builtin:after-sprint')!;
    expect(r).toMatchObject({
      subject: { id: w.report.id },
      requester: { id: w.manager.id },
      about_report: true,
      template_name: builtIn.name,
      questions: builtIn.questions,
      asked: 2,
      answered: 0,
    });

    // The people asked are told, with a link to their pending page, which says who asks about whom (docs/decisions/0055); they see their own ask only.
    for (const p of [w.peer, w.owl]) {
      expect(notificationsOf(p.id).filter((n) => n.kind === 'feedback_received' && n.link === '/continuous-feedback/pending')).toMatchObject([
        { title: 'A colleague asks for your feedback', body: null },
      ]);
    }
    const peerPending = (await pending(w.peer)).data!.pendingFeedbackRequests;
    expect(peerPending).toHaveLength(1);
    expect(peerPending[0].request.questions).toEqual(builtIn.questions);
    expect(peerPending[0].request.asks.map((a: { responder: { id: string } }) => a.responder.id)).toEqual([w.peer.id]);

    expect((await answer(w.peer, peerPending[0].id, ['Clear demos.', 'Ask for help sooner.'])).errors).toBeUndefined();
    const owlAsk = askOf(r.id, w.owl.id);
    expect((await answer(w.owl, owlAsk.id, ['Great pairing.', ''])).errors).toBeUndefined();
    expect(
      notificationsOf(w.manager.id).filter((n) => n.title === 'Your feedback request has a new answer' && n.link === '/continuous-feedback?tab=requested'),
    ).toHaveLength(2);

    const stored = answersOf(r.id);
    expect(stored).toHaveLength(2);
    const owlRow = stored.find((f) => f.giver_id === w.owl.id)!;
    expect(owlRow).toMatchObject({
      visibility: 'REQUESTER',
      recipient_id: w.report.id,
      answers: [{ question: builtIn.questions[0], answer: 'Great pairing.' }],
    });

    // The manager reads both; the report none of them, by any path.
    const mine = (await sent(w.manager)).data!.sentFeedbackRequests.find((x: { id: string }) => x.id === r.id);
    expect(mine).toMatchObject({ answered: 2, asked: 2 });
    expect(mine.answers.map((a: { giver: { id: string } }) => a.giver.id).sort()).toEqual([w.peer.id, w.owl.id].sort());
    expect((await received(w.report)).filter((f) => f.request_id === r.id)).toEqual([]);
    expect(codeOf(await w.report.gql(`query($id: ID!) { feedbackItem(id: $id) { id } }`, { id: owlRow.id }))).toBe('NOT_FOUND');
    // A responder reads their own answer, not the other one's.
    const owlView = (await pending(w.owl, true)).data!.pendingFeedbackRequests[0];
    expect(owlView.request.answers.map((a: { giver: { id: string } }) => a.giver.id)).toEqual([w.owl.id]);

    // Only the requester shares; then the report is told and reads both answers.
    expect(codeOf(await share(w.peer, r.id))).toBe('FORBIDDEN');
    const shared = await share(w.manager, r.id);
    expect(shared.errors).toBeUndefined();
    expect(shared.data!.shareFeedbackRequest.shared_at).toBeTruthy();
    expect(codeOf(await share(w.manager, r.id))).toBe('CONFLICT');
    expect(notificationsOf(w.report.id).some((n) => n.title === 'Answers to a feedback request about you are now yours to read')).toBe(true);
    expect((await received(w.report)).filter((f) => f.request_id === r.id)).toHaveLength(2);
    expect((await w.report.gql(`query($id: ID!) { feedbackItem(id: $id) { id } }`, { id: owlRow.id })).data!.feedbackItem.id).toBe(owlRow.id);
  });

  it("the team lead and an admin may ask about the report; a member about a peer, another team's manager: FORBIDDEN", async () => {
    expect((await request(w.teamLead, { subject_id: w.report.id, responder_ids: [w.peer.id], questions: ['How is Remy doing?'] })).errors).toBeUndefined();
    expect((await request(w.admin, { subject_id: w.report.id, responder_ids: [w.peer.id], questions: ['How is Remy doing?'] })).errors).toBeUndefined();
    const before = requestCount();
    const refused = await request(w.peer, { subject_id: w.report.id, responder_ids: [w.owl.id], questions: ['How is Remy doing?'] });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(codeOf(await request(w.otherManager, { subject_id: w.report.id, responder_ids: [w.owl.id], questions: ['?'] }))).toBe('FORBIDDEN');
    expect(requestCount()).toBe(before);
  });
});

describe('answering once', () => {
  it('a second answer is CONFLICT and changes nothing; two answers at once make one', async () => {
    const r = (await request(w.report, { responder_ids: [w.peer.id, w.owl.id], questions: ['One thing to keep?'] })).data!.requestFeedback;
    expect(r.about_report).toBe(false);
    const peerAsk = askOf(r.id, w.peer.id);
    expect(codeOf(await answer(w.owl, peerAsk.id, ['Not mine']))).toBe('NOT_FOUND');
    expect(codeOf(await answer(w.report, peerAsk.id, ['Mine?']))).toBe('FORBIDDEN');
    expect((await answer(w.peer, peerAsk.id, ['Your demos.'])).data!.answerFeedbackRequest.status).toBe('ANSWERED');
    const again = await answer(w.peer, peerAsk.id, ['Changed my mind.']);
    expect(codeOf(again)).toBe('CONFLICT');
    expect(answersOf(r.id).map((f) => f.body)).toEqual(['Your demos.']);
    // The subject asked about themself: they read the answer without sharing.
    expect((await received(w.report)).some((f) => f.request_id === r.id)).toBe(true);
    expect(codeOf(await share(w.report, r.id))).toBe('CONFLICT');

    const owlAsk = askOf(r.id, w.owl.id);
    const both = await Promise.all([answer(w.owl, owlAsk.id, ['First']), answer(w.owl, owlAsk.id, ['Second'])]);
    expect(both.map(codeOf).sort()).toEqual(['CONFLICT', undefined].sort());
    expect(answersOf(r.id).filter((f) => f.giver_id === w.owl.id)).toHaveLength(1);
    expect(askOf(r.id, w.owl.id).feedback_id).toBe(answersOf(r.id).find((f) => f.giver_id === w.owl.id)!.id);
  });

  it('wrong answer counts are BAD_USER_INPUT; a cancelled request cannot be answered', async () => {
    const r = (await request(w.peer, { responder_ids: [w.owl.id, w.teamLead.id], questions: ['A?', 'B?'] })).data!.requestFeedback;
    const owlAsk = askOf(r.id, w.owl.id);
    expect(codeOf(await answer(w.owl, owlAsk.id, ['only one']))).toBe('BAD_USER_INPUT');
    expect(codeOf(await answer(w.owl, owlAsk.id, ['', '  ']))).toBe('BAD_USER_INPUT');
    expect(codeOf(await cancel(w.owl, r.id))).toBe('FORBIDDEN');
    const cancelled = await cancel(w.peer, r.id);
    expect(cancelled.data!.cancelFeedbackRequest.asks.map((a: { status: string }) => a.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(codeOf(await answer(w.owl, owlAsk.id, ['a', 'b']))).toBe('CONFLICT');
    expect(answersOf(r.id)).toHaveLength(0);
    expect((await pending(w.owl)).data!.pendingFeedbackRequests.some((p: { request: { id: string } }) => p.request.id === r.id)).toBe(false);
  });
});

describe('declining', () => {
  it('needs a reason; the requester is told it; the ask cannot be answered after', async () => {
    const r = (await request(w.owl, { responder_ids: [w.peer.id], template_id: 'builtin:general' })).data!.requestFeedback;
    const ask = askOf(r.id, w.peer.id);
    expect(codeOf(await decline(w.peer, ask.id, '   '))).toBe('BAD_USER_INPUT');
    const res = await decline(w.peer, ask.id, 'We have not worked together yet.');
    expect(res.data!.declineFeedbackRequest).toMatchObject({
      status: 'DECLINED',
      request: { asks: [{ status: 'DECLINED', decline_reason: 'We have not worked together yet.' }] },
    });
    // Told privately: the reason is read on the Requested tab (above), not in the notification (docs/decisions/0055).
    const told = notificationsOf(w.owl.id).find((n) => n.title === 'Someone declined your feedback request');
    expect(told).toMatchObject({ body: null, link: '/continuous-feedback?tab=requested' });
    expect(codeOf(await answer(w.peer, ask.id, ['a', 'b']))).toBe('CONFLICT');
    expect(codeOf(await decline(w.peer, ask.id, 'again'))).toBe('CONFLICT');
    const done = (await pending(w.peer, true)).data!.pendingFeedbackRequests.find((p: { request: { id: string } }) => p.request.id === r.id);
    expect(done.status).toBe('DECLINED');
    expect((await pending(w.peer)).data!.pendingFeedbackRequests.some((p: { request: { id: string } }) => p.request.id === r.id)).toBe(false);
  });
});

describe('bad input', () => {
  it('each problem is BAD_USER_INPUT naming it, and nothing is written', async () => {
    const deactivated = await addUser(app, w.org.id, { email: 'gone@acme.example', full_name: 'Dee Gone', status: 'DEACTIVATED' });
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => addUser(app, w.org.id, { email: `many${i}@acme.example`, full_name: `Many ${i}` })));
    const before = requestCount();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ responder_ids: eleven.map((p) => p.id), questions: ['Q?'] }, /at most 10/],
      [{ responder_ids: [w.otherMember.id], questions: ['Q?'] }, /not in your organization/],
      [{ responder_ids: [deactivated.id], questions: ['Q?'] }, /Dee Gone is deactivated/],
      [{ responder_ids: [w.report.id], questions: ['Q?'] }, /Remy Report is the person the feedback is about/],
      [{ responder_ids: [w.peer.id, w.peer.id], questions: ['Q?'] }, /listed twice/],
      [{ responder_ids: [w.peer.id] }, /template or write at least one question/],
      [{ responder_ids: [w.peer.id], questions: ['  '] }, /cannot be empty|at least one question/],
      [{ responder_ids: [w.peer.id], template_id: 'builtin:nope' }, /template does not exist/],
      [{ responder_ids: [], questions: ['Q?'] }, /at least one person/],
    ];
    for (const [input, message] of cases) {
      const res = await request(w.report, input);
      expect(codeOf(res), JSON.stringify(input)).toBe('BAD_USER_INPUT');
      expect(res.errors![0]!.message).toMatch(message);
    }
    // Another organization's template is not there either.
    const globexTemplate = (await w.otherAdmin.gql(`mutation { createFeedbackTemplate(input: { name: "Globex", questions: ["G?"] }) { id } }`)).data!
      .createFeedbackTemplate.id;
    expect(codeOf(await request(w.report, { responder_ids: [w.peer.id], template_id: globexTemplate }))).toBe('BAD_USER_INPUT');
    expect(requestCount()).toBe(before);
  });
});
