/**
 * The preview: every row checked in the browser with the shared row schema
 * (massCreateRowSchema through parseMassCreateRow), the server's rule for ragged rows and its
 * rule for emails repeated in the file, in the server's order. What only the server knows
 * (blocked domains, existing users, teams, managers) is checked when the file is sent.
 */
import type { MassCreateErrorType } from '../../../shared/enums.js';
import { parseMassCreateRow } from '../../../shared/mass-create.schema.js';
import { rowFromCells, type ColumnMapping } from './csv-import.mapping.js';
import type { CsvRecord } from './csv-import.parse.js';

export type RowIssue = { row: number; email: string; errorType: MassCreateErrorType; message: string };
export type CsvPreview = { total: number; valid: number; issues: RowIssue[] };

/** Rows checked between two yields to the browser, so 50,000 rows never freeze the page. */
const CHUNK = 2_000;

const rawEmail = (data: { email?: string }) => (data.email ?? '').trim().slice(0, 320);

/** Checks one chunk of records; `seen` carries the first row of each email across chunks. */
function checkRecords(records: readonly CsvRecord[], headerLength: number, mapping: ColumnMapping, seen: Map<string, number>, issues: RowIssue[]): number {
  let valid = 0;
  for (const { row, cells } of records) {
    const data = rowFromCells(cells, mapping);
    const ragged = cells.length < headerLength || cells.slice(headerLength).some((cell) => cell.trim() !== '');
    const parsed = parseMassCreateRow(data);
    const email = parsed.ok ? parsed.row.email : parsed.errorType === 'INVALID_EMAIL' ? null : rawEmail(data).toLowerCase();
    if (ragged) {
      issues.push({ row, email: rawEmail(data), errorType: 'INVALID_ROW', message: `This row has ${cells.length} cells but the header has ${headerLength}; check for a missing or extra separator.` });
    } else if (!parsed.ok && parsed.errorType === 'INVALID_EMAIL') {
      issues.push({ row, email: rawEmail(data), errorType: 'INVALID_EMAIL', message: parsed.message });
    } else if (email !== null && seen.has(email)) {
      issues.push({ row, email, errorType: 'DUPLICATE_IN_FILE', message: `email: ${email} is already in row ${seen.get(email)} of this file.` });
    } else if (!parsed.ok) {
      issues.push({ row, email: email ?? rawEmail(data), errorType: 'INVALID_ROW', message: parsed.message });
    } else {
      valid++;
    }
    if (!ragged && email !== null && !seen.has(email)) seen.set(email, row);
  }
  return valid;
}

/** The whole preview in one go (tests, small files). */
export function previewRows(records: readonly CsvRecord[], headerLength: number, mapping: ColumnMapping): CsvPreview {
  const issues: RowIssue[] = [];
  const valid = checkRecords(records, headerLength, mapping, new Map(), issues);
  return { total: records.length, valid, issues };
}

/** The preview in chunks with a yield between them; stops early (null) when aborted. */
export async function previewRowsInChunks(records: readonly CsvRecord[], headerLength: number, mapping: ColumnMapping, signal: AbortSignal): Promise<CsvPreview | null> {
  const issues: RowIssue[] = [];
  const seen = new Map<string, number>();
  let valid = 0;
  for (let start = 0; start < records.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    if (signal.aborted) return null;
    valid += checkRecords(records.slice(start, start + CHUNK), headerLength, mapping, seen, issues);
  }
  return { total: records.length, valid, issues };
}
