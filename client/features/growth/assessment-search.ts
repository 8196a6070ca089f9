import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';

/** /profile/assesment?user=<id>: whose assessment (default: the viewer). Anything else falls back to the viewer. */
export const assessmentSearchSchema = lazySchema(() =>
  z.object({
    user: z.string().min(1).max(100).optional().catch(undefined),
  }),
);
export type AssessmentSearch = z.infer<typeof assessmentSearchSchema>;
