import type { OperationRules } from '../graphql/operation-rules.js';

export const jobsRules: OperationRules = {
  Query: { scheduledJobs: 'ADMIN' },
  Mutation: { retryJob: 'ADMIN' },
};
