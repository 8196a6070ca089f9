import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import { answerFeedbackSchema, declineReasonSchema, requestFeedbackSchema, type FeedbackAnswer } from '../../../shared/feedback.js';
import { requireViewer } from '../../graphql/context.js';
import { groupBy, indexBy } from '../../graphql/loaders.js';
import { parseInput, withoutNulls } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import type { Viewer } from '../auth/viewer.js';
import { notify } from '../notifications/notifications.deliver.js';
import type { FeaturePart } from '../feature-part.js';
import {
  findFeedbackRequest,
  findRequestsByIds,
  insertFeedbackRequest,
  listAsksOfRequests,
  notifyFeedbackRequest,
  type FeedbackAskRow,
  type FeedbackRequestRow,
} from './feedback.requests.repo.js';
import { loadAnyUser } from '../users/users.loaders.js';
import {
  answerAsk,
  cancelRequest,
  declineAsk,
  findAsk,
  isResponderOf,
  listPendingAsks,
  listSentRequests,
  managesPerson,
  readableAnswersOf,
  shareRequest,
  type FeedbackRow,
} from './feedback.requests.flow.repo.js';

type Ctx = MercuriusContext;

/**
 * Feedback requests (docs/decisions/0048): about oneself, or about a report by their manager (direct,
 * team manager or lead) or an admin; asked of 1 to 10 people who answer once or decline with a reason.
 * Who reads a request: its requester; the subject when they asked or once the requester shared it;
 * each person asked (their own ask and the questions). The answers are feedback rows (REQUESTER),
 * read through readableFeedback like every other feedback.
 */

const orgOf = (ctx: Ctx): string => ctx.viewer?.organizationId ?? '';

/** The subject reads the whole request: they asked about themself, or the requester shared it. */
const subjectReads = (viewer: Viewer, r: FeedbackRequestRow) => r.subject_id === viewer.userId && (r.requester_id === r.subject_id || r.shared_at !== null);
/** Reads every ask of the request (the others read their own ask only). */
const readsAllAsks = (viewer: Viewer, r: FeedbackRequestRow) => r.requester_id === viewer.userId || subjectReads(viewer, r);

const loadAsks = (ctx: Ctx, requestId: string) =>
  ctx.loaders
    .get<FeedbackAskRow[]>('feedbackRequests.asks', (ids) => groupBy(listAsksOfRequests(ctx.services.db, orgOf(ctx), ids), (a) => a.request_id), [])
    .load(requestId);

async function visibleAsks(r: FeedbackRequestRow, ctx: Ctx): Promise<FeedbackAskRow[]> {
  const viewer = requireViewer(ctx);
  const asks = await loadAsks(ctx, r.id);
  return readsAllAsks(viewer, r) ? asks : asks.filter((a) => a.responder_id === viewer.userId);
}

/** The request as its requester sees it, or NOT_FOUND / FORBIDDEN for anybody else. */
function requireOwnRequest(ctx: Ctx, id: string, action: string): { viewer: Viewer; request: FeedbackRequestRow } {
  const viewer = requireViewer(ctx);
  const request = findFeedbackRequest(ctx.services.db, viewer.organizationId, id);
  if (!request) throw notFound('Feedback request');
  if (request.requester_id === viewer.userId) return { viewer, request };
  if (subjectReads(viewer, request) || isResponderOf(ctx.services.db, request.id, viewer.userId))
    throw forbidden(`Only the person who asked for this feedback can ${action} it.`);
  throw notFound('Feedback request');
}

/** The viewer's own ask (and its request), or NOT_FOUND / FORBIDDEN. */
function requireOwnAsk(ctx: Ctx, askId: string, action: string): { viewer: Viewer; ask: FeedbackAskRow; request: FeedbackRequestRow } {
  const viewer = requireViewer(ctx);
  const ask = findAsk(ctx.services.db, viewer.organizationId, askId);
  const request = ask ? findFeedbackRequest(ctx.services.db, viewer.organizationId, ask.request_id) : undefined;
  if (!ask || !request) throw notFound('Feedback request');
  if (ask.responder_id === viewer.userId) return { viewer, ask, request };
  if (readsAllAsks(viewer, request)) throw forbidden(`Only the person asked can ${action} this request.`);
  throw notFound('Feedback request');
}

/**
 * Tells the requester that an ask was answered or declined. Requests are not the admins' to read
 * (docs/decisions/0048), and mail reaches their outbox: who answered or declined, about whom and why
 * is read on the Requested tab (docs/decisions/0055).
 */
function tellRequester(services: Services, request: FeedbackRequestRow, title: string): void {
  if (!request.requester_id) return;
  void notify(services, {
    organizationId: request.organization_id,
    userIds: [request.requester_id],
    kind: 'feedback_received',
    private: true,
    title,
    link: '/continuous-feedback?tab=requested',
  });
}

