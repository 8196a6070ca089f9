import { describe, expect, it } from 'vitest';
import { autoMapColumns, isMappingUsable, mappingProblems, rowFromCells } from './csv-import.mapping.js';

describe('column mapping', () => {
  it('matches headers case-insensitively and by the server\'s aliases, ignoring unknown columns', () => {
    expect(autoMapColumns(['E-MAIL', 'Full Name', 'job title', 'TimeZone', 'Notes', 'MANAGER'])).toEqual(['email', 'full_name', 'role', 'time_zone', null, 'manager_email']);
  });

  it('keeps the first column when two headers name one field', () => {
    const mapping = autoMapColumns(['Email', 'Name', 'Email Address']);
    expect(mapping).toEqual(['email', 'full_name', null]);
    expect(isMappingUsable(mappingProblems(mapping))).toBe(true);
  });

  it('reports missing required fields, fields chosen twice, and a first row that is no header', () => {
    expect(mappingProblems(['email', null])).toEqual({ missing: ['full_name'], duplicates: [], nothingRecognised: false });
    expect(mappingProblems(['email', 'full_name', 'email'])).toMatchObject({ missing: [], duplicates: ['email'] });
    const none = mappingProblems(autoMapColumns(['jane@x.example', 'Jane Doe']));
    expect(none).toEqual({ missing: ['email', 'full_name'], duplicates: [], nothingRecognised: true });
    expect(isMappingUsable(none)).toBe(false);
  });

  it('builds the row object from the mapped cells only', () => {
    expect(rowFromCells(['Jane', 'x', 'jane@x.example'], ['full_name', null, 'email'])).toEqual({ full_name: 'Jane', email: 'jane@x.example' });
  });
});
