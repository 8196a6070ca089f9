import type { FeaturePart } from '../feature-part.js';

/** Goals part "tree" (docs/decisions/0049): to be built. */
export const goalsTreePart: FeaturePart = { resolvers: {} };
