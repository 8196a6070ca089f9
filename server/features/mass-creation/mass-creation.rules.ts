import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each mass-creation operation (docs/decisions/0041); its CSV routes declare ADMIN in their config. */
export const massCreationRules: OperationRules = {
  Query: { massCreation: 'ADMIN', mailDelivery: 'ADMIN', massCreationBatches: 'ADMIN' },
  Mutation: { massCreateUsers: 'ADMIN', rollbackMassCreation: 'ADMIN' },
  Subscription: { massCreateProgress: 'ADMIN' },
};
