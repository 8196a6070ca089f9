import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may read the public forms' messages (docs/decisions/0041); the forms' own routes are PUBLIC. */
export const publicFormsRules: OperationRules = {
  Query: { contactMessages: 'OPERATOR_ADMIN', guideLeads: 'OPERATOR_ADMIN', readsPublicForms: 'ADMIN' },
};
