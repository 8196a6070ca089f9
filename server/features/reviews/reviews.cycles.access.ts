import type { MercuriusContext } from 'mercurius';
import { forbidden, notFound } from '../../../shared/app-error.js';
import { requireViewer } from '../../graphql/context.js';
import type { Viewer } from '../auth/viewer.js';
import { findParticipant, findReviewCycle, isInvolvedInCycle, type ReviewCycleRow, type ReviewParticipantRow } from './reviews.cycles.repo.js';
import { canManageParticipant, canRunReviewCycle, canSeeParticipant } from './reviews.cycles.policy.js';

/**
 * AUTH for review-cycle resolvers: finds the thing in the viewer's organization (another
 * organization's ids are NOT_FOUND, always), then asks the policy.
 */
type Ctx = MercuriusContext;

export function requireCycle(ctx: Ctx, id: string): { viewer: Viewer; cycle: ReviewCycleRow } {
  const viewer = requireViewer(ctx);
  const cycle = findReviewCycle(ctx.services.db, viewer.organizationId, id);
  if (!cycle) throw notFound('Review cycle');
  return { viewer, cycle };
}

/** Sees the cycle: runs it, takes part in it, or manages a participant. */
export function requireVisibleCycle(ctx: Ctx, id: string): { viewer: Viewer; cycle: ReviewCycleRow } {
  const found = requireCycle(ctx, id);
  const { viewer, cycle } = found;
  if (!canRunReviewCycle(viewer, cycle) && !isInvolvedInCycle(ctx.services.db, viewer.organizationId, cycle.id, viewer.userId)) {
    throw forbidden('You do not take part in this review cycle.');
  }
  return found;
}

export function requireCycleRunner(ctx: Ctx, id: string): { viewer: Viewer; cycle: ReviewCycleRow } {
  const found = requireCycle(ctx, id);
  if (!canRunReviewCycle(found.viewer, found.cycle)) throw forbidden('Only an admin or the manager who created this cycle can change it.');
  return found;
}

type ParticipantAccess = { viewer: Viewer; cycle: ReviewCycleRow; participant: ReviewParticipantRow };

export function requireParticipant(ctx: Ctx, id: string, need: 'see' | 'manage' | 'reviewee'): ParticipantAccess {
  const viewer = requireViewer(ctx);
  const participant = findParticipant(ctx.services.db, viewer.organizationId, id);
  const cycle = participant && findReviewCycle(ctx.services.db, viewer.organizationId, participant.cycle_id);
  if (!participant || !cycle) throw notFound('Review participant');
  if (!canSeeParticipant(viewer, cycle, participant)) throw forbidden('You do not take part in this review.');
  if (need === 'manage' && !canManageParticipant(viewer, cycle, participant))
    throw forbidden('Only the manager of this person or whoever runs the cycle can do this.');
  if (need === 'reviewee' && participant.reviewee_id !== viewer.userId) throw forbidden('Only the person reviewed can do this.');
  return { viewer, cycle, participant };
}
