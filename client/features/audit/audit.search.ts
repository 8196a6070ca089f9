import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../../shared/audit.js';
import { lazySchema } from '../../lib/lazy-schema.js';

/**
 * The audit screen's URL search: catch() so a hand-edited URL shows the unfiltered log instead of
 * an error. Built on first use: the route definition is in the entry chunk (docs/decisions/0077).
 */
export const auditSearchSchema = lazySchema(() => {
  const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');
  return z.object({
    action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
    person: z.string().max(64).optional().catch(undefined),
    from: day.optional().catch(undefined),
    to: day.optional().catch(undefined),
  });
});
export type AuditSearch = z.output<typeof auditSearchSchema>;
