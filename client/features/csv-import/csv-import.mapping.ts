/**
 * Which of the admin's columns fills which field. Automatic matching uses the server's own
 * header rule (shared normalizeCsvHeader: case, spaces, dashes and known aliases), so a file
 * the server would read unchanged is mapped the same way; the admin can then change any
 * column by hand (for headers the server would not recognise).
 */
import { CSV_COLUMNS, REQUIRED_CSV_COLUMNS, normalizeCsvHeader, type MassCreateColumn } from '../../../shared/mass-create.schema.js';

/** Per column of the file, in file order: the field it fills, or null when ignored. */
export type ColumnMapping = (MassCreateColumn | null)[];

export const FIELD_LABELS: Record<MassCreateColumn, string> = {
  email: 'Email',
  full_name: 'Full name',
  role: 'Role',
  permission_level: 'Permission level',
  team: 'Team',
  manager_email: 'Manager email',
  location: 'Location',
  time_zone: 'Time zone',
};

/** The automatic mapping: each header as the server reads it; a field named twice keeps its first column. */
export function autoMapColumns(headers: readonly string[]): ColumnMapping {
  const taken = new Set<MassCreateColumn>();
  return headers.map((header) => {
    const column = normalizeCsvHeader(header);
    if (column === null || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
}

export type MappingProblems = {
  /** Required fields no column fills. */
  missing: MassCreateColumn[];
  /** Fields more than one column fills. */
  duplicates: MassCreateColumn[];
  /** True when no column at all was recognised: probably no header row. */
  nothingRecognised: boolean;
};

export function mappingProblems(mapping: ColumnMapping): MappingProblems {
  const counts = new Map<MassCreateColumn, number>();
  for (const column of mapping) if (column !== null) counts.set(column, (counts.get(column) ?? 0) + 1);
  return {
    missing: REQUIRED_CSV_COLUMNS.filter((c) => !counts.has(c)),
    duplicates: CSV_COLUMNS.filter((c) => (counts.get(c) ?? 0) > 1),
    nothingRecognised: counts.size === 0,
  };
}

export function isMappingUsable(problems: MappingProblems): boolean {
  return problems.missing.length === 0 && problems.duplicates.length === 0;
}

/** One record as the row object the shared schema validates (cells of ignored columns dropped). */
export function rowFromCells(cells: readonly string[], mapping: ColumnMapping): Partial<Record<MassCreateColumn, string>> {
  const data: Partial<Record<MassCreateColumn, string>> = {};
  mapping.forEach((column, i) => {
    const cell = cells[i];
    if (column !== null && cell !== undefined) data[column] = cell;
  });
  return data;
}
