import { expect, it } from 'vitest';
import { mapCsvHeader } from '../../../shared/mass-create.schema.js';
import { parseCsvText } from './csv-import.parse.js';
import { buildUploadCsv } from './csv-import.upload.js';

it("sends the admin's records under the mapped header, each on its original row number", () => {
  const original = [
    'Mail;Person;Notes;Boss',
    'ann@x.example;"Ann; A.";hello;',
    '',
    '',
    'bob@x.example;"Bob ""B""";=1+1;ann@x.example',
    'cy@x.example;Cy', // ragged: stays ragged
  ].join('\n');
  const parsed = parseCsvText('team.csv', original);
  if (!parsed.ok) throw new Error(parsed.message);
  const body = buildUploadCsv(parsed.csv, ['email', 'full_name', null, 'manager_email']);
  const again = parseCsvText('upload.csv', body);
  if (!again.ok) throw new Error(again.message);
  // The server maps the rewritten header by itself: ignored columns name no field.
  expect(mapCsvHeader(again.csv.headers).columns).toEqual(['email', 'full_name', null, 'manager_email']);
  expect(again.csv.records).toEqual(parsed.csv.records);
  expect(again.csv.records.map((r) => r.row)).toEqual([2, 5, 6]);
  expect(again.csv.records[1]!.cells).toEqual(['bob@x.example', 'Bob "B"', '=1+1', 'ann@x.example']);
});