export const feedbackRequestsPart: FeaturePart = {
  resolvers: {
    Query: {
      pendingFeedbackRequests: (_: unknown, args: { include_done?: boolean | null }, ctx: Ctx) =>
        listPendingAsks(ctx.services.db, requireViewer(ctx), !!args.include_done, ctx.services.scheduler.now()),
      sentFeedbackRequests: (_: unknown, __: unknown, ctx: Ctx) => listSentRequests(ctx.services.db, requireViewer(ctx)),
    },
    Mutation: {
      requestFeedback: (_: unknown, args: { input: { subject_id?: string | null } | null }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const subjectId = args.input?.subject_id || viewer.userId;
        if (subjectId !== viewer.userId && viewer.permissionLevel !== 'ADMIN' && !managesPerson(ctx.services.db, viewer, subjectId)) {
          throw forbidden('You can ask for feedback about yourself, or about the people you manage.');
        }
        const data = parseInput(requestFeedbackSchema, withoutNulls(args.input));
        const { requestId } = insertFeedbackRequest(ctx.services.db, {
          organizationId: viewer.organizationId,
          requesterId: viewer.userId,
          subjectId,
          responderIds: data.responder_ids,
          templateId: data.template_id ?? null,
          questions: data.questions ?? null,
          message: data.message,
          dueOn: data.due_on ?? null,
        });
        notifyFeedbackRequest(ctx.services, requestId).catch((err: unknown) => ctx.log.error({ err, requestId }, 'feedback request notification failed'));
        return findFeedbackRequest(ctx.services.db, viewer.organizationId, requestId);
      },
      cancelFeedbackRequest: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { request } = requireOwnRequest(ctx, args.id, 'cancel');
        return cancelRequest(ctx.services.db, request);
      },
      shareFeedbackRequest: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, request } = requireOwnRequest(ctx, args.id, 'share');
        const shared = shareRequest(ctx.services.db, request);
        void notify(ctx.services, {
          organizationId: viewer.organizationId,
          userIds: [request.subject_id],
          kind: 'feedback_received',
          private: true,
          title: 'Answers to a feedback request about you are now yours to read',
          link: '/continuous-feedback',
        });
        return shared;
      },
      answerFeedbackRequest: (_: unknown, args: { ask_id: string; answers: string[] }, ctx: Ctx) => {
        const { ask, request } = requireOwnAsk(ctx, args.ask_id, 'answer');
        const { answers } = parseInput(answerFeedbackSchema, { answers: args.answers });
        if (answers.length !== request.questions.length) {
          throw badInput(`Give one answer per question (${request.questions.length}); an answer may be left empty.`, {
            fields: { answers: 'One answer per question.' },
          });
        }
        const pairs: FeedbackAnswer[] = request.questions.map((question, i) => ({ question, answer: answers[i]! })).filter((a) => a.answer.length > 0);
        const answered = answerAsk(ctx.services.db, ask, request, pairs);
        tellRequester(ctx.services, request, 'Your feedback request has a new answer');
        return answered;
      },
      declineFeedbackRequest: (_: unknown, args: { ask_id: string; reason: string }, ctx: Ctx) => {
        const { ask, request } = requireOwnAsk(ctx, args.ask_id, 'decline');
        const reason = parseInput(declineReasonSchema, args.reason);
        const declined = declineAsk(ctx.services.db, ask, reason);
        tellRequester(ctx.services, request, 'Someone declined your feedback request');
        return declined;
      },
    },
    FeedbackRequest: {
      requester: (r: FeedbackRequestRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, r.requester_id),
      subject: (r: FeedbackRequestRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, r.subject_id),
      about_report: (r: FeedbackRequestRow) => r.requester_id !== r.subject_id,
      automated: (r: FeedbackRequestRow) => r.automation_rule_id !== null,
      asks: (r: FeedbackRequestRow, _: unknown, ctx: Ctx) => visibleAsks(r, ctx),
      answers: (r: FeedbackRequestRow, _: unknown, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        return ctx.loaders
          .get<FeedbackRow[]>('feedbackRequests.answers', (ids) => groupBy(readableAnswersOf(ctx.services.db, viewer, ids), (f) => f.request_id), [])
          .load(r.id);
      },
      asked: async (r: FeedbackRequestRow, _: unknown, ctx: Ctx) => (await visibleAsks(r, ctx)).length,
      answered: async (r: FeedbackRequestRow, _: unknown, ctx: Ctx) => (await visibleAsks(r, ctx)).filter((a) => a.status === 'ANSWERED').length,
    },
    FeedbackAsk: {
      responder: (a: FeedbackAskRow, _: unknown, ctx: Ctx) => loadAnyUser(ctx, a.responder_id),
      // The reason is for the requester (and the one who declined), not for the subject of a shared request.
      decline_reason: async (a: FeedbackAskRow, _: unknown, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        if (a.responder_id === viewer.userId) return a.decline_reason;
        const request = await loadRequest(ctx, a.request_id);
        return request?.requester_id === viewer.userId ? a.decline_reason : null;
      },
    },
    PendingFeedbackAsk: {
      request: (a: FeedbackAskRow, _: unknown, ctx: Ctx) => loadRequest(ctx, a.request_id),
    },
  },
};

function loadRequest(ctx: Ctx, id: string): Promise<FeedbackRequestRow | null> {
  return ctx.loaders
    .get<FeedbackRequestRow | null>('feedbackRequests.byId', (ids) => indexBy(findRequestsByIds(ctx.services.db, orgOf(ctx), ids), (r) => r.id), null)
    .load(id);
}
