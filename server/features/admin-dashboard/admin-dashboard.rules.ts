import type { OperationRules } from '../../graphql/operation-rules.js';

export const adminDashboardRules: OperationRules = {
  Query: { adminDashboard: 'ADMIN' },
};
