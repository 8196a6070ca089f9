import { describe, expect, it } from 'vitest';
import { autoMapHeaders, headerKey, mapCsvHeader, normalizeCsvHeader } from './csv-headers.js';
import { HR_EXPORT_FIXTURES } from './csv-hr-exports.js';

describe('HR and directory exports', () => {
  for (const fixture of HR_EXPORT_FIXTURES) {
    it(`maps a ${fixture.tool} header row on its own`, () => {
      const columns = autoMapHeaders(fixture.headers);
      const mapped = Object.fromEntries(columns.flatMap((field, i) => (field === null ? [] : [[field, fixture.headers[i]]])));
      expect(mapped).toEqual(fixture.expected);
      // The server reads the raw header the same way, and finds nothing missing or ambiguous.
      const server = mapCsvHeader(fixture.headers);
      expect(server.columns).toEqual(columns);
      expect(server.missing).toEqual([]);
      expect(server.duplicates).toEqual([]);
    });
  }
});

describe('header keys', () => {
  it('drops bracketed notes and apostrophes, splits camelCase, and folds separators', () => {
    expect(headerKey('Email Address [Required]')).toBe('email_address');
    expect(headerKey("Manager's Email")).toBe('managers_email');
    expect(headerKey('givenName')).toBe('given_name');
    expect(headerKey('Legal Name - First Name')).toBe('legal_name_first_name');
    expect(headerKey('\uFEFF  WORK-EMAIL ')).toBe('work_email');
  });

  it('prefers the better-named column for one field, then the first', () => {
    expect(autoMapHeaders(['Email', 'Work Email'])).toEqual([null, 'email']);
    expect(autoMapHeaders(['userPrincipalName', 'mail'])).toEqual([null, 'email']);
    expect(autoMapHeaders(['Manager', 'Manager Email'])).toEqual([null, 'manager_email']);
    expect(autoMapHeaders(['Email', 'E-mail'])).toEqual(['email', null]);
    expect(normalizeCsvHeader('Home Email')).toBeNull();
    expect(normalizeCsvHeader('Supervisor')).toBeNull(); // a name, not an address
  });

  it('needs an email and a full name or a first and last name', () => {
    expect(mapCsvHeader(['Work Email', 'First Name', 'Last Name']).missing).toEqual([]);
    expect(mapCsvHeader(['Work Email', 'First Name']).missing).toEqual(['full_name']);
    expect(mapCsvHeader(['Surname', 'Given Name']).missing).toEqual(['email']);
  });
});

describe('notes in headers', () => {
  it('reads a work address noted in parentheses, and leaves a personal one alone', () => {
    expect(autoMapHeaders(['Email (personal)', 'Email (work)', 'Work e-mail'])).toEqual([null, 'email', null]);
    expect(normalizeCsvHeader('Email (personal)')).toBeNull();
    expect(normalizeCsvHeader('Work e-mail')).toBe('email');
  });
});
