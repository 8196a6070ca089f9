/**
 * The one row rule of mass user creation: the GraphQL mutation, the CSV upload and the
 * browser's preview all validate a row with `massCreateRowSchema`, and report a failure with
 * `massCreateRowError` (INVALID_EMAIL for the email field, INVALID_ROW for any other field).
 * Cells are trimmed; an empty or blank cell (or null) means "absent".
 */
import { z } from 'zod';
import { PERMISSION_LEVELS, type MassCreateErrorType } from './enums.js';
import { TEXT_FIELD_MAX } from './limits.js';
import { emailSchema, fullNameSchema } from './user.schemas.js';

/** The columns of the import template and of the export, in this order. */
export const CSV_COLUMNS = ['email', 'full_name', 'role', 'permission_level', 'team', 'manager_email', 'location', 'time_zone'] as const;
export type MassCreateColumn = (typeof CSV_COLUMNS)[number];
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
  z.string().transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: `Unknown time zone "${zone.slice(0, 64)}"; use an IANA name such as Europe/Berlin.` });
      return z.NEVER;
    }
    return canonical;
  }).optional(),
);

/** ADMIN / MANAGER / MEMBER in any case; absent means MEMBER. */
const permissionField = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' ? v.toUpperCase() : v;
  },
  z.enum(PERMISSION_LEVELS, { error: `Use one of ${PERMISSION_LEVELS.join(', ')}.` }).default('MEMBER'),
);

export const massCreateRowSchema = z.object({
  email: z.preprocess((v) => blankToUndefined(v) ?? '', z.string().min(1, 'Enter an email address.').pipe(emailSchema)),
  full_name: z.preprocess((v) => blankToUndefined(v) ?? '', fullNameSchema),
  role: optionalText(TEXT_FIELD_MAX),
  permission_level: permissionField,
  team: optionalText(TEAM_NAME_MAX),
  manager_email: z.preprocess(blankToUndefined, emailSchema.optional()),
  location: optionalText(TEXT_FIELD_MAX),
  time_zone: timeZoneField,
}).check((ctx) => {
  const { email, manager_email } = ctx.value;
  if (manager_email !== undefined && manager_email === email) {
    ctx.issues.push({ code: 'custom', path: ['manager_email'], message: 'A person cannot be their own manager.', input: manager_email });
  }
});

export type MassCreateRowInput = z.input<typeof massCreateRowSchema>;
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

/**
 * Header names people actually write, after normalisation (lower case; spaces, dashes,
 * dots and underscores collapsed to one "_"): "Full Name", "FULL-NAME", "full_name" and
 * "fullname" all mean full_name; "E-mail" and "Email Address" mean email.
 */
const HEADER_ALIASES: Record<string, MassCreateColumn> = {
  email: 'email', e_mail: 'email', email_address: 'email', e_mail_address: 'email', mail: 'email', mail_address: 'email',
  full_name: 'full_name', fullname: 'full_name', name: 'full_name',
  role: 'role', job_title: 'role', title: 'role', position: 'role',
  permission_level: 'permission_level', permission: 'permission_level', permissions: 'permission_level', access_level: 'permission_level',
  team: 'team', team_name: 'team',
  manager_email: 'manager_email', manager: 'manager_email', manager_e_mail: 'manager_email', manager_email_address: 'manager_email',
  location: 'location', office: 'location',
  time_zone: 'time_zone', timezone: 'time_zone', tz: 'time_zone',
};

/** The column a header cell names, or null when it names none (the column is then ignored). */
export function normalizeCsvHeader(header: string): MassCreateColumn | null {
  const key = header.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return Object.hasOwn(HEADER_ALIASES, key) ? HEADER_ALIASES[key]! : null;
}

export type CsvHeaderMapping = {
  /** Per header cell: the column it fills, or null when ignored. */
  columns: (MassCreateColumn | null)[];
  /** Required columns the header lacks. */
  missing: MassCreateColumn[];
  /** Columns named by more than one header cell, with the cells' texts. */
  duplicates: { column: MassCreateColumn; headers: string[] }[];
  /** Header cells that name no column. */
  ignored: string[];
};

export function mapCsvHeader(headers: readonly string[]): CsvHeaderMapping {
  const columns = headers.map(normalizeCsvHeader);
  const seen = new Map<MassCreateColumn, string[]>();
  const ignored: string[] = [];
  columns.forEach((column, i) => {
    if (column === null) {
      if ((headers[i] ?? '').trim() !== '') ignored.push(headers[i]!.trim());
      return;
    }
    const list = seen.get(column) ?? [];
    list.push(headers[i]!.trim());
    seen.set(column, list);
  });
  return {
    columns,
    missing: REQUIRED_CSV_COLUMNS.filter((c) => !seen.has(c)),
    duplicates: [...seen].filter(([, list]) => list.length > 1).map(([column, list]) => ({ column, headers: list })),
    ignored,
  };
}
