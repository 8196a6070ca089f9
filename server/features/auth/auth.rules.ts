import type { OperationRules } from '../../graphql/operation-rules.js';

/** The session operations of GraphQL (docs/decisions/0041); the REST auth routes declare PUBLIC in their config. */
export const authRules: OperationRules = {
  Mutation: { signOutEverywhere: 'SELF' },
};
