import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.js';

/**
 * The window an insights page shows, as search params: the last 4 / 12 / 26 / 52 weeks, or
 * from..to; by week or sprint. Apart from api.ts because the route definitions (which stay in the
 * entry chunk with the route tree) use it: importing it from api.ts took the whole insights API and
 * the metric registry into every page's first download, the sign-in page's included.
 */
export const WINDOW_WEEKS = ['4', '12', '26', '52'] as const;
export const insightsSearchSchema = lazySchema(() => {
  const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
  return z.object({
    weeks: z
      .enum([...WINDOW_WEEKS, 'custom'])
      .optional()
      .catch(undefined),
    from: isoDay.optional().catch(undefined),
    to: isoDay.optional().catch(undefined),
    grain: z.enum(['WEEK', 'SPRINT']).optional().catch(undefined),
  });
});
export type InsightsSearch = z.infer<typeof insightsSearchSchema>;
