import type { OperationRules } from '../../graphql/operation-rules.js';

export const featureAreasRules: OperationRules = {
  Query: { featureAreas: 'SIGNED_IN' },
  Mutation: { setFeatureAreas: 'ADMIN' },
};
