import type { FeaturePart } from '../feature-part.js';

/** Growth part "framework" (docs/decisions/0050): to be built. */
export const growthFrameworkPart: FeaturePart = { resolvers: {} };
