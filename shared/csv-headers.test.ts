import { describe, expect, it } from 'vitest';
import { autoMapHeaders, headerKey, mapCsvHeader, normalizeCsvHeader, suggestCsvField } from './csv-headers.js';
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

/** One row per class of header an export writes: the cell, and the field it must fill on its own (null: none). */
const HEADER_CLASSES: Array<[string, string, string | null]> = [
  // Decorations: notes, prefixes, qualifiers, required marks.
  ['bracketed note', 'Email Address [Required]', 'email'],
  ['prefix before a dash', 'Legal Name - Last Name', 'last_name'],
  ['prefix in snake case', 'legal_name_first_name', 'first_name'],
  ['words written together', 'FULLNAME', 'full_name'],
  ['words written together, German style', 'EMailAdresse', 'email'],
  ['qualifier after a dash', 'Email - Primary Work', 'email'],
  ['"Primary" before Email', 'Primary Email', 'email'],
  ['"Business" before Email', 'Business Email', 'email'],
  ['"Work" after Email, in parentheses', 'Email (work)', 'email'],
  ['"Legal" before a name', 'Legal first name', 'first_name'],
  ['"Employee" before a title', 'Employee Title', 'role'],
  ['a star for required', 'E-Mail*', 'email'],
  ['a German required note', 'Vorname (Pflichtfeld)', 'first_name'],
  ['a work qualifier before a manager address', 'Supervisor work email', 'manager_email'],
  ['a private address', 'Home Email', null],
  ['a private address in German', 'E-Mail (privat)', null],
  ['a private address in French', 'Email personnel', null],
  ['a private address in Dutch', 'E-mailadres privé', null],
  ['a second address', 'Work Secondary Email', null],
  ['a company, not a name', 'companyName', null],
  ['a bare company', 'Company', null],
  // German
  ['de first name', 'Vorname', 'first_name'],
  ['de last name', 'Nachname', 'last_name'],
  ['de email', 'E-Mail', 'email'],
  ['de department', 'Abteilung', 'department'],
  ['de manager', 'Vorgesetzter', 'manager_email'],
  ['de division', 'Geschäftsbereich', 'division'],
  ['de work email', 'Geschäftliche E-Mail-Adresse', 'email'],
  ['de work email, ae spelling', 'E-Mail geschaeftlich', 'email'],
  ['de manager email', 'E-Mail des Vorgesetzten', 'manager_email'],
  ['de location', 'Standort', 'location'],
  // French
  ['fr first name', 'Prénom', 'first_name'],
  ['fr first name without accent', 'prenom', 'first_name'],
  ['fr last name', 'Nom', 'last_name'],
  ['fr email', 'Courriel', 'email'],
  ['fr department', 'Service', 'department'],
  ['fr manager', 'Responsable', 'manager_email'],
  ['fr manager email', 'Email du responsable', 'manager_email'],
  ['fr access level, with elision', "Niveau d'accès", 'permission_level'],
  ['fr team, upper case without accent', 'EQUIPE', 'team'],
  // Spanish
  ['es first name', 'Nombre', 'first_name'],
  ['es last name', 'Apellidos', 'last_name'],
  ['es email', 'Correo electrónico', 'email'],
  ['es email without accent', 'CORREO ELECTRONICO', 'email'],
  ['es department', 'Departamento', 'department'],
  ['es manager email', 'Correo electrónico del jefe', 'manager_email'],
  ['es full name', 'Nombre y apellidos', 'full_name'],
  // Dutch
  ['nl first name', 'Voornaam', 'first_name'],
  ['nl last name', 'Achternaam', 'last_name'],
  ['nl email', 'E-mailadres', 'email'],
  ['nl department', 'Afdeling', 'department'],
  ['nl manager', 'Leidinggevende', 'manager_email'],
  ['nl work email', 'Zakelijk e-mailadres', 'email'],
];

describe('one normalisation for every header class', () => {
  it.each(HEADER_CLASSES)('%s: "%s"', (_, header, field) => {
    expect(normalizeCsvHeader(header)).toBe(field);
  });

  it('folds accents, case and German ß', () => {
    expect(headerKey('Prénom')).toBe('prenom');
    expect(headerKey('ÉQUIPE')).toBe('equipe');
    expect(headerKey('Straße')).toBe('strasse');
    expect(headerKey("Niveau d'accès")).toBe('niveau_d_acces');
  });

  it('ranks a work-qualified address above a plain one in every language', () => {
    expect(autoMapHeaders(['E-Mail', 'E-Mail geschäftlich'])).toEqual([null, 'email']);
    expect(autoMapHeaders(['Courriel', 'Adresse e-mail professionnelle'])).toEqual([null, 'email']);
    expect(autoMapHeaders(['Vorgesetzter', 'Vorgesetzter E-Mail'])).toEqual([null, 'manager_email']);
  });
});

describe('suggestions for headers that name no field', () => {
  it.each([
    ['Emial', 'email'],
    ['Abteilng', 'department'],
    ['Department code', 'department'],
    ['Mitarbeiter-E-Mail', 'email'],
    ['Supervisor', 'manager_email'],
    ['Reports to', 'manager_email'],
  ])('"%s" is closest to %s', (header, field) => {
    expect(normalizeCsvHeader(header)).toBeNull();
    expect(suggestCsvField(header)).toBe(field);
  });

  it('suggests nothing for a private value, for nothing close, or for a field another column fills', () => {
    expect(suggestCsvField('Home Email')).toBeNull();
    expect(suggestCsvField('Hire Date')).toBeNull();
    expect(suggestCsvField('Emial', new Set(['email']))).toBeNull();
  });

  it('the server names the likely column when a required one is missing', () => {
    expect(mapCsvHeader(['Emial', 'Name', 'Home Email']).suggestions).toEqual([{ header: 'Emial', field: 'email' }]);
  });
});
