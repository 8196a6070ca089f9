import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from './audit.js';

/**
 * The audit log's input rules (the retention setting, the filters of the API and the CSV export),
 * apart from shared/audit.ts, whose search rule every page's first script builds (docs/decisions/0053).
 */
const retentionDays = (n: z.ZodNumber) =>
  n
    .int('Enter whole days.')
    .min(AUDIT_RETENTION_MIN_DAYS, `Keep events at least ${AUDIT_RETENTION_MIN_DAYS} days.`)
    .max(AUDIT_RETENTION_MAX_DAYS, `Keep events at most ${AUDIT_RETENTION_MAX_DAYS} days (10 years).`);

/** updateAuditSettings' input (GraphQL sends a number). */
export const auditRetentionSchema = z.object({ retention_days: retentionDays(z.number({ error: 'Enter a number of days.' })) });

/** The same rule for the screen's form, whose field holds text. */
export const auditRetentionFormSchema = z.object({
  retention_days: z
    .string()
    .trim()
    .min(1, 'Enter a number of days.')
    .pipe(z.coerce.number<string>({ error: 'Enter a number of days.' }).pipe(retentionDays(z.number()))),
});

/**
 * The filters of the screen (its URL search) and of the CSV export (query parameters). `from` and
 * `to` are calendar days, both included, read in the viewer's time zone by the client, which
 * sends the instants (`from_at`, `to_at`) to the server.
 */
export const auditFilterSchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, 'Unknown action.').optional(),
    person: z.string().max(64).optional(),
    actor: z.string().max(64).optional(),
    subject: z.string().max(64).optional(),
    from_at: z.iso.datetime({ offset: true, error: 'from_at: use an ISO date and time.' }).optional(),
    to_at: z.iso.datetime({ offset: true, error: 'to_at: use an ISO date and time.' }).optional(),
  })
  .refine((f) => !f.from_at || !f.to_at || Date.parse(f.from_at) <= Date.parse(f.to_at), { message: 'The start date is after the end date.', path: ['to_at'] });

export type AuditFilter = z.output<typeof auditFilterSchema>;
