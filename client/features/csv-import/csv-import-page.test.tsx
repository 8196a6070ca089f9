// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { jsonResponse, meAs, stubGraphql } from '../../test/graphql-stub.js';

// The websocket is the edge here: no progress events arrive, the upload's answer carries the result.
vi.mock('../../lib/subscriptions.js', () => ({
  subscribe: () => () => undefined,
  subscriptionClient: () => ({ on: () => () => undefined }),
}));
import { renderRoute, signIn } from '../../test/render-route.js';

beforeEach(() => signIn({ expiresInSeconds: 3600 }));
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

type Result = {
  batch_id: string;
  count: number;
  totalUserWithEmailError: number;
  created_ids: string[];
  usersWithErrors: { row: number; email: string; errorType: string; message: string }[];
  teams: unknown[];
  divisions: unknown[];
  promoted: unknown[];
  seat_limit?: string | null;
};

/** The server's answer for the HR file below: the gmail row is refused by the organization's email rules, which only the server knows. */
function serverAnswer(url: string): Result {
  const query = new URL(url, 'http://localhost').searchParams;
  const dry = query.get('dryRun') === 'true';
  return {
    batch_id: query.get('batch_id')!,
    count: 2,
    totalUserWithEmailError: 1,
    created_ids: dry ? [] : ['u-noah', 'u-liam'],
    usersWithErrors: [
      { row: 4, email: 'zoe@gmail.com', errorType: 'BLOCKED_EMAIL_DOMAIN', message: 'email: use a work address; free mail providers are not accepted.' },
    ],
    teams: [
      { name: 'Backend', existing: false, members_before: 0, joining: 1, manager_email: 'noah@acme.example', manager_name: 'Noah Kim' },
      { name: 'Platform', existing: true, members_before: 16, joining: 1, manager_email: null, manager_name: null },
    ],
    divisions: [{ name: 'Engineering', existing: false, departments: [{ name: 'Backend', existing: false }] }],
    promoted: [{ row: 2, email: 'noah@acme.example', full_name: 'Noah Kim', reports: 1 }],
  };
}

const HR_FILE = [
  'First Name,Last Name,Work Email,Department,Division,Manager Email',
  'Noah,Kim,noah@acme.example,Platform,Engineering,',
  'Liam,Ortiz,liam@acme.example,Backend,Engineering,noah@acme.example',
  'Zoe,Free,zoe@gmail.com,Backend,Engineering,noah@acme.example',
].join('\n');

