import { stringify } from 'csv-stringify/sync';
import { expect, it } from 'vitest';
import { safeCsvCell, toSafeCsv } from './csv-safe.js';

it('neutralises cells a spreadsheet would run as formulas and leaves others as they are', () => {
  expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', 'plain', '', null, 3].map(safeCsvCell)).toEqual([
    "'=SUM(A1)",
    "'+1",
    "'-2",
    "'@cmd",
    "'\tx",
    'plain',
    '',
    '',
    '3',
  ]);
});

it("writes what csv-stringify writes for the server's exports (quoted cells, CRLF, BOM)", () => {
  const records = [
    ['row', 'email', 'message'],
    [2, 'a@x.example', 'says "hi", then\nleaves'],
    [3, '', '=HYPERLINK("x")'],
  ];
  const server = stringify(
    records.map((r) => r.map(safeCsvCell)),
    { quoted: true, record_delimiter: '\r\n', eof: true },
  );
  expect(toSafeCsv(records)).toBe(server);
  expect(toSafeCsv(records, { bom: true })).toBe(`\uFEFF${server}`);
});
