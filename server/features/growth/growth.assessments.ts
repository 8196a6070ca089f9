import type { FeaturePart } from '../feature-part.js';

/** Growth part "assessments" (docs/decisions/0050): to be built. */
export const growthAssessmentsPart: FeaturePart = { resolvers: {} };
