import { gqlField, graphql } from '../../lib/graphql.js';
import { CYCLES, FULL, PARTICIPANT, REQUESTS, useInvalidating } from './review-cycles.api.js';

/**
 * What whoever runs a cycle does to it and to its participants (the cycle's page and the results
 * page): apart from review-cycles.api.ts, which the dashboard's cards load.
 */

export const CYCLE_ACTIONS = {
  launchReviewCycle: graphql(`mutation LaunchReviewCycle($id: ID!) { launchReviewCycle(id: $id) { ${FULL} } }`),
  closeReviewCycle: graphql(`mutation CloseReviewCycle($id: ID!) { closeReviewCycle(id: $id) { ${FULL} } }`),
};
type CycleAction = keyof typeof CYCLE_ACTIONS;
export const useCycleAction = (action: CycleAction) => useInvalidating(async (id: string) => gqlField(CYCLE_ACTIONS[action], { id }), [...CYCLES, ...REQUESTS]);

export const NOMINATIONS = {
  nominatePeers: graphql(
    `mutation NominatePeers($participantId: ID!, $reviewerIds: [ID!]!) { nominatePeers(participantId: $participantId, reviewerIds: $reviewerIds) { ${PARTICIPANT} } }`,
  ),
  changeNominations: graphql(
    `mutation ChangeNominations($participantId: ID!, $reviewerIds: [ID!]!) { changeNominations(participantId: $participantId, reviewerIds: $reviewerIds) { ${PARTICIPANT} } }`,
  ),
};
export const PARTICIPANT_ACTIONS = {
  approveNominations: graphql(`mutation ApproveNominations($participantId: ID!) { approveNominations(participantId: $participantId) { ${PARTICIPANT} } }`),
  releaseResults: graphql(`mutation ReleaseResults($participantId: ID!) { releaseResults(participantId: $participantId) { ${PARTICIPANT} } }`),
  withdrawResults: graphql(`mutation WithdrawResults($participantId: ID!) { withdrawResults(participantId: $participantId) { ${PARTICIPANT} } }`),
  acknowledgeResults: graphql(`mutation AcknowledgeResults($participantId: ID!) { acknowledgeResults(participantId: $participantId) { ${PARTICIPANT} } }`),
};
type ParticipantAction = keyof typeof NOMINATIONS | keyof typeof PARTICIPANT_ACTIONS;
export const useParticipantAction = (action: ParticipantAction) =>
  useInvalidating(
    async ({ participantId, reviewerIds }: { participantId: string; reviewerIds?: string[] }) =>
      action === 'nominatePeers' || action === 'changeNominations'
        ? gqlField(NOMINATIONS[action], { participantId, reviewerIds: reviewerIds! })
        : gqlField(PARTICIPANT_ACTIONS[action], { participantId }),
    CYCLES,
  );
