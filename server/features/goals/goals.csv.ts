import type { FeaturePart } from '../feature-part.js';

/** Goals part "csv" (docs/decisions/0049): to be built. */
export const goalsCsvPart: FeaturePart = { resolvers: {} };
