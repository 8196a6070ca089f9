import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may record engagement (docs/decisions/0041): the caller, about their own visit. */
export const engagementRules: OperationRules = {
  Mutation: { recordEngagement: 'SELF' },
};
