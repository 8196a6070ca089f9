import type { MercuriusContext } from 'mercurius';
import { badInput, conflict } from '../../../shared/app-error.js';
import { peerCountProblem, peerIdsSchema } from '../../../shared/review-cycle.schemas.js';
import { groupBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import { formatDay } from '../../../shared/format.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUserById, findUsersByIds } from '../users/users.repo.js';
import { loadUser } from '../users/users.loaders.js';
import { requireParticipant } from './reviews.cycles.access.js';
import { canManageParticipant } from './reviews.cycles.policy.js';
import { findParticipant, isEligible, type ReviewCycleRow, type ReviewParticipantRow } from './reviews.cycles.repo.js';
import { loadCycle } from './reviews.cycles.resolvers.js';
import {
  approveProposedPeers,
  findPeerSuggestions,
  listNominationsByParticipantIds,
  proposePeers,
  setApprovedPeers,
  type PeerNominationRow,
} from './reviews.nominations.repo.js';
import { listRequestsByParticipantIds, type ReviewRequestRow } from './reviews.requests.repo.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

/** Peers are chosen while the cycle is a draft that asks peers. */
function requirePeerPhase(cycle: ReviewCycleRow): void {
  if (cycle.status !== 'DRAFT') throw conflict('Peers are chosen before the cycle is launched.');
  if (!cycle.perspectives.includes('PEER')) throw conflict('This cycle does not ask peers for reviews.');
}

/** VALIDATION of a list of peers: parsed, real colleagues, not the reviewee, within the cycle's min and max. */
function parsePeers(ctx: Ctx, cycle: ReviewCycleRow, participant: ReviewParticipantRow, reviewerIds: unknown): string[] {
  const ids = parseInput(peerIdsSchema, reviewerIds);
  const refuse = (message: string) => badInput(`reviewerIds: ${message}`, { fields: { reviewerIds: message } });
  if (ids.includes(participant.reviewee_id)) throw refuse('People cannot review themselves as a peer.');
  const found = findUsersByIds(ctx.services.db, orgOf(ctx), ids).filter(isEligible);
  if (found.length !== ids.length) throw refuse('Some of these people cannot review: they are deactivated, removed or not in your organization.');
  const problem = peerCountProblem(ids.length, cycle);
  if (problem) throw refuse(problem);
  return ids;
}

const reviewee = (ctx: Ctx, p: ReviewParticipantRow) => findUserById(ctx.services.db, orgOf(ctx), p.reviewee_id);

export const reviewNominationResolvers = {
  Query: {
    peerSuggestions: (_: unknown, args: { participantId: string }, ctx: Ctx) => {
      const { participant } = requireParticipant(ctx, args.participantId, 'see');
      const person = reviewee(ctx, participant);
      return person ? findPeerSuggestions(ctx.services.db, orgOf(ctx), person) : [];
    },
  },
  Mutation: {
    nominatePeers: (_: unknown, args: { participantId: string; reviewerIds: unknown }, ctx: Ctx) => {
      const { viewer, cycle, participant } = requireParticipant(ctx, args.participantId, 'reviewee');
      requirePeerPhase(cycle);
      if (cycle.nomination_end && cycle.nomination_end < new Date().toISOString()) {
        throw conflict(`Nominations closed on ${formatDay(cycle.nomination_end)}. Ask your manager to choose your peers.`);
      }
      const ids = parsePeers(ctx, cycle, participant, args.reviewerIds);
      proposePeers(ctx.services.db, viewer.organizationId, participant, ids, viewer.userId);
      if (participant.manager_id) {
        const name = reviewee(ctx, participant)?.full_name ?? 'Someone';
        void notify(ctx.services, {
          organizationId: viewer.organizationId,
          userIds: [participant.manager_id],
          kind: 'peer_nominations',
          private: false,
          title: 'Peer nominations to approve',
          body: `${cycle.name}: ${name} proposed ${ids.length} peer${ids.length === 1 ? '' : 's'}. Approve or change them.`,
          link: '/reviews',
        });
      }
      return findParticipant(ctx.services.db, viewer.organizationId, participant.id);
    },
    approveNominations: (_: unknown, args: { participantId: string }, ctx: Ctx) => {
      const { viewer, cycle, participant } = requireParticipant(ctx, args.participantId, 'manage');
      requirePeerPhase(cycle);
      approveProposedPeers(ctx.services.db, viewer.organizationId, participant.id, viewer.userId);
      return findParticipant(ctx.services.db, viewer.organizationId, participant.id);
    },
    changeNominations: (_: unknown, args: { participantId: string; reviewerIds: unknown }, ctx: Ctx) => {
      const { viewer, cycle, participant } = requireParticipant(ctx, args.participantId, 'manage');
      requirePeerPhase(cycle);
      const ids = parsePeers(ctx, cycle, participant, args.reviewerIds);
      setApprovedPeers(ctx.services.db, viewer.organizationId, participant.id, ids, viewer.userId);
      return findParticipant(ctx.services.db, viewer.organizationId, participant.id);
    },
  },
  ReviewParticipant: {
    nominations: (p: ReviewParticipantRow, _: unknown, ctx: Ctx) =>
      ctx.loaders
        .get(
          'reviewParticipants.nominations',
          (ids) => groupBy(listNominationsByParticipantIds(ctx.services.db, orgOf(ctx), ids), (n) => n.participant_id),
          [] as PeerNominationRow[],
        )
        .load(p.id),
    requests: async (p: ReviewParticipantRow, _: unknown, ctx: Ctx) => {
      const cycle = await loadCycle(ctx, p.cycle_id);
      if (!ctx.viewer || !cycle || !canManageParticipant(ctx.viewer, cycle, p)) return [];
      return ctx.loaders
        .get(
          'reviewParticipants.requests',
          (ids) => groupBy(listRequestsByParticipantIds(ctx.services.db, orgOf(ctx), ids), (r) => r.participant_id),
          [] as ReviewRequestRow[],
        )
        .load(p.id);
    },
  },
  PeerNomination: {
    reviewer: (n: PeerNominationRow, _: unknown, ctx: Ctx) => loadUser(ctx, n.reviewer_id),
    nominated_by: (n: PeerNominationRow, _: unknown, ctx: Ctx) => loadUser(ctx, n.nominated_by),
  },
  ReviewRequestSummary: {
    reviewer: (r: ReviewRequestRow, _: unknown, ctx: Ctx) => loadUser(ctx, r.reviewer_id),
  },
};
