import { z } from 'zod';
import { FEATURE_AREAS } from './feature-areas.js';

/** The admin's switches on /admin/settings/pages. */
export const featureAreaChangesSchema = z
  .array(z.object({ area: z.enum(FEATURE_AREAS, 'Unknown feature area.'), enabled: z.boolean() }))
  .min(1, 'Change at least one area.')
  .max(FEATURE_AREAS.length, `At most ${FEATURE_AREAS.length} areas.`)
  .refine((list) => new Set(list.map((c) => c.area)).size === list.length, 'Each area at most once.');
