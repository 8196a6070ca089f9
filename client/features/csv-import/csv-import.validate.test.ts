import { describe, expect, it } from 'vitest';
import type { CsvRecord } from './csv-import.parse.js';
import { previewRows, previewRowsInChunks } from './csv-import.validate.js';

const mapping = ['email', 'full_name', 'permission_level', 'time_zone'] as const;
const rec = (row: number, ...cells: string[]): CsvRecord => ({ row, cells });

describe('preview', () => {
  it('checks each row with the shared schema and the server\'s order of errors', () => {
    const records = [
      rec(2, 'ann@x.example', 'Ann', 'admin', 'Europe/Berlin'),
      rec(3, 'not-an-email', 'Bob', '', ''),
      rec(4, 'ANN@x.example', 'Ann Again', '', ''),
      rec(5, 'cy@x.example', '', 'BOSS', ''),
      rec(6, 'dee@x.example', 'Dee'),
      rec(7, 'eve@x.example', 'Eve', '', 'Mars/Olympus'),
      rec(8, 'fay@x.example', 'Fay', '', '', 'extra'),
    ];
    const preview = previewRows(records, 4, [...mapping]);
    expect(preview.total).toBe(7);
    expect(preview.valid).toBe(1);
    expect(preview.issues.map((i) => [i.row, i.errorType, i.email])).toEqual([
      [3, 'INVALID_EMAIL', 'not-an-email'],
      [4, 'DUPLICATE_IN_FILE', 'ann@x.example'],
      [5, 'INVALID_ROW', 'cy@x.example'],
      [6, 'INVALID_ROW', 'dee@x.example'],
      [7, 'INVALID_ROW', 'eve@x.example'],
      [8, 'INVALID_ROW', 'fay@x.example'],
    ]);
    expect(preview.issues[0]!.message).toBe('email: Enter a valid email address.');
    expect(preview.issues[1]!.message).toBe('email: ann@x.example is already in row 2 of this file.');
    expect(preview.issues[2]!.message).toMatch(/^full_name: Enter a name\. permission_level: Use one of ADMIN, MANAGER, MEMBER\.$/);
    expect(preview.issues[3]!.message).toBe('This row has 2 cells but the header has 4; check for a missing or extra separator.');
    expect(preview.issues[4]!.message).toMatch(/^time_zone: Unknown time zone "Mars\/Olympus"/);
  });

  it('gives the same answer in chunks, and nothing once aborted', async () => {
    const records = Array.from({ length: 4_500 }, (_, i) => rec(i + 2, i % 9 === 0 ? `bad ${i}` : `p${i % 4_000}@x.example`, `P ${i}`, '', ''));
    const whole = previewRows(records, 4, [...mapping]);
    expect(await previewRowsInChunks(records, 4, [...mapping], new AbortController().signal)).toEqual(whole);
    expect(whole.issues.filter((i) => i.errorType === 'DUPLICATE_IN_FILE').length).toBeGreaterThan(0);
    const controller = new AbortController();
    const pending = previewRowsInChunks(records, 4, [...mapping], controller.signal);
    controller.abort();
    expect(await pending).toBeNull();
  });
});
