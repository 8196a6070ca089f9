import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { declineReasonSchema, reviewAnswersInputSchema } from '../../../shared/review-cycle.schemas.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { groupBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUserById } from '../users/users.repo.js';
import { loadUser } from '../users/users.loaders.js';
import { findParticipant, findReviewCycle, type ReviewCycleRow } from './reviews.cycles.repo.js';
import { loadCycle } from './reviews.cycles.resolvers.js';
import { checkAnswers, missingRequired } from './reviews.answers.js';
import {
  declineRequest,
  findReviewRequest,
  listAnswersByRequestIds,
  listCycleQuestions,
  listRequestsForReviewer,
  questionsFor,
  reopenRequest,
  saveDraftAnswers,
  submitRequest,
  type ReviewAnswerRow,
  type ReviewCycleQuestionRow,
  type ReviewRequestRow,
} from './reviews.requests.repo.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

/** Who opens a review request and its answers: its reviewer, within their organization (the assistant asks it too, docs/decisions/0066). */
export const canOpenRequest = (viewer: Viewer, request: Pick<ReviewRequestRow, 'organization_id' | 'reviewer_id'>): boolean =>
  request.organization_id === viewer.organizationId && request.reviewer_id === viewer.userId;

/** AUTH: the request exists in the viewer's organization and the viewer is its reviewer. */
function requireOwnRequest(ctx: Ctx, id: string): { viewer: Viewer; request: ReviewRequestRow; cycle: ReviewCycleRow } {
  const viewer = requireViewer(ctx);
  const request = findReviewRequest(ctx.services.db, viewer.organizationId, id);
  const cycle = request && findReviewCycle(ctx.services.db, viewer.organizationId, request.cycle_id);
  if (!request || !cycle) throw notFound('Review request');
  if (!canOpenRequest(viewer, request)) throw forbidden('Only the reviewer can open this review.');
  return { viewer, request, cycle };
}

/** The request can still be answered: pending, in an active cycle. */
function requireAnswerable(request: ReviewRequestRow, cycle: ReviewCycleRow): void {
  if (cycle.status !== 'ACTIVE') throw conflict('This review cycle is closed: reviews can no longer be changed.');
  if (request.status === 'SUBMITTED') throw conflict('This review has already been submitted.');
  if (request.status === 'DECLINED') throw conflict('You declined this review.');
}

const questionsOf = (ctx: Ctx, request: ReviewRequestRow): ReviewCycleQuestionRow[] =>
  questionsFor(listCycleQuestions(ctx.services.db, request.organization_id, [request.cycle_id]), request.perspective);

const reload = (ctx: Ctx, id: string) => findReviewRequest(ctx.services.db, orgOf(ctx), id);

