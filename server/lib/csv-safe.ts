import { stringify } from 'csv-stringify/sync';

/**
 * CSV injection (OWASP "CSV Injection", ASVS 1.2.10; protocols.md 4.2 and tests 47-48).
 * A cell that a spreadsheet could read as a formula starts with one of these characters.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '\0']);

/**
 * One exported cell: null and undefined become empty; a value starting with a formula
 * trigger gets a leading `'` so spreadsheets show it as text. Quoting (and doubling of
 * embedded `"`) is done by `toSafeCsv`, which quotes every non-empty cell, so separators,
 * quotes and line breaks inside a value can never start a new cell or record.
 */
export function safeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) ? `'${text}` : text;
}

export type SafeCsvOptions = {
  /** Starts the text with a UTF-8 byte order mark, so Excel reads it as UTF-8. */
  bom?: boolean;
};

/** Records to RFC 4180 CSV (CRLF, every non-empty cell quoted), each cell through `safeCsvCell`. */
export function toSafeCsv(records: readonly (readonly unknown[])[], options: SafeCsvOptions = {}): string {
  const text = stringify(records.map((record) => record.map(safeCsvCell)), { quoted: true, record_delimiter: '\r\n', eof: true });
  return options.bom ? `\uFEFF${text}` : text;
}
