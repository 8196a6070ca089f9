import type { MercuriusContext } from 'mercurius';
import { conflict } from '../../../shared/app-error.js';
import { requireViewer } from '../../graphql/context.js';
import { loadUser } from '../users/users.loaders.js';
import { requireCycleRunner, requireParticipant } from './reviews.cycles.access.js';
import { canRunReviewCycle } from './reviews.cycles.policy.js';
import type { ReviewCycleRow } from './reviews.cycles.repo.js';
import { loadCycle } from './reviews.cycles.resolvers.js';
import { askedPerspectives } from './reviews.cycles.launch.js';
import { findReviewTemplateContent } from './reviews.templates.repo.js';
import { asksNominations, queueNominationReminder } from './reviews.nominations.notices.js';
import { anonymityRisks, peerShortfalls } from './reviews.readiness.js';
import { listDraftParticipations, peerCounts } from './reviews.readiness.repo.js';

/** Before launch: who is short of peers, who would get no anonymous results, and telling people to nominate (docs/decisions/0031). */
export const reviewSetupSchema = /* GraphQL */ `
  enum PeerShortfallNeed { NOMINATE APPROVE }
  "A participant with fewer approved peers than the cycle's minimum: the cycle cannot launch until they have them."
  type PeerShortfall {
    participant_id: ID!
    reviewee: User
    approved: Int!
    "Proposals waiting for the manager's approval."
    proposed: Int!
    "Approved peers still missing to reach the minimum."
    missing: Int!
    "NOMINATE: the reviewee has not proposed enough; APPROVE: the manager has to approve the proposals."
    needs: PeerShortfallNeed!
    "When the reviewee was asked to nominate."
    asked_at: DateTime
  }
  "A participant whose peer or direct-report answers will be withheld: fewer people than the anonymity threshold."
  type AnonymityRisk { participant_id: ID! reviewee: User perspective: ReviewPerspective! have: Int! need: Int! message: String! }
  type ReviewCycleReadiness { short: [PeerShortfall!]! at_risk: [AnonymityRisk!]! }
  "A cycle asking me to nominate my peers."
  type NominationTask {
    participant_id: ID!
    cycle_id: ID!
    cycle_name: String!
    nomination_end: DateTime
    min_peers: Int!
    max_peers: Int!
    "Peers I have proposed or that are approved."
    chosen: Int!
  }
  extend type ReviewCycle {
    "Drafts only, for whoever runs the cycle; null otherwise."
    readiness: ReviewCycleReadiness
  }
  extend type ReviewParticipant {
    "When the reviewee first opened their released results; until then the release can be taken back."
    results_opened_at: DateTime
  }
  extend type ReviewRequest {
    "The cycle's anonymity threshold: peer and direct-report answers are shown only combined with at least this many."
    anonymity_threshold: Int!
  }
  extend type Query {
    "Draft cycles that ask me to nominate more peers."
    myNominationTasks: [NominationTask!]!
  }
  extend type Mutation {
    "Reminds this participant to nominate peers (or their manager to approve them), at most once a day."
    remindToNominate(participantId: ID!): ReminderResult!
    "Whoever runs the cycle: reminds everyone short of approved peers, at most once a day each."
    remindAllToNominate(cycleId: ID!): ReminderResult!
  }
`;

type Ctx = MercuriusContext;

function remindShort(ctx: Ctx, orgId: string, cycle: ReviewCycleRow, participantIds?: string[]) {
  if (!asksNominations(cycle)) throw conflict('This cycle does not ask for peer nominations now: it is launched, asks no peers or needs none.');
  const short = peerShortfalls(cycle, peerCounts(ctx.services.db, orgId, cycle.id, participantIds));
  let queued = 0;
  for (const row of short) if (queueNominationReminder(ctx.services, orgId, row)) queued += 1;
  return { queued, already_reminded: short.length - queued };
}

export const reviewSetupResolvers = {
  Query: {
    myNominationTasks: (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { db } = ctx.services;
      const mine = listDraftParticipations(db, viewer.organizationId, viewer.userId);
      return mine
        .filter(({ c }) => asksNominations(c))
        .flatMap(({ p, c }) => {
          const row = peerCounts(db, viewer.organizationId, c.id, [p.id])[0];
          const chosen = row ? row.approved + row.proposed : 0;
          return chosen < c.min_peers
            ? [
                {
                  participant_id: p.id,
                  cycle_id: c.id,
                  cycle_name: c.name,
                  nomination_end: c.nomination_end,
                  min_peers: c.min_peers,
                  max_peers: c.max_peers,
                  chosen,
                },
              ]
            : [];
        })
        .sort((a, b) => (a.nomination_end ?? '9').localeCompare(b.nomination_end ?? '9'));
    },
  },
  Mutation: {
    remindToNominate: (_: unknown, args: { participantId: string }, ctx: Ctx) => {
      const { viewer, cycle, participant } = requireParticipant(ctx, args.participantId, 'manage');
      const result = remindShort(ctx, viewer.organizationId, cycle, [participant.id]);
      if (!result.queued && !result.already_reminded) throw conflict('This person has enough approved peers already.');
      return result;
    },
    remindAllToNominate: (_: unknown, args: { cycleId: string }, ctx: Ctx) => {
      const { viewer, cycle } = requireCycleRunner(ctx, args.cycleId);
      return remindShort(ctx, viewer.organizationId, cycle);
    },
  },
  ReviewCycle: {
    readiness: (c: ReviewCycleRow, _: unknown, ctx: Ctx) => {
      if (c.status !== 'DRAFT' || !ctx.viewer || !canRunReviewCycle(ctx.viewer, c)) return null;
      const { db } = ctx.services;
      const rows = peerCounts(db, ctx.viewer.organizationId, c.id);
      // What launch will use: perspectives that are on and that the template asks (as launch decides).
      const template = c.template_id ? findReviewTemplateContent(db, ctx.viewer.organizationId, c.template_id) : undefined;
      const asked = { ...c, perspectives: template ? [...askedPerspectives(c, template)] : c.perspectives };
      return {
        short: peerShortfalls(asked, rows).map((r) => ({ ...r, asked_at: r.nomination_requested_at })),
        at_risk: anonymityRisks(asked, rows),
      };
    },
  },
  ReviewRequest: {
    anonymity_threshold: async (r: { cycle_id: string }, _: unknown, ctx: Ctx) => (await loadCycle(ctx, r.cycle_id))?.anonymity_threshold ?? 5,
  },
  PeerShortfall: { reviewee: (r: { reviewee_id: string }, _: unknown, ctx: Ctx) => loadUser(ctx, r.reviewee_id) },
  AnonymityRisk: { reviewee: (r: { reviewee_id: string }, _: unknown, ctx: Ctx) => loadUser(ctx, r.reviewee_id) },
};
