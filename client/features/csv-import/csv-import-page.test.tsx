// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { renderRoute, signIn } from '../../test/render-route.js';

beforeAll(() => signIn({ expiresInSeconds: 3600 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The signed-in admin as the server would answer; the import page itself loads nothing. */
async function openImportPage(permissionLevel: 'ADMIN' | 'MEMBER' = 'ADMIN') {
  stubGraphql({}, { me: meAs(permissionLevel, { full_name: 'Alex Admin', email: 'alex@example.com' }) });
  renderRoute('/admin/settings/users/import');
}

function choose(name: string, content: string | Uint8Array, type = 'text/csv') {
  const file = new File([content as BlobPart], name, { type });
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

it('previews a file: counts, and each invalid row with its spreadsheet row number and message', async () => {
  await openImportPage();
  expect(await screen.findByRole('heading', { name: 'Import users from a CSV file', level: 1 })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Choose a CSV file' })).toBeTruthy();
  choose('people.csv', [
    'E-MAIL,Full Name,Permission,Team',
    'ann@acme.example,Ann,admin,Core',
    'not-an-email,Bob,,Core',
    '',
    'cy@acme.example,Cy,BOSS,',
    'dee@acme.example,Dee,,',
    'ann@acme.example,Ann Twice,,',
  ].join('\n'));
  const counts = await screen.findByRole('group', { name: 'Preview counts' });
  expect(within(counts).getByText('Rows in the file').nextSibling?.textContent).toBe('5');
  expect(within(counts).getByText('Ready to import').nextSibling?.textContent).toBe('2');
  expect(within(counts).getByText('Need fixing').nextSibling?.textContent).toBe('3');
  const table = screen.getByRole('table', { name: 'Rows that need fixing' });
  const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
  expect(rows).toEqual([
    ['3', 'not-an-email', 'Invalid email', 'email: Enter a valid email address.'],
    ['5', 'cy@acme.example', 'Invalid row', 'permission_level: Use one of ADMIN, MANAGER, MEMBER.'],
    ['7', 'ann@acme.example', 'Repeated in the file', 'email: ann@acme.example is already in row 2 of this file.'],
  ]);
  // The columns were matched automatically, whatever their case.
  expect((screen.getByLabelText('Field for the column "E-MAIL"') as HTMLSelectElement).value).toBe('email');
  expect((screen.getByLabelText('Field for the column "Permission"') as HTMLSelectElement).value).toBe('permission_level');
  expect(screen.getByRole('button', { name: 'Import 2 people' })).toBeTruthy();
  fireEvent.click(screen.getByLabelText(/^Dry run/));
  expect(screen.getByRole('button', { name: 'Check 5 rows on the server' })).toBeTruthy();
});

it('lets the admin map columns the header does not name, and says when no header is recognised', async () => {
  await openImportPage();
  await screen.findByRole('heading', { name: 'Import users from a CSV file', level: 1 });
  choose('export.csv', 'Address,Person\nann@acme.example,Ann\nbad,Bob\n');
  expect((await screen.findByText(/No column of the first row is one we recognise/)).getAttribute('role')).toBe('alert');
  expect(screen.getByText(/Pick the column that holds email and full name/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  fireEvent.change(screen.getByLabelText('Field for the column "Address"'), { target: { value: 'email' } });
  fireEvent.change(screen.getByLabelText('Field for the column "Person"'), { target: { value: 'full_name' } });
  expect(await screen.findByRole('button', { name: 'Import 1 person' })).toBeTruthy();
  expect(screen.getByRole('table', { name: 'Rows that need fixing' }).textContent).toContain('bad');
  fireEvent.change(screen.getByLabelText('Field for the column "Person"'), { target: { value: 'email' } });
  expect(screen.getByText('Email: more than one column is set to this field; keep one.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
});

it('explains an empty file, a header without people, and a file that is not CSV', async () => {
  await openImportPage();
  await screen.findByRole('heading', { name: 'Import users from a CSV file', level: 1 });
  choose('empty.csv', '');
  expect((await screen.findByRole('alert')).textContent).toMatch(/^"empty.csv" is empty\. The first row must be a header such as: email, full_name/);
  choose('header.csv', 'email,full_name\n');
  expect(await screen.findByText('"header.csv" has a header row but no people in it. Add one row per person below the header.')).toBeTruthy();
  choose('people.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(await screen.findByText(/^"people.xlsx" is not a CSV file\./)).toBeTruthy();
});

it('is not open to members', async () => {
  await openImportPage('MEMBER');
  expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
  expect(screen.queryByLabelText('CSV file')).toBeNull();
});
