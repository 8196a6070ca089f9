import { z } from 'zod';

/**
 * A calendar day as `YYYY-MM-DD`, a real one, between 1900 and 2099. In a module of its own: the
 * search schemas every page's first script builds use it, and importing it from a feature's
 * schemas built all of those too (docs/decisions/0053).
 */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date such as 2026-12-01.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a real date.')
  .refine((s) => {
    const y = Number(s.slice(0, 4));
    return y >= 1900 && y <= 2099;
  }, 'Dates must be between 1900 and 2099.');
