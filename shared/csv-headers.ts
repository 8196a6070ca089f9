/**
 * Which field a CSV header cell names: the one rule of the import's column matching, used by
 * the server's CSV route and by the browser's automatic mapping (docs/decisions/0029).
 *
 * Headers are normalised before lookup: a BOM, notes in square brackets (Google's "Email Address
 * [Required]") and apostrophes are dropped, camelCase is split (Entra's "givenName"), the text is
 * lower-cased and runs of spaces, dashes, dots, slashes, parentheses and underscores become one
 * "_". So "Work Email", "WORK-EMAIL", "work_email", "workEmail" and "Email (work)" all read as
 * work_email or email_work, while "Email (personal)" reads as email_personal and is not mapped.
 *
 * Each alias has a rank: when several columns name one field, the best rank wins (Entra's
 * "mail" over "userPrincipalName"; a "Work Email" over a plain "Email"), then the first column.
 */

/** Every field an import can fill, in the order the mapping menu offers them. */
export const IMPORT_FIELDS = [
  'email', 'full_name', 'first_name', 'last_name', 'preferred_name', 'role', 'permission_level',
  'team', 'department', 'division', 'manager_email', 'location', 'time_zone',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Rank 1: says exactly this field. Ranks 2 and 3: fallbacks used only when no better column is there. */
const ALIASES: Record<ImportField, { 1: string[]; 2?: string[]; 3?: string[] }> = {
  email: {
    1: ['work_email', 'work_e_mail', 'work_email_address', 'email_work', 'e_mail_work', 'email_primary_work', 'primary_work_email', 'business_email',
      'business_e_mail', 'company_email', 'company_e_mail', 'office_email'],
    2: ['email', 'e_mail', 'email_address', 'e_mail_address', 'mail', 'mail_address', 'primary_email'],
    3: ['user_principal_name', 'upn'],
  },
  full_name: { 1: ['full_name', 'fullname', 'name', 'display_name', 'employee_name', 'worker', 'legal_name', 'full_legal_name'] },
  first_name: { 1: ['first_name', 'firstname', 'given_name', 'givenname', 'forename', 'legal_first_name', 'legal_name_first_name'] },
  last_name: { 1: ['last_name', 'lastname', 'surname', 'family_name', 'familyname', 'legal_last_name', 'legal_name_last_name'] },
  preferred_name: { 1: ['preferred_name', 'preferred_first_name', 'nickname', 'preferred_name_first_name', 'known_as'] },
  role: { 1: ['role', 'job_title', 'title', 'position', 'business_title', 'employee_title', 'job', 'job_name'] },
  permission_level: { 1: ['permission_level', 'permission', 'permissions', 'access_level'] },
  team: { 1: ['team', 'team_name', 'squad'] },
  department: { 1: ['department', 'department_name', 'dept', 'supervisory_organization', 'org_unit'] },
  division: { 1: ['division', 'business_unit', 'division_name'] },
  manager_email: {
    1: ['manager_email', 'manager_e_mail', 'manager_email_address', 'managers_email', 'manager_work_email', 'supervisor_email', 'supervisor_work_email',
      'supervisors_email', 'reports_to_email', 'reporting_to_email', 'line_manager_email', 'direct_manager_email'],
    2: ['manager'],
  },
  location: { 1: ['location', 'office', 'office_location', 'work_location', 'site', 'work_site'], 2: ['city', 'office_city'] },
  time_zone: { 1: ['time_zone', 'timezone', 'tz', 'work_time_zone'] },
};

type Rank = 1 | 2 | 3;
type Match = { field: ImportField; rank: Rank };
const LOOKUP = new Map<string, Match>();
for (const field of IMPORT_FIELDS) {
  for (const rank of [1, 2, 3] as const) for (const alias of ALIASES[field][rank] ?? []) LOOKUP.set(alias, { field, rank });
}
// Rank 2 of a lower list must not shadow a rank 1 elsewhere (checked once at load).
for (const field of IMPORT_FIELDS) for (const alias of ALIASES[field][1]) if (LOOKUP.get(alias)?.field !== field) throw new Error(`alias ${alias} is listed twice`);

/** The normalised key of a header cell ("Email Address [Required]" -> "email_address"). */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/['’`]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .trim()
    .toLowerCase()
    .replace(/[\s_.\-/:#()]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function matchHeader(header: string): Match | null {
  return LOOKUP.get(headerKey(header)) ?? null;
}

/** The field a header cell names, or null when it names none (the column is then ignored). */
export function normalizeCsvHeader(header: string): ImportField | null {
  return matchHeader(header)?.field ?? null;
}

/**
 * The automatic mapping of a header row: per cell the field it fills, or null. A field named by
 * several cells goes to the best-ranked one (then the first); the others are ignored.
 */
export function autoMapHeaders(headers: readonly string[]): (ImportField | null)[] {
  const matches = headers.map(matchHeader);
  const best = new Map<ImportField, number>();
  matches.forEach((m, i) => {
    if (!m) return;
    const current = best.get(m.field);
    if (current === undefined || m.rank < matches[current]!.rank) best.set(m.field, i);
  });
  return matches.map((m, i) => (m && best.get(m.field) === i ? m.field : null));
}

/** Fields that must be filled: an email, and a full name or a first and last name. */
export function missingRequiredFields(mapped: ReadonlySet<ImportField>): ImportField[] {
  const missing: ImportField[] = [];
  if (!mapped.has('email')) missing.push('email');
  if (!mapped.has('full_name') && !(mapped.has('first_name') && mapped.has('last_name'))) missing.push('full_name');
  return missing;
}

export type CsvHeaderMapping = {
  /** Per header cell: the field it fills, or null when ignored. */
  columns: (ImportField | null)[];
  /** Required fields the header lacks. */
  missing: ImportField[];
  /** Fields named equally well by more than one header cell, with the cells' texts. */
  duplicates: { column: ImportField; headers: string[] }[];
  /** Header cells that name no field. */
  ignored: string[];
};

/** The server's reading of an uploaded header row (the CSV route). */
export function mapCsvHeader(headers: readonly string[]): CsvHeaderMapping {
  const matches = headers.map(matchHeader);
  const columns = autoMapHeaders(headers);
  const duplicates: CsvHeaderMapping['duplicates'] = [];
  columns.forEach((field, i) => {
    if (field === null) return;
    const rank = matches[i]!.rank;
    const same = headers.filter((_, j) => matches[j]?.field === field && matches[j]!.rank === rank);
    if (same.length > 1) duplicates.push({ column: field, headers: same.map((h) => h.trim()) });
  });
  return {
    columns,
    missing: missingRequiredFields(new Set(columns.filter((c): c is ImportField => c !== null))),
    duplicates,
    ignored: headers.filter((h, i) => matches[i] === null && h.trim() !== '').map((h) => h.trim()),
  };
}
