import type { FeaturePart } from '../feature-part.js';

/** Goals part "crud" (docs/decisions/0049): to be built. */
export const goalsCrudPart: FeaturePart = { resolvers: {} };
