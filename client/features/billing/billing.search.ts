import { z } from 'zod';
import { SEAT_STATES } from '../../../shared/billing.seats.js';
import { lazySchema } from '../../lib/lazy-schema.js';

/**
 * The billing page's URL search (/admin/settings/billing?q=&state=&checkout=): catch() so a
 * hand-edited URL shows everyone. Built on first use: the route definition is in the entry chunk
 * (docs/decisions/0077).
 */
export const billingSearchSchema = lazySchema(() =>
  z.object({
    q: z.string().trim().max(100).optional().catch(undefined),
    state: z.enum(SEAT_STATES).optional().catch(undefined),
    checkout: z.enum(['done', 'cancelled']).optional().catch(undefined),
  }),
);
export type BillingSearch = z.output<typeof billingSearchSchema>;
