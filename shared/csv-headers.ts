/**
 * Which field a CSV header cell names: the one rule of the import's column matching, used by
 * the server's CSV route and by the browser's automatic mapping (docs/decisions/0029, 0061).
 *
 * One mechanism for every export and language:
 * 1. Normalise (`headerKey`): a BOM, notes in square brackets ("Email Address [Required]"),
 *    apostrophes and accents are dropped ("Prénom" -> "prenom", "ß" -> "ss"), camelCase is split
 *    ("givenName"), the text is lower-cased, and runs of spaces, dashes, dots, slashes,
 *    parentheses, stars and underscores become one "_".
 * 2. Look the words up in the synonym table (shared/csv-headers.synonyms.ts: per field and
 *    language, normalised the same way; small words such as "de", "des", "of" dropped on both sides).
 * 3. If that fails, read the decorations: a private qualifier ("Home", "privat", "personnel")
 *    means no field; neutral words ("Legal", "Primary", "Employee", "Pflichtfeld") are dropped,
 *    and so are work qualifiers ("Work", "Business", "geschäftlich", "professionnel") where the
 *    field allows them. Last, a header in parts ("Legal Name - First Name", "legal_name_first_name")
 *    is read by its last part.
 *
 * Each match has a rank: when several columns name one field, the best rank wins ("Work Email"
 * over "Email", Entra's "mail" over "userPrincipalName", "Manager Email" over "Manager"), then
 * the first column. A header that names no field may still have a suggestion (`suggestCsvField`).
 */
import {
  EMAIL_WORDS,
  FIELD_SYNONYMS,
  HEADER_LANGUAGES,
  MANAGER_WORDS,
  NEUTRAL_WORDS,
  PERSONAL_QUALIFIERS,
  STOP_WORDS,
  WORK_QUALIFIERS,
} from './csv-headers.synonyms.js';

