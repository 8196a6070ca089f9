/**
 * Reading the chosen file in the browser, with the browser build of the parser the server
 * uses (csv-parse) and the same options: the text is decoded by the server's rule
 * (shared/csv-encoding.ts: UTF-8, UTF-16 with its mark, or Windows-1252), a BOM is dropped, the separator is the one the
 * header line uses most (",", ";" or tab), blank lines are skipped but still counted, so
 * every record carries the row number a spreadsheet shows and the server reports (the header
 * is row 1, the first data row is row 2; a line break inside a quoted cell does not count).
 */
import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import { delimiterOfHeader } from '../../../shared/csv-delimiter.js';
import { csvByteOrderMark, decodeCsvBytes } from '../../../shared/csv-encoding.js';
import { CSV_UPLOAD_MAX_BYTES, MASS_CREATE_MAX_ROWS } from '../../../shared/limits.js';
import { CSV_COLUMNS } from '../../../shared/mass-create.schema.js';
import { formatNumber } from '../../../shared/format.js';

export type CsvRecord = { row: number; cells: string[] };
export type ParsedCsv = { fileName: string; headers: string[]; records: CsvRecord[] };
export type ParseOutcome = { ok: true; csv: ParsedCsv } | { ok: false; message: string };

const TEMPLATE_HINT = `The first row must be a header such as: ${CSV_COLUMNS.join(', ')}.`;
const MB = 1024 * 1024;

/** ",", ";" or tab: whichever the header line uses most (the server's rule). */
export function detectDelimiter(text: string): string {
  const end = text.indexOf('\n');
  return delimiterOfHeader(text.slice(0, end === -1 ? 4096 : Math.min(end, 4096)));
}

const CSV_NAME = /\.(csv|txt|tsv)$/i;
const CSV_TYPES = new Set(['', 'text/csv', 'text/plain', 'text/tab-separated-values', 'application/csv', 'application/vnd.ms-excel']);

/** Magic numbers of files people pick by mistake: zip (xlsx, docx, ods), PDF, old Office, images. */
function looksBinary(head: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (
    starts(0x50, 0x4b, 0x03, 0x04) ||
    starts(0x25, 0x50, 0x44, 0x46) ||
    starts(0xd0, 0xcf, 0x11, 0xe0) ||
    starts(0x89, 0x50, 0x4e, 0x47) ||
    starts(0xff, 0xd8, 0xff)
  )
    return true;
  // UTF-16 text (Excel's "Unicode text", with its mark) has a NUL byte beside every ASCII character.
  if (csvByteOrderMark(head)?.startsWith('utf-16')) return false;
  return head.includes(0); // other text files never contain NUL bytes
}

const notCsv = (name: string) =>
  `"${name}" is not a CSV file. In your spreadsheet app choose "Save as" or "Download" and pick "CSV (UTF-8)", then choose that file.`;

/** The file's text, or a message saying why it cannot be imported (size, type, empty). */
export async function readCsvFile(file: File): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > CSV_UPLOAD_MAX_BYTES) {
    return {
      ok: false,
      message: `"${file.name}" is ${(file.size / MB).toFixed(1)} MB; the limit is ${CSV_UPLOAD_MAX_BYTES / MB} MB. Split it into several files.`,
    };
  }
  if (!CSV_NAME.test(file.name) && !CSV_TYPES.has(file.type)) return { ok: false, message: notCsv(file.name) };
  const head = new Uint8Array(await file.slice(0, 8192).arrayBuffer());
  if (looksBinary(head)) return { ok: false, message: notCsv(file.name) };
  const text = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  if (text.replace(/^\uFEFF/, '').trim() === '') return { ok: false, message: `"${file.name}" is empty. ${TEMPLATE_HINT}` };
  return { ok: true, text };
}

function csvErrorMessage(err: CsvError, lastGoodLine: number): string {
  const line = typeof err.lines === 'number' ? err.lines : lastGoodLine + 1;
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `The file is not valid CSV: a quoted cell that starts after line ${lastGoodLine} is never closed. Check for a stray double quote (").`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return `The file is not valid CSV at line ${line}: a double quote (") sits inside a cell. Put the whole cell in quotes and write a quote inside it twice ("").`;
    default:
      return `The file is not valid CSV at line ${line}: ${err.message}`;
  }
}

/**
 * The header and the data records with their row numbers. Records whose cells are all
 * blank are dropped, as the server drops them. More than MASS_CREATE_MAX_ROWS data rows,
 * a header without data, or malformed CSV give a message instead.
 */
export function parseCsvText(fileName: string, text: string): ParseOutcome {
  const found: { headers: string[] | null } = { headers: null };
  const records: CsvRecord[] = [];
  let lastGoodLine = 0;
  let tooMany = false;
  try {
    parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], info) => {
        lastGoodLine = info.lines;
        if (tooMany) return null;
        if (found.headers === null) {
          found.headers = record.map((h) => h.trim());
          return null;
        }
        if (record.every((cell) => cell.trim() === '')) return null;
        if (records.length >= MASS_CREATE_MAX_ROWS) {
          tooMany = true;
          return null;
        }
        records.push({ row: info.records + info.empty_lines, cells: record });
        return null;
      },
    });
  } catch (err) {
    if (err instanceof CsvError) return { ok: false, message: csvErrorMessage(err, lastGoodLine) };
    throw err;
  }
  const headers = found.headers;
  if (headers === null || headers.every((h) => h === '')) return { ok: false, message: `"${fileName}" is empty. ${TEMPLATE_HINT}` };
  if (tooMany) {
    return {
      ok: false,
      message: `"${fileName}" has more than ${formatNumber(MASS_CREATE_MAX_ROWS)} rows; one import takes at most ${formatNumber(MASS_CREATE_MAX_ROWS)}. Split it into several files.`,
    };
  }
  if (records.length === 0) return { ok: false, message: `"${fileName}" has a header row but no people in it. Add one row per person below the header.` };
  return { ok: true, csv: { fileName, headers, records } };
}
