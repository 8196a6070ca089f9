import type { FeaturePart } from '../feature-part.js';

/** Goals part "check-ins" (docs/decisions/0049): to be built. */
export const goalsCheckInsPart: FeaturePart = { resolvers: {} };
