import { conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { RESULTS_FORBIDDEN, RESULTS_NOT_CLOSED, RESULTS_NOT_RELEASED } from '../../../shared/review-results.text.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { findParticipant, findReviewCycle, markResultsOpened, type ReviewCycleRow, type ReviewParticipantRow } from './reviews.cycles.repo.js';
import { isAdmin } from './reviews.cycles.policy.js';
import { findSubmittedReviews } from './reviews.requests.repo.js';
import { buildReviewResults, sectionsFromSnapshot } from './reviews.results.js';
import type { ResultViewerRole, ReviewResults } from './reviews.results.types.js';

/**
 * Who may read one reviewee's results (docs/decisions/0018), shared by GraphQL, the CSV export
 * and `User.user_reviews_reviewee`:
 * - nobody while the cycle is DRAFT or ACTIVE (a figure changing as answers arrive reveals them);
 * - the reviewee once their results are released; their manager at launch; admins;
 * - anybody else: FORBIDDEN; another organization's ids: NOT_FOUND.
 */
export const resultsReadable = (cycle: Pick<ReviewCycleRow, 'status'>): boolean => cycle.status === 'CLOSED' || cycle.status === 'RELEASED';

/** The viewer's relation to the reviewee, before any status check. */
export function resultViewerRole(viewer: Viewer, participant: Pick<ReviewParticipantRow, 'reviewee_id' | 'manager_id'>): ResultViewerRole {
  if (participant.reviewee_id === viewer.userId) return 'REVIEWEE';
  if (participant.manager_id === viewer.userId) return 'MANAGER';
  if (isAdmin(viewer)) return 'ADMIN';
  return 'OTHER';
}

/** Whether the viewer would get results now (no error): the rule `user_reviews_reviewee` filters with. */
export function canReadResults(
  viewer: Viewer,
  cycle: Pick<ReviewCycleRow, 'status'>,
  participant: Pick<ReviewParticipantRow, 'reviewee_id' | 'manager_id' | 'results_released_at'>,
): boolean {
  const role = resultViewerRole(viewer, participant);
  if (role === 'OTHER' || !resultsReadable(cycle)) return false;
  return role !== 'REVIEWEE' || !!participant.results_released_at;
}

export interface LoadedResults {
  cycle: ReviewCycleRow;
  participant: ReviewParticipantRow;
  results: ReviewResults;
}

/** The results of one reviewee as this viewer may see them (no check: the callers check first). */
function buildFor(db: Db, viewer: Viewer, cycle: ReviewCycleRow, participant: ReviewParticipantRow, role: Exclude<ResultViewerRole, 'OTHER'>): ReviewResults {
  const { questions, submissions, asked } = findSubmittedReviews(db, viewer.organizationId, cycle.id, participant.id);
  return buildReviewResults({
    sections: sectionsFromSnapshot(questions),
    submissions,
    asked,
    threshold: cycle.anonymity_threshold,
    viewer: { user_id: viewer.userId, role },
  });
}

/** Finds the participant in the viewer's organization, checks the rules above and builds the viewer's results. */
export function loadReviewResults(db: Db, viewer: Viewer, participantId: string): LoadedResults {
  const participant = findParticipant(db, viewer.organizationId, participantId);
  const cycle = participant && findReviewCycle(db, viewer.organizationId, participant.cycle_id);
  if (!participant || !cycle) throw notFound('Review results');
  const role = resultViewerRole(viewer, participant);
  if (role === 'OTHER') throw forbidden(RESULTS_FORBIDDEN);
  if (role === 'REVIEWEE' && !participant.results_released_at) throw forbidden(RESULTS_NOT_RELEASED);
  if (!resultsReadable(cycle)) throw conflict(RESULTS_NOT_CLOSED);
  // The reviewee has seen them: from now on the release cannot be taken back (docs/decisions/0031).
  if (role === 'REVIEWEE' && !participant.results_opened_at) markResultsOpened(db, viewer.organizationId, participant.id);
  return { cycle, participant, results: buildFor(db, viewer, cycle, participant, role) };
}

/**
 * The same results under the same rules (canReadResults), or null when the viewer may not read them
 * now; without marking them opened: for a reader that only quotes them (the assistant,
 * docs/decisions/0066), which must not make a release final.
 */
export function readableReviewResults(db: Db, viewer: Viewer, participantId: string): LoadedResults | null {
  const participant = findParticipant(db, viewer.organizationId, participantId);
  const cycle = participant && findReviewCycle(db, viewer.organizationId, participant.cycle_id);
  if (!participant || !cycle || !canReadResults(viewer, cycle, participant)) return null;
  const role = resultViewerRole(viewer, participant);
  if (role === 'OTHER') return null;
  return { cycle, participant, results: buildFor(db, viewer, cycle, participant, role) };
}
