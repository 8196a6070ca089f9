import type { FastifyInstance } from 'fastify';
import type { NotificationKind } from '../../../shared/notification-kinds.js';
import type { GqlResult } from '../../test/helpers.js';
import { Browser } from '../../test/helpers.js';
import { feedbackWorld, type FeedbackCaller } from '../feedback/feedback.test-support.js';
import { NUDGE_SEND_KIND } from '../feedback/feedback.nudges.js';
import { REMINDER_SEND_KIND } from '../feedback/feedback.reminders.js';
import { CHECK_IN, insertGoal, UPDATE_GOAL } from '../goals/goals.test-support.js';
import { GOAL_DUE_SEND_KIND } from '../goals/goals.reminders.js';
import { insertTrack } from '../growth/growth.test-support.js';
import { openAutomatedRetro } from '../retros/retros.automation.open.js';
import { newRetro, toPhase } from '../retros/retros.test-support.js';
import { api, cycleInput, TEMPLATE_INPUT, type Caller } from '../reviews/reviews.cycles.test-support.js';
import { addDays, dayOf } from '../../../shared/dates.js';

/**
 * The notification privacy matrix's table (notifications.privacy.test.ts, docs/decisions/0055): for
 * every kind, one or more real ways it is sent, each returning who was told, the words of the object
 * it is about (its text, its title, the people tied to it), and what the area's own queries show a
 * viewer about that object. The cases run in order on one world and some build on the one before.
 */
export type Sent = { to: FeedbackCaller; words: string[]; area: (viewer: FeedbackCaller) => Promise<unknown> };
export type PrivacyCase = { kind: NotificationKind; what: string; send: (w: PrivacyWorld) => Promise<Sent> };

/** Kinds nothing sends yet: the matrix says so instead of skipping them silently. */
export const NOT_SENT: Partial<Record<NotificationKind, string>> = {
  mentions: 'no feature mentions people yet',
  weekly_digest: 'the weekly digest is not built yet',
};

export async function privacyWorld(app: FastifyInstance) {
  const w = await feedbackWorld(app);
  const templateId = (await w.admin.gql('mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id } }', { input: TEMPLATE_INPUT }))
    .data!.createReviewTemplate.id as string;
  const runJobs = async () => {
    await app.services.scheduler.runDueJobs();
  };
  const enqueue = (kind: string, uniqueKey: string, payload: object) => app.services.scheduler.enqueue({ kind, uniqueKey, organizationId: w.org.id, payload });
  return { ...w, app, templateId, runJobs, enqueue, state: {} as Record<string, string> };
}
export type PrivacyWorld = Awaited<ReturnType<typeof privacyWorld>>;

function must<T = any>(r: GqlResult<Record<string, any>>, key: string): T {
  if (r.errors?.length || !r.data) throw new Error(`${key} failed: ${JSON.stringify(r.errors)}`);
  return r.data[key] as T;
}
/** What a query shows: its data, or null when the area refuses (NOT_FOUND, FORBIDDEN). */
const shown = async (r: Promise<GqlResult<Record<string, any>>>) => (await r).data ?? null;
const asCaller = (c: FeedbackCaller) => c as unknown as Caller;

// What each area's own queries show a viewer about one object.
const feedbackArea = (id: string) => (v: FeedbackCaller) =>
  shown(v.gql('query($id: ID!) { feedbackItem(id: $id) { body giver { full_name } recipient { full_name } } }', { id }));
const REQUEST_FIELDS =
  'id message requester { full_name } subject { full_name } asks { responder { full_name } decline_reason } answers { body giver { full_name } }';
const requestArea = (id: string) => async (v: FeedbackCaller) => ({
  sent: must<any[]>(await v.gql(`{ sentFeedbackRequests { ${REQUEST_FIELDS} } }`), 'sentFeedbackRequests').filter((r) => r.id === id),
  pending: must<any[]>(await v.gql(`{ pendingFeedbackRequests(include_done: true) { request { ${REQUEST_FIELDS} } } }`), 'pendingFeedbackRequests').filter(
    (p) => p.request.id === id,
  ),
});
const noteArea = (id: string) => (v: FeedbackCaller) =>
  shown(v.gql('query($id: ID!) { note(id: $id) { title body author { full_name } about { full_name } agenda { text } } }', { id }));
const goalArea =
  (...ids: string[]) =>
  async (v: FeedbackCaller) =>
    Promise.all(
      ids.map((id) =>
        shown(v.gql('query($id: ID!) { goal(id: $id) { title status owner { full_name } check_ins { author { full_name } comment } } }', { id })),
      ),
    );