export const reviewRequestResolvers = {
  Query: {
    myReviewRequests: (_: unknown, args: { includeDone?: boolean | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      return listRequestsForReviewer(ctx.services.db, viewer.organizationId, viewer.userId, !!args.includeDone);
    },
    reviewRequest: (_: unknown, args: { id: string }, ctx: Ctx) => requireOwnRequest(ctx, args.id).request,
  },
  Mutation: {
    declineReviewRequest: (_: unknown, args: { id: string; reason: unknown }, ctx: Ctx) => {
      const { viewer, request, cycle } = requireOwnRequest(ctx, args.id);
      if (request.perspective === 'SELF') throw conflict('A self review cannot be declined.');
      requireAnswerable(request, cycle);
      const { reason } = parseInput(declineReasonSchema, { reason: args.reason });
      if (!declineRequest(ctx.services.db, viewer.organizationId, request.id, reason)) throw conflict('This review is no longer pending.');
      const reviewer = findUserById(ctx.services.db, viewer.organizationId, viewer.userId);
      const participant = findParticipant(ctx.services.db, viewer.organizationId, request.participant_id);
      void notify(ctx.services, {
        organizationId: viewer.organizationId,
        userIds: [request.reviewee_id, ...(participant?.manager_id ? [participant.manager_id] : [])],
        kind: 'review_declines',
        private: false,
        title: 'A review request was declined',
        body: `${cycle.name}: ${reviewer?.full_name ?? 'A reviewer'} declined: ${reason}`,
        link: '/reviews',
      });
      return reload(ctx, request.id);
    },
    saveReviewDraft: (_: unknown, args: { requestId: string; answers: unknown }, ctx: Ctx) => {
      const { viewer, request, cycle } = requireOwnRequest(ctx, args.requestId);
      requireAnswerable(request, cycle);
      const answers = checkAnswers(questionsOf(ctx, request), parseInput(reviewAnswersInputSchema, { answers: args.answers }).answers);
      if (!saveDraftAnswers(ctx.services.db, viewer.organizationId, request.id, answers)) throw conflict('This review is no longer pending.');
      return reload(ctx, request.id);
    },
    submitReviewRequest: (_: unknown, args: { id: string; answers?: unknown }, ctx: Ctx) => {
      const { viewer, request, cycle } = requireOwnRequest(ctx, args.id);
      requireAnswerable(request, cycle);
      const questions = questionsOf(ctx, request);
      const answers = checkAnswers(questions, parseInput(reviewAnswersInputSchema, { answers: args.answers ?? [] }).answers);
      const result = submitRequest(ctx.services.db, viewer.organizationId, request.id, answers, (saved) => missingRequired(questions, saved));
      if (!result.ok && result.reason === 'not-pending') throw conflict('This review has already been submitted.');
      if (!result.ok && result.reason === 'missing') {
        const fields = Object.fromEntries(result.questionIds.map((id) => [id, 'Answer this question.']));
        throw badInput(`Answer every required question before submitting (${result.questionIds.length} left).`, { fields });
      }
      return reload(ctx, request.id);
    },
    reopenReviewRequest: (_: unknown, args: { id: string }, ctx: Ctx) => {
      const viewer = requireAdmin(ctx);
      const request = findReviewRequest(ctx.services.db, viewer.organizationId, args.id);
      const cycle = request && findReviewCycle(ctx.services.db, viewer.organizationId, request.cycle_id);
      if (!request || !cycle) throw notFound('Review request');
      if (cycle.status !== 'ACTIVE') throw conflict('Reviews can be reopened while the cycle is active only.');
      if (!reopenRequest(ctx.services.db, viewer.organizationId, request.id, viewer.userId)) throw conflict('Only a submitted review can be reopened.');
      void notify(ctx.services, {
        organizationId: viewer.organizationId,
        userIds: [request.reviewer_id],
        kind: 'review_requests',
        private: false,
        title: 'A review was reopened for you',
        body: `${cycle.name}: your answers are kept. Change them and submit again.`,
        link: '/reviews/pending',
      });
      return reload(ctx, request.id);
    },
  },
  ReviewRequest: {
    cycle_name: async (r: ReviewRequestRow, _: unknown, ctx: Ctx) => (await loadCycle(ctx, r.cycle_id))?.name ?? '',
    cycle_type: async (r: ReviewRequestRow, _: unknown, ctx: Ctx) => (await loadCycle(ctx, r.cycle_id))?.type ?? '360',
    cycle_status: async (r: ReviewRequestRow, _: unknown, ctx: Ctx) => (await loadCycle(ctx, r.cycle_id))?.status ?? 'CLOSED',
    reviewee: (r: ReviewRequestRow, _: unknown, ctx: Ctx) => loadUser(ctx, r.reviewee_id),
    questions: async (r: ReviewRequestRow, _: unknown, ctx: Ctx) =>
      questionsFor(
        await ctx.loaders
          .get(
            'reviewCycles.questions',
            (ids) => groupBy(listCycleQuestions(ctx.services.db, orgOf(ctx), ids), (q) => q.cycle_id),
            [] as ReviewCycleQuestionRow[],
          )
          .load(r.cycle_id),
        r.perspective,
      ),
    // Only ever the viewer's own answers: a request reaches a viewer through these operations only when they are its reviewer.
    answers: (r: ReviewRequestRow, _: unknown, ctx: Ctx) =>
      ctx.viewer?.userId !== r.reviewer_id
        ? []
        : ctx.loaders
            .get(
              'reviewRequests.answers',
              (ids) => groupBy(listAnswersByRequestIds(ctx.services.db, orgOf(ctx), ids), (a) => a.request_id),
              [] as ReviewAnswerRow[],
            )
            .load(r.id),
  },
};
