/**
 * The one row rule of mass user creation: the GraphQL mutation, the CSV upload and the
 * browser's preview all validate a row with `massCreateRowSchema`, and report a failure with
 * `massCreateRowError` (INVALID_EMAIL for the email field, INVALID_ROW for any other field).
 * Cells are trimmed; an empty or blank cell (or null) means "absent".
 */
import { z } from 'zod';
import { PERMISSION_LEVELS, type MassCreateErrorType } from './enums.js';
import { TEXT_FIELD_MAX } from './limits.js';
import type { ImportField } from './csv-headers.js';
import { emailSchema, fullNameSchema } from './user.schemas.js';

/** The columns of the import template and of the export, in this order. */
export const CSV_COLUMNS = ['email', 'full_name', 'role', 'permission_level', 'team', 'manager_email', 'location', 'time_zone'] as const;
/** Every field a row may fill: the template's columns and those of HR exports (first/last name, department, division...). */
export type MassCreateColumn = ImportField;
export const REQUIRED_CSV_COLUMNS: readonly MassCreateColumn[] = ['email', 'full_name'];

export const TEAM_NAME_MAX = 120;

/** null, undefined, '' and whitespace-only strings become undefined; other strings are trimmed. */
const blankToUndefined = (value: unknown): unknown => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return value;
};

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().max(max, `At most ${max} characters.`).optional());

/** Zone name -> its canonical IANA spelling (null when unknown). Intl is slow to construct, so cache. */
const zoneCache = new Map<string, string | null>();
function canonicalTimeZone(zone: string): string | null {
  const hit = zoneCache.get(zone);
  if (hit !== undefined) return hit;
  let canonical: string | null = null;
  // IANA names only (Area/Location, UTC, ...): no bare offsets such as "+01:00".
  if (/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone) && zone.length <= 64) {
    try {
      // eslint-disable-next-line no-restricted-syntax -- a zone name's canonical spelling: nothing is written (docs/decisions/0070)
      canonical = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      canonical = null;
    }
  }
  if (zoneCache.size < 2_000) zoneCache.set(zone, canonical);
  return canonical;
}

const timeZoneField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((zone, ctx) => {
      const canonical = canonicalTimeZone(zone);
      if (canonical === null) {
        ctx.addIssue({ code: 'custom', message: `Unknown time zone "${zone.slice(0, 64)}"; use an IANA name such as Europe/Berlin.` });
        return z.NEVER;
      }
      return canonical;
    })
    .optional(),
);

/** ADMIN / MANAGER / MEMBER in any case; absent means MEMBER. */
const permissionField = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' ? v.toUpperCase() : v;
  },
  z.enum(PERMISSION_LEVELS, { error: `Use one of ${PERMISSION_LEVELS.join(', ')}.` }).default('MEMBER'),
);

/**
 * HR exports split the name: without a full name, the row's name is its preferred name (or
 * first name) and its last name, joined by a space ("Noah" + "Kim" -> "Noah Kim").
 */
function combineNames(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  if (blankToUndefined(v.full_name) !== undefined) return v;
  const parts = [blankToUndefined(v.preferred_name) ?? blankToUndefined(v.first_name), blankToUndefined(v.last_name)].filter((p) => typeof p === 'string');
  return parts.length ? { ...v, full_name: parts.join(' ') } : v;
}

const massCreateRowObject = z
  .object({
    email: z.preprocess((v) => blankToUndefined(v) ?? '', z.string().min(1, 'Enter an email address.').pipe(emailSchema)),
    full_name: z.preprocess((v) => blankToUndefined(v) ?? '', fullNameSchema),
    role: optionalText(TEXT_FIELD_MAX),
    permission_level: permissionField,
    team: optionalText(TEAM_NAME_MAX),
    /** The person's team when no team column is given; under the division in the company structure. */
    department: optionalText(TEAM_NAME_MAX),
    /** A business unit of the company structure. */
    division: optionalText(TEAM_NAME_MAX),
    manager_email: z.preprocess(blankToUndefined, emailSchema.optional()),
    location: optionalText(TEXT_FIELD_MAX),
    time_zone: timeZoneField,
  })
  .check((ctx) => {
    const { email, manager_email } = ctx.value;
    if (manager_email !== undefined && manager_email === email) {
      ctx.issues.push({ code: 'custom', path: ['manager_email'], message: 'A person cannot be their own manager.', input: manager_email });
    }
  });

export const massCreateRowSchema = z.preprocess(combineNames, massCreateRowObject);

export type MassCreateRowInput = z.input<typeof massCreateRowObject>;
export type MassCreateRow = z.output<typeof massCreateRowSchema>;

export type MassCreateRowFailure = { errorType: Extract<MassCreateErrorType, 'INVALID_EMAIL' | 'INVALID_ROW'>; message: string };

/**
 * A zod failure of `massCreateRowSchema` to the reported error: INVALID_EMAIL when the email
 * field failed (the person cannot be identified), otherwise INVALID_ROW naming every field.
 */
export function massCreateRowError(error: z.ZodError): MassCreateRowFailure {
  const byField = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'row';
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  const emailProblem = byField.get('email');
  if (emailProblem !== undefined) return { errorType: 'INVALID_EMAIL', message: `email: ${emailProblem}` };
  return { errorType: 'INVALID_ROW', message: [...byField].map(([field, msg]) => `${field}: ${msg}`).join(' ') };
}

export type ParsedMassCreateRow = { ok: true; row: MassCreateRow } | ({ ok: false } & MassCreateRowFailure);

/** Validates one row with the shared schema; never throws. */
export function parseMassCreateRow(input: unknown): ParsedMassCreateRow {
  const result = massCreateRowSchema.safeParse(input);
  return result.success ? { ok: true, row: result.data } : { ok: false, ...massCreateRowError(result.error) };
}

export { normalizeCsvHeader, mapCsvHeader, type CsvHeaderMapping } from './csv-headers.js';
