import type { OperationRules } from '../../graphql/operation-rules.js';

export const demoRules: OperationRules = {
  Query: { demoData: 'ADMIN' },
  Mutation: { removeDemoData: 'ADMIN' },
};
