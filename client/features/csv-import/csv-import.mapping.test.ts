import { describe, expect, it } from 'vitest';
import { HR_EXPORT_FIXTURES } from '../../../shared/csv-hr-exports.js';
import { autoMapColumns, isMappingUsable, mappingProblems, suggestColumns } from './csv-import.mapping.js';

describe('column mapping', () => {
  it("matches headers case-insensitively and by the server's aliases, ignoring unknown columns", () => {
    expect(autoMapColumns(['E-MAIL', 'Full Name', 'job title', 'TimeZone', 'Notes', 'MANAGER'])).toEqual([
      'email',
      'full_name',
      'role',
      'time_zone',
      null,
      'manager_email',
    ]);
  });

  it('keeps the first column when two headers name one field equally well', () => {
    const mapping = autoMapColumns(['Email', 'Name', 'Email Address']);
    expect(mapping).toEqual(['email', 'full_name', null]);
    expect(isMappingUsable(mappingProblems(mapping))).toBe(true);
  });

  it('maps the header rows of the common HR and directory exports without help, and they are usable', () => {
    for (const fixture of HR_EXPORT_FIXTURES) {
      const mapping = autoMapColumns(fixture.headers);
      const mapped = Object.fromEntries(mapping.flatMap((field, i) => (field === null ? [] : [[field, fixture.headers[i]]])));
      expect(mapped, fixture.tool).toEqual(fixture.expected);
      expect(mappingProblems(mapping), fixture.tool).toEqual({ missing: [], duplicates: [], nothingRecognised: false });
    }
  });

  it('takes a first and a last name instead of a full name', () => {
    expect(mappingProblems(['email', 'first_name', 'last_name']).missing).toEqual([]);
    expect(mappingProblems(['email', 'first_name']).missing).toEqual(['full_name']);
  });

  it('reports missing required fields, fields chosen twice, and a first row that is no header', () => {
    expect(mappingProblems(['email', null])).toEqual({ missing: ['full_name'], duplicates: [], nothingRecognised: false });
    expect(mappingProblems(['email', 'full_name', 'email'])).toMatchObject({ missing: [], duplicates: ['email'] });
    const none = mappingProblems(autoMapColumns(['jane@x.example', 'Jane Doe']));
    expect(none).toEqual({ missing: ['email', 'full_name'], duplicates: [], nothingRecognised: true });
    expect(isMappingUsable(none)).toBe(false);
  });

  it('offers the closest free field for a column it could not match, and nothing once that field is taken', () => {
    const headers = ['Emial', 'Vorname', 'Nachname', 'Supervisor', 'Eintrittsdatum'];
    const mapping = autoMapColumns(headers);
    expect(mapping).toEqual([null, 'first_name', 'last_name', null, null]);
    expect(suggestColumns(headers, mapping)).toEqual(['email', null, null, 'manager_email', null]);
    expect(suggestColumns(headers, ['email', 'first_name', 'last_name', null, 'manager_email'])).toEqual([null, null, null, null, null]);
  });
});