/** Every field an import can fill, in the order the mapping menu offers them. */
export const IMPORT_FIELDS = [
  'email',
  'full_name',
  'first_name',
  'last_name',
  'preferred_name',
  'role',
  'permission_level',
  'team',
  'department',
  'division',
  'manager_email',
  'location',
  'time_zone',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

type Rank = 1 | 2 | 3;
type Match = { field: ImportField; rank: Rank };

/** The normalised key of a header cell ("Email Address [Required]" -> "email_address", "Prénom" -> "prenom"). */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/(^|[^\p{L}])([dl])['’](?=\p{L})/giu, '$1$2 ') // French elision: "d'accès" -> "d accès"
    .replace(/['’`]/g, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .trim()
    .toLowerCase()
    .replace(/[\s_.\-/:#()*+|,;–—]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

type Tables = {
  stop: Set<string>;
  work: Set<string>;
  personal: Set<string>;
  neutral: Set<string>;
  /** Every known name (its words joined by "_", and written together) with its field and rank. */
  lookup: Map<string, Match>;
  /** Bare manager words that hold a name in most exports ("Supervisor", "Reports to"): never mapped, but suggested. */
  managerOnly: Set<string>;
};
let built: Tables | undefined;

/** The word sets and the synonym table, built on first use (every name normalised): not when a server or page loads this module (docs/decisions/0062, warm start). */
function tables(): Tables {
  if (built) return built;
  const wordSet = (words: readonly string[]) => new Set(words.map(headerKey));
  const t: Tables = {
    stop: wordSet(STOP_WORDS),
    work: wordSet(WORK_QUALIFIERS),
    personal: wordSet(PERSONAL_QUALIFIERS),
    neutral: wordSet(NEUTRAL_WORDS),
    lookup: new Map(),
    managerOnly: new Set(),
  };
  const { lookup } = t;
  /** A name of the table, and its words written together ("Full name" is also "fullname", "FullName" splits by itself). */
  const addName = (text: string, match: Match) => {
    const words = wordsOf(text, t.stop);
    const key = words.join('_');
    const known = lookup.get(key);
    if (known && known.field !== match.field) throw new Error(`header word "${text}" is listed for ${known.field} and ${match.field}`);
    if (!known || match.rank < known.rank) lookup.set(key, match);
    const joined = words.join('');
    const taken = lookup.get(joined);
    if (joined !== key && (!taken || (taken.field === match.field && match.rank < taken.rank))) lookup.set(joined, match);
  };
  const allWords = (words: Partial<Record<string, readonly string[]>> | undefined) => HEADER_LANGUAGES.flatMap((lang) => words?.[lang] ?? []);
  for (const field of IMPORT_FIELDS) {
    const synonyms = FIELD_SYNONYMS[field];
    for (const word of allWords(synonyms.names)) addName(word, { field, rank: 1 });
    for (const word of allWords(synonyms.fallback)) addName(word, { field, rank: 2 });
    for (const word of allWords(synonyms.last)) addName(word, { field, rank: 3 });
  }
  // "Manager Email", "E-Mail des Vorgesetzten", "Correo del responsable": every manager word with every email word, in either order.
  for (const manager of allWords(MANAGER_WORDS)) {
    for (const email of allWords(EMAIL_WORDS)) {
      addName(`${manager} ${email}`, { field: 'manager_email', rank: 1 });
      addName(`${email} ${manager}`, { field: 'manager_email', rank: 1 });
    }
  }
  for (const key of allWords(MANAGER_WORDS).map((w) => wordsOf(w, t.stop).join('_'))) if (!lookup.has(key)) t.managerOnly.add(key);
  built = t;
  return t;
}

/** The words of a header, small words dropped unless nothing else is left. */
function wordsOf(header: string, stop: ReadonlySet<string>): string[] {
  const words = headerKey(header).split('_').filter(Boolean);
  const kept = words.filter((w) => !stop.has(w));
  return kept.length ? kept : words;
}
const headerWords = (header: string): string[] => wordsOf(header, tables().stop);

function lookupWords(words: readonly string[], workStripped: boolean): Match | null {
  if (words.length === 0) return null;
  const { lookup } = tables();
  const match = lookup.get(words.join('_')) ?? lookup.get(words.join(''));
  if (!match || !workStripped) return match ?? null;
  const work = FIELD_SYNONYMS[match.field].work;
  if (!work) return null;
  return work === 'preferred' && match.rank === 2 ? { field: match.field, rank: 1 } : match;
}

/** Steps 2 and 3 on one header or one part of it. */
function matchWords(words: readonly string[]): Match | null {
  const exact = lookupWords(words, false);
  if (exact) return exact;
  const { personal, neutral, work } = tables();
  if (words.some((w) => personal.has(w))) return null;
  const plain = words.filter((w) => !neutral.has(w));
  const neutralOnly = lookupWords(plain, false);
  if (neutralOnly) return neutralOnly;
  const bare = plain.filter((w) => !work.has(w));
  return bare.length < plain.length ? lookupWords(bare, true) : null;
}

function matchHeader(header: string): Match | null {
  const words = headerWords(header);
  const whole = matchWords(words);
  if (whole) return whole;
  if (words.some((w) => tables().personal.has(w))) return null;
  // "Legal Name - First Name", "Contact: Email": the last part names the field.
  const parts = header.split(/\s[-–—|]\s|:/).filter((p) => p.trim() !== '');
  const last = parts.length > 1 ? matchWords(headerWords(parts[parts.length - 1]!)) : null;
  if (last) return last;
  // "legal_name_first_name": a name followed by a more precise name; the last one counts.
  for (let k = 1; k < words.length; k++) {
    const rest = matchWords(words.slice(k));
    if (rest && matchWords(words.slice(0, k))) return rest;
  }
  return null;
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
  /** Ignored header cells with the field they most likely mean (`suggestCsvField`), for fields no cell fills. */
  suggestions: { header: string; field: ImportField }[];
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
  const taken = new Set(columns.filter((c): c is ImportField => c !== null));
  const ignored = headers.filter((h, i) => matches[i] === null && h.trim() !== '').map((h) => h.trim());
  return {
    columns,
    missing: missingRequiredFields(taken),
    duplicates,
    ignored,
    suggestions: ignored.flatMap((header) => {
      const field = suggestCsvField(header, taken);
      return field ? [{ header, field }] : [];
    }),
  };
}

/** Optimal string alignment distance (a swap of two neighbours counts once), or `max + 1` when it is over `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known field closest to a header that names none, for the mapping step to offer: a typo
 * of a known name ("Emial", "Abteilng"), or a known name inside it ("Department code",
 * "Mitarbeiter-E-Mail"). Null for a private value ("Home Email") or when nothing is close.
 * Fields in `taken` (already filled by another column) are not suggested.
 */
export function suggestCsvField(header: string, taken: ReadonlySet<ImportField> = new Set()): ImportField | null {
  const known = matchHeader(header);
  if (known) return taken.has(known.field) ? null : known.field;
  const { neutral, work, personal, managerOnly, lookup } = tables();
  const words = headerWords(header).filter((w) => !neutral.has(w) && !work.has(w));
  if (words.length === 0 || words.some((w) => personal.has(w))) return null;
  const key = words.join('_');
  if (managerOnly.has(key)) return taken.has('manager_email') ? null : 'manager_email';
  const tolerance = key.length < 5 ? 0 : key.length < 9 ? 1 : 2;
  let best: { field: ImportField; score: number } | null = null;
  for (const [name, match] of lookup) {
    if (taken.has(match.field)) continue;
    let score = editDistance(key, name, tolerance);
    // A known name of 4+ letters as whole words of the header, or as the start of a compound word.
    if (score > tolerance && name.length >= 4 && (`_${key}_`.includes(`_${name}_`) || words.some((w) => w.length > name.length && w.startsWith(name))))
      score = tolerance + 1;
    else if (score > tolerance) continue;
    const ranked = score * 4 + match.rank;
    if (!best || ranked < best.score) best = { field: match.field, score: ranked };
  }
  return best?.field ?? null;
}
