import type { FeaturePart } from '../feature-part.js';

/** Goals part "reminders" (docs/decisions/0049): to be built. */
export const goalsRemindersPart: FeaturePart = { resolvers: {} };