it("previews an HR export with the server's own dry run, imports exactly that, and sends the invitations", async () => {
  const { calls, restCalls } = stubGraphql(
    {
      SendInvitations: ({ ids }) => ({ data: { sendInvitations: (ids as string[]).length } }),
      MailDelivery: () => ({ data: { mailDelivery: 'OUTBOX' } }),
    },
    {
      me: meAs('ADMIN', { full_name: 'Alex Admin', email: 'alex@example.com' }),
      rest: (url) => (url.includes('/api/admin/users/import') ? jsonResponse(serverAnswer(url)) : new Response('{}', { status: 404 })),
    },
  );
  renderRoute('/admin/settings/users/import');
  await screen.findByRole('heading', { name: 'Import users from a CSV file', level: 1 });
  choose('bamboo.csv', HR_FILE);

  // Matched without help: the work email, both name columns, department and division.
  expect(((await screen.findByLabelText('Field for the column "Work Email"')) as HTMLSelectElement).value).toBe('email');
  expect((screen.getByLabelText('Field for the column "First Name"') as HTMLSelectElement).value).toBe('first_name');
  expect((screen.getByLabelText('Field for the column "Last Name"') as HTMLSelectElement).value).toBe('last_name');
  expect((screen.getByLabelText('Field for the column "Division"') as HTMLSelectElement).value).toBe('division');

  // The counts are the server's: the gmail row, which no browser rule refuses, is counted as needing fixing.
  const counts = await screen.findByRole('group', { name: 'Preview counts' }, { timeout: 4000 });
  expect(
    within(counts)
      .getAllByRole('definition')
      .map((d) => d.textContent),
  ).toEqual(['3', '2', '1']);
  const dryRun = restCalls.find((c) => c.url.includes('dryRun=true'))!;
  const sentLines = (dryRun.body as string).split('\r\n');
  expect(sentLines[0]).toBe('"first_name","last_name","email","department","division","manager_email"');
  expect(sentLines[3]).toBe('"Zoe","Free","zoe@gmail.com","Backend","Engineering","noah@acme.example"');
  const refused = screen.getByRole('table', { name: 'Rows that need fixing' });
  expect(
    within(refused)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['4', 'zoe@gmail.com', 'Email domain not allowed', 'email: use a work address; free mail providers are not accepted.']);
  expect(screen.getByText(/joins? the existing team Platform \(16 members\)/)).toBeTruthy();
  expect(screen.getByText(/new team of 1 person, managed by/).textContent).toContain('Noah Kim');
  expect(screen.getByText(/Engineering/, { selector: 'li strong' })).toBeTruthy();
  const promote = screen.getByLabelText(/Make the 1 person who manage others Managers/) as HTMLInputElement;
  expect(promote.checked).toBe(true);
  fireEvent.click(promote);
  expect(screen.getByText(/stays a Member/)).toBeTruthy();
  fireEvent.click(promote);

  fireEvent.click(screen.getByRole('button', { name: 'Import 2 people' }));
  await screen.findByRole('heading', { name: 'Import finished' }, { timeout: 4000 });
  const imported = restCalls.filter((c) => c.url.includes('dryRun=false'));
  expect(imported).toHaveLength(1);
  expect(imported[0]!.url).toContain('promoteManagers=true');
  expect(screen.getByText(/2 users created\. 1 row were skipped/)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Send invitations to 2 people' }));
  const sent = await screen.findByText('Invitations sent to 2 people.');
  expect(calls.find((c) => c.operationName === 'SendInvitations')!.variables).toEqual({ ids: ['u-noah', 'u-liam'] });
  expect(sent.closest('[role="status"]')!.textContent).toContain('No mail server is set up, so the invitations wait in the email outbox');
  expect(screen.getByRole('link', { name: 'email outbox' }).getAttribute('href')).toBe('/admin/settings/configurations');
});

it('says before anything is written that the people do not fit the seat limit, and offers no import (docs/decisions/0068)', async () => {
  const message =
    '3 of the 4 seats the Team plan allows are used; adding 2 people needs 5 seats. To get more seats, ask the people who run this Teamlens server for a larger plan, or deactivate people who no longer need access. Nothing was changed.';
  const { restCalls } = stubGraphql(
    {},
    {
      me: meAs('ADMIN'),
      rest: (url) =>
        url.includes('/api/admin/users/import') ? jsonResponse({ ...serverAnswer(url), seat_limit: message }) : new Response('{}', { status: 404 }),
    },
  );
  renderRoute('/admin/settings/users/import');
  await screen.findByRole('heading', { name: 'Import users from a CSV file', level: 1 });
  choose('bamboo.csv', HR_FILE);
  expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(message);
  expect((screen.getByRole('button', { name: 'Import 2 people' }) as HTMLButtonElement).disabled).toBe(true);
  expect(restCalls.filter((c) => c.url.includes('dryRun=false'))).toEqual([]);
});

it('says when the server could not check the rows, and checks again on request', async () => {
  let answers = 0;
  stubGraphql(
    {},
    {
      me: meAs('ADMIN', { full_name: 'Alex Admin', email: 'alex@example.com' }),
      rest: (url) => {
        answers += 1;
        return answers === 1 ? jsonResponse({ error: 'CONFLICT', message: 'Someone else is importing right now.' }, 409) : jsonResponse(serverAnswer(url));
      },
    },
  );
  renderRoute('/admin/settings/users/import');
  await screen.findByRole('heading', { name: 'Import users from a CSV file', level: 1 });
  choose('bamboo.csv', HR_FILE);
  expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe('The rows could not be checked: Someone else is importing right now.');
  expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
  expect(await screen.findByRole('button', { name: 'Import 2 people' }, { timeout: 4000 })).toBeTruthy();
});

it('lets the admin map columns the header does not name, and says when no header is recognised', async () => {
  await openImportPage();
  await screen.findByRole('heading', { name: 'Import users from a CSV file', level: 1 });
  choose('export.csv', 'Address,Person\nann@acme.example,Ann\nbad,Bob\n');
  expect((await screen.findByText(/No column of the first row is one we recognise/)).getAttribute('role')).toBe('alert');
  expect(
    screen.getByText(/Pick the column that holds the email.*Pick the column that holds the full name, or the columns of the first and the last name/),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  fireEvent.change(screen.getByLabelText('Field for the column "Address"'), { target: { value: 'email' } });
  fireEvent.change(screen.getByLabelText('Field for the column "Person"'), { target: { value: 'full_name' } });
  expect(await screen.findByText('Checking the rows on the server…')).toBeTruthy();
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
