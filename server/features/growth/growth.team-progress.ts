import type { FeaturePart } from '../feature-part.js';

/** Growth part "team-progress" (docs/decisions/0050): to be built. */
export const growthTeamProgressPart: FeaturePart = { resolvers: {} };
