import type { OperationRules } from '../../graphql/operation-rules.js';

export const auditRules: OperationRules = {
  Query: { auditEvents: 'ADMIN', auditSettings: 'ADMIN' },
  Mutation: { updateAuditSettings: 'ADMIN' },
};
