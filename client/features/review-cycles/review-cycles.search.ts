import { z } from 'zod';
import type { ReviewCycleStatus } from '../../../shared/review-cycle.schemas.js';
import { lazySchema } from '../../lib/lazy-schema.js';

/** /reviews?view=new | ?id=<cycle> | ?id=<cycle>&results=<participant> : which screen of the cycles area is open. */
export const reviewCyclesSearchSchema = lazySchema(() =>
  z.object({
    view: z.enum(['new']).optional().catch(undefined),
    id: z.string().min(1).max(64).optional().catch(undefined),
    results: z.string().min(1).max(64).optional().catch(undefined),
  }),
);
export type ReviewCyclesSearch = z.infer<typeof reviewCyclesSearchSchema>;

/** /reviews/pending?request=<id> : the answer page of one request; ?done=true also lists finished ones. */
export const pendingReviewsSearchSchema = lazySchema(() =>
  z.object({
    request: z.string().min(1).max(64).optional().catch(undefined),
    done: z.boolean().optional().catch(undefined),
  }),
);
export type PendingReviewsSearch = z.infer<typeof pendingReviewsSearchSchema>;

export const CYCLE_STATUS_LABELS: Record<ReviewCycleStatus, string> = { DRAFT: 'Draft', ACTIVE: 'Active', CLOSED: 'Closed', RELEASED: 'Results released' };
export const CYCLE_TYPE_LABELS: Record<string, string> = { '360': '360 review', sprint: 'Sprint review' };

export { formatDay } from '../../../shared/format.js';

export const isOverdue = (dueAt: string, now = Date.now()): boolean => Date.parse(dueAt) < now;

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : 'Something went wrong. Try again.');
