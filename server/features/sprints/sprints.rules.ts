import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each sprints operation (docs/decisions/0041); sprints.resolvers.ts decides the detail. */
export const sprintsRules: OperationRules = {
  Query: { reviewSprints: 'MANAGER' },
  Mutation: { createReviewSprint: 'MANAGER_OF_SUBJECT', updateReviewSprint: 'MANAGER_OF_SUBJECT', deleteReviewSprint: 'MANAGER_OF_SUBJECT' },
};
