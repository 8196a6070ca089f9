import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsvText, readCsvFile } from './csv-import.parse.js';

const ok = (text: string) => {
  const outcome = parseCsvText('people.csv', text);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.csv;
};
const message = (text: string) => {
  const outcome = parseCsvText('people.csv', text);
  if (outcome.ok) throw new Error('expected a message');
  return outcome.message;
};

describe('parseCsvText', () => {
  it('numbers rows as the server does: header row 1, blank lines counted, quoted line breaks not, blank records dropped', () => {
    const csv = ok(
      [
        '\uFEFFE-Mail,Full Name,Team',
        'a@x.example,"Doe, Jane",Core', // row 2
        '', // row 3
        'b@x.example,"Multi', // row 4
        'Line",Core',
        ',,', // row 5: all blank, dropped
        'c@x.example,Ragged', // row 6
      ].join('\r\n'),
    );
    expect(csv.headers).toEqual(['E-Mail', 'Full Name', 'Team']);
    expect(csv.records).toEqual([
      { row: 2, cells: ['a@x.example', 'Doe, Jane', 'Core'] },
      { row: 4, cells: ['b@x.example', 'Multi\r\nLine', 'Core'] },
      { row: 6, cells: ['c@x.example', 'Ragged'] },
    ]);
  });

  it('reads semicolon and tab separated files', () => {
    expect(detectDelimiter('email;full_name\na;b')).toBe(';');
    expect(ok('email;full_name\na@x.example;Ann').records[0]!.cells).toEqual(['a@x.example', 'Ann']);
    expect(ok('email\tfull_name\na@x.example\tAnn').records[0]!.cells).toEqual(['a@x.example', 'Ann']);
  });

  it('says clearly what is wrong with an empty file, a header without rows, broken quotes and too many rows', () => {
    expect(message('\uFEFF\r\n\r\n')).toMatch(/"people.csv" is empty\. The first row must be a header/);
    expect(message('email,full_name\r\n')).toBe('"people.csv" has a header row but no people in it. Add one row per person below the header.');
    expect(message('email,full_name\r\na@x.example,"Ann\r\n')).toMatch(/^The file is not valid CSV: a quoted cell .* never closed/);
    expect(message('email,full_name\r\n=HYPERLINK("x"),Ann\r\n')).toBe(
      'The file is not valid CSV at line 2: a double quote (") sits inside a cell. Put the whole cell in quotes and write a quote inside it twice ("").',
    );
    const big = ['email,full_name', ...Array.from({ length: 50_001 }, (_, i) => `p${i}@x.example,P ${i}`)].join('\n');
    expect(message(big)).toBe('"people.csv" has more than 50,000 rows; one import takes at most 50,000. Split it into several files.');
    const exactly = ['email,full_name', ...Array.from({ length: 50_000 }, (_, i) => `p${i}@x.example,P ${i}`)].join('\n');
    expect(ok(exactly).records).toHaveLength(50_000);
  });
});

describe('readCsvFile', () => {
  it('refuses files that are not CSV by name or by content, and empty files', async () => {
    const xlsx = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'people.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(await readCsvFile(xlsx)).toEqual({ ok: false, message: expect.stringMatching(/^"people.xlsx" is not a CSV file\./) });
    const renamed = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])], 'people.csv', { type: 'text/csv' });
    expect((await readCsvFile(renamed)).ok).toBe(false);
    const empty = new File([''], 'empty.csv', { type: 'text/csv' });
    expect(await readCsvFile(empty)).toEqual({ ok: false, message: expect.stringMatching(/^"empty.csv" is empty\./) });
    const good = new File(['email,full_name\na@x.example,Ann'], 'good.csv', { type: '' });
    expect(await readCsvFile(good)).toEqual({ ok: true, text: 'email,full_name\na@x.example,Ann' });
  });

  it('reads Excel\'s "Unicode text" (UTF-16 with its mark) and its plain "CSV" of Western Europe (Windows-1252)', async () => {
    const text = 'Prénom\tNom\tCourriel\r\nHélène\tDupré\th@x.example';
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(text).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    const unicode = await readCsvFile(new File([utf16], 'people.txt', { type: 'text/plain' }));
    expect(unicode).toEqual({ ok: true, text });
    const ansi = new Uint8Array(Array.from('Prénom;Nom;Courriel\r\nLoïc;Bérard;l@x.example', (c) => c.charCodeAt(0)));
    expect(await readCsvFile(new File([ansi], 'people.csv', { type: 'text/csv' }))).toEqual({
      ok: true,
      text: 'Prénom;Nom;Courriel\r\nLoïc;Bérard;l@x.example',
    });
    if (!unicode.ok) return;
    expect(ok(unicode.text).headers).toEqual(['Prénom', 'Nom', 'Courriel']);
  });
});
