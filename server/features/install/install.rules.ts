import type { OperationRules } from '../../graphql/operation-rules.js';

/** Install settings (docs/decisions/0041): admins read them, only the operator organization's admins change sign-up. */
export const installRules: OperationRules = {
  Query: { installSignUp: 'ADMIN', emailDelivery: 'ADMIN' },
  Mutation: { setSignUpOpen: 'OPERATOR_ADMIN' },
};
