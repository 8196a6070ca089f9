import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from '../../../shared/app-error.js';
import { featureAreaOffMessage, isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { bearerToken, viewerFromAccessToken } from '../auth/viewer.js';
import { findUsersByIds } from '../users/users.repo.js';
import { loadReviewResults } from './reviews.results.access.js';
import { reviewResultsCsv } from './reviews.results.csv.js';
import { auditActorOfRequest } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.repo.js';
import { sendAppError } from '../../lib/http-status.js';

/** A file name made of letters, digits and dashes only (the cycle and person names are user input). */
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase() || 'review';

/**
 * GET /api/reviews/results/:participantId.csv with `Authorization: Bearer <access token>`: one
 * reviewee's results as CSV, exactly what `reviewResults` shows this viewer (same rules, same
 * withheld wording), every cell formula-safe (reviewResultsCsv -> toSafeCsv).
 */
export async function reviewResultsExportRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { participantId: string } }>(
    '/api/reviews/results/:participantId.csv',
    { config: { rule: 'SUBJECT_OR_MANAGER' } },
    async (request, reply) => {
      const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
      if (!viewer) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
      try {
        const { db } = app.services;
        if (!isFeatureAreaOn(db, viewer.organizationId, 'REVIEWS')) throw forbidden(featureAreaOffMessage('REVIEWS'));
        const { cycle, participant, results } = loadReviewResults(db, viewer, request.params.participantId);
        const signedIds = new Set(results.sections.flatMap((s) => s.questions.flatMap((q) => q.cells.flatMap((c) => c.answers.map((a) => a.reviewer_id)))));
        const people = new Map(
          findUsersByIds(db, viewer.organizationId, [participant.reviewee_id, ...signedIds], { includeDeleted: true }).map((u) => [u.id, u.full_name]),
        );
        const revieweeName = people.get(participant.reviewee_id) ?? 'Former employee';
        const csv = reviewResultsCsv(results, { cycleName: cycle.name, revieweeName, reviewerName: (id) => people.get(id) ?? 'Former employee' });
        recordAudit(db, {
          ...auditActorOfRequest(request, viewer),
          action: 'REVIEW_RESULTS_EXPORTED',
          subjectUserId: participant.reviewee_id,
          details: { cycle_id: cycle.id, cycle_name: cycle.name },
        });
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="teamlens-review-${slug(cycle.name)}-${slug(revieweeName)}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(csv);
      } catch (error) {
        if (error instanceof AppError) return sendAppError(reply, error);
        throw error;
      }
    },
  );
}
