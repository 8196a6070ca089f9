/**
 * Which of the admin's columns fills which field. Automatic matching is the server's own header
 * rule (shared/csv-headers.ts: case, separators, bracketed notes, camelCase, the aliases of
 * HR and directory exports, best-named column first), so a file the server would read unchanged
 * is mapped the same way; the admin can then change any column by hand.
 */
import { IMPORT_FIELDS, autoMapHeaders, missingRequiredFields, suggestCsvField, type ImportField } from '../../../shared/csv-headers.js';

/** Per column of the file, in file order: the field it fills, or null when ignored. */
export type ColumnMapping = (ImportField | null)[];

export const FIELD_LABELS: Record<ImportField, string> = {
  email: 'Email',
  full_name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  preferred_name: 'Preferred first name',
  role: 'Role (job title)',
  permission_level: 'Permission level',
  team: 'Team',
  department: 'Department',
  division: 'Division',
  manager_email: 'Manager email',
  location: 'Location',
  time_zone: 'Time zone',
};

/** What each field does, for the menu's hint under the table. */
export const FIELD_HINTS: Partial<Record<ImportField, string>> = {
  full_name: 'or a first and a last name, which are joined',
  preferred_name: 'used instead of the first name when filled',
  department: 'the person’s team when no column is set to Team',
  division: 'a business unit of the company structure, with the departments under it',
};

/** The automatic mapping: each header as the server reads it; a field named twice keeps its best-named column. */
export function autoMapColumns(headers: readonly string[]): ColumnMapping {
  return autoMapHeaders(headers);
}

/**
 * Per column: the field to offer when the column is ignored and a field it resembles is still
 * free ("Emial" -> Email, "Supervisor" -> Manager email); null otherwise.
 */
export function suggestColumns(headers: readonly string[], mapping: ColumnMapping): (ImportField | null)[] {
  const taken = new Set(mapping.filter((m): m is ImportField => m !== null));
  return headers.map((header, i) => (mapping[i] === null && header.trim() !== '' ? suggestCsvField(header, taken) : null));
}

export type MappingProblems = {
  /** Required fields no column fills (full_name stands for "full name, or first and last name"). */
  missing: ImportField[];
  /** Fields more than one column fills. */
  duplicates: ImportField[];
  /** True when no column at all was recognised: probably no header row. */
  nothingRecognised: boolean;
};

export function mappingProblems(mapping: ColumnMapping): MappingProblems {
  const counts = new Map<ImportField, number>();
  for (const column of mapping) if (column !== null) counts.set(column, (counts.get(column) ?? 0) + 1);
  return {
    missing: missingRequiredFields(new Set(counts.keys())),
    duplicates: IMPORT_FIELDS.filter((c) => (counts.get(c) ?? 0) > 1),
    nothingRecognised: counts.size === 0,
  };
}

export function isMappingUsable(problems: MappingProblems): boolean {
  return problems.missing.length === 0 && problems.duplicates.length === 0;
}