const cycleArea = (id: string) => (v: FeedbackCaller) =>
  shown(
    v.gql(
      `query($id: ID!) { reviewCycle(id: $id) { name participants { reviewee { full_name }
  nominations { reviewer { full_name } } requests { reviewer { full_name } decline_reason } } } }`,
      { id },
    ),
  );
const retroArea = (id: string) => (v: FeedbackCaller) =>
  shown(v.gql('query($id: ID!) { retro(id: $id) { title action_items { text owner { full_name } } } }', { id }));
const placementArea = (userId: string) => (v: FeedbackCaller) =>
  shown(v.gql('query($id: ID!) { placement(user_id: $id) { level { name } track { name } } }', { id: userId }));
const progressArea = (v: FeedbackCaller) => shown(v.gql('{ feedbackTeamProgress { people { user { full_name } quiet last_received_at } } }'));
const auditArea = (userId: string) => (v: FeedbackCaller) =>
  shown(v.gql('query($id: ID!) { auditEvents(filter: { subject: $id }) { events { action_label actor_name summary } } }', { id: userId }));

const give = async (w: PrivacyWorld, visibility: string, body: string): Promise<Sent> => {
  const id = must(
    await w.peer.gql('mutation($input: GiveFeedbackInput!) { giveFeedback(input: $input) { id } }', { input: { recipient_id: w.report.id, body, visibility } }),
    'giveFeedback',
  ).id as string;
  return { to: w.report, words: [body, w.peer.name], area: feedbackArea(id) };
};

/** A request by the manager about their report; returns its id and the ask of `responder`. */
async function askAbout(w: PrivacyWorld, responder: FeedbackCaller, message: string): Promise<{ requestId: string; askId: string; questions: string[] }> {
  const r = must(
    await w.manager.gql('mutation($input: RequestFeedbackInput!) { requestFeedback(input: $input) { id questions } }', {
      input: { subject_id: w.report.id, responder_ids: [responder.id], template_id: 'builtin:general', message },
    }),
    'requestFeedback',
  );
  const ask = must<any[]>(await responder.gql('{ pendingFeedbackRequests { id request { id } } }'), 'pendingFeedbackRequests').find(
    (p) => p.request.id === r.id,
  );
  return { requestId: r.id, askId: ask.id, questions: r.questions };
}

async function reviewCycle(w: PrivacyWorld): Promise<{ cycleId: string; participantId: string; name: string }> {
  if (!w.state.cycleId) {
    const created = must(
      await api.create(
        asCaller(w.admin),
        cycleInput(w.templateId, { name: 'Hush cycle of Remy', participant_ids: [w.report.id], min_peers: 1, max_peers: 2, anonymity_threshold: 3 }),
      ),
      'createReviewCycle',
    );
    Object.assign(w.state, { cycleId: created.id, participantId: created.participants[0].id });
  }
  return { cycleId: w.state.cycleId!, participantId: w.state.participantId!, name: 'Hush cycle of Remy' };
}

async function retro(w: PrivacyWorld): Promise<{ id: string; title: string }> {
  const title = 'Hush retro about the outage';
  w.state.retroId ??= (await newRetro(w.teamLead, w.team.id, { title, scheduled_at: new Date(Date.now() + 3_600_000).toISOString() })).id as string;
  return { id: w.state.retroId, title };
}

