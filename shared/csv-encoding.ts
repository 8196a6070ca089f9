/**
 * The text encoding of an uploaded CSV file, one rule for the browser's preview and the server
 * (docs/decisions/0061). Spreadsheets write people files in three ways:
 * - UTF-8, with or without a byte-order mark ("CSV UTF-8");
 * - UTF-16 with a byte-order mark (Excel's "Unicode text", tab-separated);
 * - Windows-1252 without a mark (Excel's plain "CSV" in Western European locales: "Prénom", "Müller").
 * A mark decides; without one, bytes that are valid UTF-8 are UTF-8, and anything else is read as
 * Windows-1252, which maps every byte to a character, so a file always reads as text.
 * TextDecoder exists in Node and browsers alike; no Node built-ins here.
 */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding named by a byte-order mark, or null when the bytes start with none. */
export function csvByteOrderMark(bytes: Uint8Array): CsvEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * Windows-1252's characters for bytes 0x80-0x9F (€, curly quotes, dashes...). Node's decoder
 * reads those bytes as Latin-1 control characters; browsers already give these.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** The file's text without its byte-order mark, by the rule above. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  const mark = csvByteOrderMark(bytes);
  if (mark !== null) return new TextDecoder(mark).decode(bytes); // drops the mark
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}
