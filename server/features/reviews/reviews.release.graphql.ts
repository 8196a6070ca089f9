import type { MercuriusContext } from 'mercurius';
import { conflict, forbidden } from '../../../shared/app-error.js';
import type { Services } from '../../services.js';
import { notify } from '../notifications/notifications.deliver.js';
import { requireCycle, requireParticipant } from './reviews.cycles.access.js';
import { canManageParticipant } from './reviews.cycles.policy.js';
import {
  findParticipant,
  findReviewCycle,
  listParticipantsByCycleIds,
  releaseParticipantResults,
  withdrawParticipantResults,
  type ReviewCycleRow,
  type ReviewParticipantRow,
} from './reviews.cycles.repo.js';

/**
 * Releasing results (docs/decisions/0016, 0031): one person or everyone at once, and taking a
 * release back until the reviewee has opened their results.
 */
export const reviewReleaseSchema = /* GraphQL */ `
  type ReleaseAllResult {
    "People whose results were released now."
    released: Int!
    cycle: ReviewCycle!
  }
  extend type Mutation {
    "Releases the results of every participant of the closed cycle the viewer may release for (not yet released)."
    releaseAllResults(cycleId: ID!): ReleaseAllResult!
    "Takes a release back while the reviewee has not opened their results."
    withdrawResults(participantId: ID!): ReviewParticipant!
  }
`;

type Ctx = MercuriusContext;

function requireClosed(cycle: ReviewCycleRow): void {
  if (cycle.status !== 'CLOSED' && cycle.status !== 'RELEASED') throw conflict('Close the cycle before releasing results.');
}

/**
 * Tells the reviewee their results are out, with the link to them. Review notifications name their
 * cycle in the body: a cycle is read by whoever runs it or takes part, not by a Slack channel (docs/decisions/0055).
 */
export function notifyReleased(services: Services, orgId: string, cycle: ReviewCycleRow, participant: ReviewParticipantRow): void {
  void notify(services, {
    organizationId: orgId,
    userIds: [participant.reviewee_id],
    kind: 'results_released',
    private: false,
    title: 'Your review results are ready',
    body: `${cycle.name}: read them and acknowledge that you have.`,
    link: `/reviews?id=${cycle.id}&results=${participant.id}`,
  });
}

export const reviewReleaseResolvers = {
  Mutation: {
    releaseAllResults: (_: unknown, args: { cycleId: string }, ctx: Ctx) => {
      const { viewer, cycle } = requireCycle(ctx, args.cycleId);
      const { db } = ctx.services;
      const mine = listParticipantsByCycleIds(db, viewer.organizationId, [cycle.id]).filter((p) => canManageParticipant(viewer, cycle, p));
      if (!mine.length) throw forbidden('Only the managers of these people or whoever runs the cycle can release results.');
      requireClosed(cycle);
      let released = 0;
      for (const p of mine.filter((x) => !x.results_released_at)) {
        if (!releaseParticipantResults(db, viewer.organizationId, p, viewer.userId)) continue;
        released += 1;
        notifyReleased(ctx.services, viewer.organizationId, cycle, p);
      }
      return { released, cycle: findReviewCycle(db, viewer.organizationId, cycle.id) };
    },
    withdrawResults: (_: unknown, args: { participantId: string }, ctx: Ctx) => {
      const { viewer, cycle, participant } = requireParticipant(ctx, args.participantId, 'manage');
      if (!participant.results_released_at) throw conflict('These results are not released.');
      if (participant.results_opened_at) throw conflict('The results were opened already: a release cannot be taken back once the person has read them.');
      if (!withdrawParticipantResults(ctx.services.db, viewer.organizationId, participant)) {
        throw conflict('The results were opened meanwhile: a release cannot be taken back once the person has read them.');
      }
      void notify(ctx.services, {
        organizationId: viewer.organizationId,
        userIds: [participant.reviewee_id],
        kind: 'results_released',
        private: false,
        title: 'Your review results are not released yet',
        body: `${cycle.name}: they were released too early and taken back before you opened them. You will be told when they are released.`,
        link: '/reviews',
      });
      return findParticipant(ctx.services.db, viewer.organizationId, participant.id);
    },
  },
};