export const CASES: PrivacyCase[] = [
  { kind: 'feedback_received', what: 'private feedback', send: (w) => give(w, 'PRIVATE', 'Hush: your demo ran long') },
  { kind: 'feedback_received', what: 'manager-visible feedback', send: (w) => give(w, 'MANAGER', 'Hush: you interrupt people') },
  { kind: 'feedback_received', what: 'public praise', send: (w) => give(w, 'PUBLIC', 'Great release notes') },
  {
    kind: 'feedback_received',
    what: 'a feedback request to answer',
    send: async (w) => {
      const { requestId } = await askAbout(w, w.peer, 'Hush: how is Remy doing since the incident?');
      return { to: w.peer, words: ['Hush: how is Remy', w.manager.name, w.report.name], area: requestArea(requestId) };
    },
  },
  {
    kind: 'feedback_received',
    what: 'an answer to my request',
    send: async (w) => {
      const { requestId, askId, questions } = await askAbout(w, w.teamLead, 'Hush: the second request');
      must(
        await w.teamLead.gql('mutation($id: ID!, $a: [String!]!) { answerFeedbackRequest(ask_id: $id, answers: $a) { id } }', {
          id: askId,
          a: questions.map((_, i) => (i ? '' : 'Hush: Remy needs support')),
        }),
        'answerFeedbackRequest',
      );
      w.state.sharedRequest = requestId;
      return { to: w.manager, words: ['Hush: Remy needs support', w.teamLead.name, w.report.name], area: requestArea(requestId) };
    },
  },
  {
    kind: 'feedback_received',
    what: 'a declined request',
    send: async (w) => {
      const { requestId, askId } = await askAbout(w, w.peer, 'Hush: the third request');
      must(
        await w.peer.gql('mutation($id: ID!, $r: String!) { declineFeedbackRequest(ask_id: $id, reason: $r) { id } }', {
          id: askId,
          r: 'Hush: we never worked together',
        }),
        'declineFeedbackRequest',
      );
      return { to: w.manager, words: ['Hush: we never worked together', w.peer.name, w.report.name], area: requestArea(requestId) };
    },
  },
  {
    kind: 'feedback_received',
    what: 'answers shared with their subject',
    send: async (w) => {
      must(await w.manager.gql('mutation($id: ID!) { shareFeedbackRequest(id: $id) { id } }', { id: w.state.sharedRequest }), 'shareFeedbackRequest');
      return { to: w.report, words: [w.manager.name, 'Hush: Remy needs support'], area: requestArea(w.state.sharedRequest!) };
    },
  },
  {
    kind: 'review_reminders',
    what: 'a reminder of an unanswered feedback request',
    send: async (w) => {
      const { requestId, askId } = await askAbout(w, w.teamLead, 'Hush: the fourth request');
      w.enqueue(REMINDER_SEND_KIND, askId, { askId });
      await w.runJobs();
      return { to: w.teamLead, words: [w.manager.name, w.report.name], area: requestArea(requestId) };
    },
  },
  {
    kind: 'feedback_nudges',
    what: 'a quiet report',
    send: async (w) => {
      w.enqueue(NUDGE_SEND_KIND, `${w.report.id}:quiet`, {
        userId: w.report.id,
        managerId: w.manager.id,
        name: w.report.name,
        since: '2026-01-01T00:00:00.000Z',
      });
      await w.runJobs();
      return { to: w.manager, words: [w.report.name], area: progressArea };
    },
  },
  {
    kind: 'one_on_ones',
    what: '1:1 notes shared',
    send: async (w) => {
      const id = must(
        await w.manager.gql('mutation($input: NoteInput!) { createNote(input: $input) { id } }', {
          input: { title: 'Hush: Remy and the promotion', body: 'Hush: talk about pay', about_user_id: w.report.id },
        }),
        'createNote',
      ).id as string;
      must(await w.manager.gql('mutation($id: ID!) { shareNote(id: $id, shared: true) { id } }', { id }), 'shareNote');
      w.state.noteId = id;
      return { to: w.report, words: ['Hush: Remy and the promotion', 'Hush: talk about pay', w.manager.name], area: noteArea(id) };
    },
  },
  {
    kind: 'one_on_ones',
    what: 'a talking point added',
    send: async (w) => {
      must(
        await w.report.gql('mutation($id: ID!, $t: String!) { addNoteAgendaItem(note_id: $id, text: $t) { id } }', {
          id: w.state.noteId,
          t: 'Hush: I am thinking of leaving',
        }),
        'addNoteAgendaItem',
      );
      return { to: w.manager, words: ['Hush: I am thinking of leaving', 'Hush: Remy and the promotion', w.report.name], area: noteArea(w.state.noteId!) };
    },
  },
  {
    kind: 'goal_updates',
    what: 'a private goal aligned to mine changes status',
    send: async (w) => {
      const parent = insertGoal(w.app, { organization_id: w.org.id, owner_user_id: w.manager.id, title: 'Open: ship the platform', visibility: 'EVERYONE' });
      const child = insertGoal(w.app, {
        organization_id: w.org.id,
        owner_user_id: w.report.id,
        parent_id: parent,
        title: 'Hush: find a new job',
        visibility: 'PRIVATE',
      });
      must(await w.report.gql(UPDATE_GOAL, { id: child, input: { status: 'AT_RISK' } }), 'updateGoal');
      return { to: w.manager, words: ['Hush: find a new job', 'At risk'], area: goalArea(child) };
    },
  },
  {
    kind: 'goal_updates',
    what: 'a check-in on my goal by my manager',
    send: async (w) => {
      const goal = insertGoal(w.app, {
        organization_id: w.org.id,
        owner_user_id: w.report.id,
        title: 'Chain: learn the billing code',
        visibility: 'MANAGER_CHAIN',
      });
      must(await w.manager.gql(CHECK_IN, { input: { goal_id: goal, comment: 'Going well', confidence: 4 } }), 'checkInGoal');
      return { to: w.report, words: ['Chain: learn the billing code', w.manager.name], area: goalArea(goal) };
    },
  },
  {
    kind: 'goal_reminders',
    what: 'a private goal due soon',
    send: async (w) => {
      const dueDate = dayOf(addDays(Date.now(), 3));
      const goal = insertGoal(w.app, {
        organization_id: w.org.id,
        owner_user_id: w.report.id,
        title: 'Hush: apply elsewhere',
        visibility: 'PRIVATE',
        due_date: dueDate,
      });
      w.enqueue(GOAL_DUE_SEND_KIND, `${goal}@${dueDate}`, { goalId: goal, dueDate });
      await w.runJobs();
      return { to: w.report, words: ['Hush: apply elsewhere'], area: goalArea(goal) };
    },
  },
  {
    kind: 'assessments',
    what: 'a placement on a level',
    send: async (w) => {
      const track = insertTrack(w.app, w.org.id, 'engineering-ic', 'Hush track');
      const placed = must(
        await w.manager.gql('mutation($input: PlacementInput!) { placePerson(input: $input) { level { name } } }', {
          input: { user_id: w.report.id, track_id: track.trackId, level_id: track.levelIds[1] },
        }),
        'placePerson',
      );
      return { to: w.report, words: [placed.level.name, 'Hush track'], area: placementArea(w.report.id) };
    },
  },
  {
    kind: 'nominate_peers',
    what: 'a cycle asks me to choose peers',
    send: async (w) => {
      const { cycleId, name } = await reviewCycle(w);
      await w.runJobs();
      return { to: w.report, words: [name], area: cycleArea(cycleId) };
    },
  },
  {
    kind: 'peer_nominations',
    what: 'nominations to approve',
    send: async (w) => {
      const { cycleId, participantId, name } = await reviewCycle(w);
      must(await api.nominate(asCaller(w.report), participantId, [w.peer.id]), 'nominatePeers');
      return { to: w.manager, words: [name, w.report.name, w.peer.name], area: cycleArea(cycleId) };
    },
  },
  {
    kind: 'review_requests',
    what: 'reviews to write',
    send: async (w) => {
      const { cycleId, participantId, name } = await reviewCycle(w);
      must(await api.approve(asCaller(w.manager), participantId), 'approveNominations');
      must(await api.launch(asCaller(w.admin), cycleId), 'launchReviewCycle');
      return { to: w.peer, words: [name, w.report.name], area: cycleArea(cycleId) };
    },
  },
  {
    kind: 'review_declines',
    what: 'a declined review',
    send: async (w) => {
      const { cycleId, name } = await reviewCycle(w);
      const mine = must<any[]>(await api.mine(asCaller(w.peer)), 'myReviewRequests').find((r) => r.cycle_id === cycleId);
      must(await api.decline(asCaller(w.peer), mine.id, 'Hush: I barely know Remy'), 'declineReviewRequest');
      return { to: w.report, words: [name, w.peer.name, 'Hush: I barely know Remy'], area: cycleArea(cycleId) };
    },
  },
  {
    kind: 'results_released',
    what: 'released results',
    send: async (w) => {
      const { cycleId, participantId, name } = await reviewCycle(w);
      must(await api.close(asCaller(w.admin), cycleId), 'closeReviewCycle');
      must(await api.release(asCaller(w.manager), participantId), 'releaseResults');
      return { to: w.report, words: [name], area: cycleArea(cycleId) };
    },
  },
  {
    kind: 'retro_started',
    what: 'a retro of my team starts',
    send: async (w) => {
      const { id, title } = await retro(w);
      await openAutomatedRetro(w.app.services, id, { now: new Date() });
      return { to: w.report, words: [title], area: retroArea(id) };
    },
  },
  {
    kind: 'retros',
    what: 'an action item is mine',
    send: async (w) => {
      const { id, title } = await retro(w);
      await toPhase(w.teamLead, id, 'REFLECT');
      must(
        await w.teamLead.gql('mutation($r: ID!, $i: RetroActionItemInput!) { addRetroActionItem(retro_id: $r, input: $i) { id } }', {
          r: id,
          i: { text: 'Hush: rewrite the pager rota', owner_id: w.report.id },
        }),
        'addRetroActionItem',
      );
      return { to: w.report, words: [title, 'Hush: rewrite the pager rota'], area: retroArea(id) };
    },
  },
  {
    kind: 'account_security',
    what: 'an admin viewed my reset link',
    send: async (w) => {
      const browser = new Browser(w.app);
      const csrfToken = await browser.csrf();
      await browser.request({ method: 'POST', url: '/api/auth/forgot-password', json: { email: w.report.email, csrfToken } });
      must(await w.admin.gql('{ emailOutbox(limit: 500) { id } }'), 'emailOutbox');
      return { to: w.report, words: [w.admin.name], area: auditArea(w.report.id) };
    },
  },
];
