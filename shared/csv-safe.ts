/**
 * CSV for people to open in a spreadsheet, safe from CSV injection (OWASP "CSV Injection"):
 * the rule of server/lib/csv-safe.ts, without a Node dependency, so the browser writes its
 * downloads (the import's error list) exactly as the server writes its exports.
 */

/** A cell that a spreadsheet could read as a formula starts with one of these characters. */
export const FORMULA_TRIGGERS: ReadonlySet<string> = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '\0']);

/** One cell: null and undefined become empty; a formula trigger at the start gets a leading `'`. */
export function safeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) ? `'${text}` : text;
}

/** RFC 4180 quoting of one cell: empty stays empty, anything else in quotes with `"` doubled. */
export function quoteCsvCell(text: string): string {
  return text === '' ? '' : `"${text.replace(/"/g, '""')}"`;
}

/**
 * Records to CSV (CRLF line ends, a trailing CRLF, every non-empty cell quoted), each cell
 * through `safeCsvCell`; with `bom`, a UTF-8 byte order mark first so Excel reads UTF-8.
 */
export function toSafeCsv(records: readonly (readonly unknown[])[], options: { bom?: boolean } = {}): string {
  const text = records.map((record) => record.map((cell) => quoteCsvCell(safeCsvCell(cell))).join(',')).join('\r\n');
  return `${options.bom ? '\uFEFF' : ''}${text}${records.length ? '\r\n' : ''}`;
}
