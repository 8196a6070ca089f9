import type { FeaturePart } from '../feature-part.js';

/** Growth part "plans" (docs/decisions/0050): to be built. */
export const growthPlansPart: FeaturePart = { resolvers: {} };
