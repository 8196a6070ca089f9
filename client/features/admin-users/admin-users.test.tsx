// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { makeUsers, stubAdminApi } from './admin-users.test-server.js';

beforeAll(() => {
  // jsdom lays nothing out: give the table's scroll box a real height so the virtualizer picks rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

async function renderAt(path: string, { waitForTable = true } = {}) {
  const { router } = await renderSignedIn(path);
  if (waitForTable) await screen.findByTestId('admin-users-table', {}, { timeout: 5000 });
  return router;
}

const rows = () => within(screen.getByTestId('admin-users-table')).getAllByRole('row').slice(1);
const names = () => rows().map((r) => within(r).getAllByRole('cell')[1]!.querySelector('strong')!.textContent);

cleanUpBetweenTests();

it('shows 5,000 people with only the rows in view in the page', async () => {
  stubAdminApi(makeUsers(5000));
  await renderAt('/admin/settings/users');
  expect(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeTruthy();
  expect(screen.getByTestId('admin-users-count').textContent).toBe('5,000 people');
  expect(screen.getByRole('table', { name: 'Users' }).getAttribute('aria-rowcount')).toBe('5001');
  expect(rows().length).toBeGreaterThan(5);
  expect(rows().length).toBeLessThan(60);
  expect(names()[0]).toBe('Ada Lovelace');
  expect(screen.getByRole('link', { name: 'Import users from CSV' }).getAttribute('href')).toBe('/admin/settings/users/import');
});

it('search narrows the list by name, email or role, and is kept in the URL', async () => {
  stubAdminApi(makeUsers(300));
  const router = await renderAt('/admin/settings/users');
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'analyst' } });
  await waitFor(() => expect(names()).toEqual(['Ada Lovelace']));
  expect(router.state.location.search).toEqual({ q: 'analyst' });
  expect(screen.getByTestId('admin-users-count').textContent).toBe('Showing 1 of 300 people');
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'person42@' } });
  await waitFor(() => expect(names()).toEqual(['Person 0042']));
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody-like-this' } });
  expect(await screen.findByRole('heading', { name: 'No one matches' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
  await waitFor(() => expect(router.state.location.search).toEqual({}));
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe(''));
  await waitFor(() => expect(screen.getByTestId('admin-users-count').textContent).toBe('300 people'));
});

it('filters by status and permission level from the URL, and a bad value falls back to all', async () => {
  stubAdminApi(makeUsers(300));
  const router = await renderAt('/admin/settings/users?status=DEACTIVATED&level=MANAGER');
  // 300 people: deactivated = multiples of 7, managers = multiples of 25 -> 175 (both) only.
  expect(names()).toEqual(['Person 0175']);
  expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('DEACTIVATED');
  fireEvent.change(screen.getByLabelText('Permission'), { target: { value: '' } });
  await waitFor(() => expect(router.state.location.search).toEqual({ status: 'DEACTIVATED' }));
  expect(screen.getByTestId('admin-users-count').textContent).toBe('Showing 42 of 300 people');
  await router.navigate({ to: '/admin/settings/users', search: { status: 'NOT_A_STATUS' } as never });
  await waitFor(() => expect(screen.getByTestId('admin-users-count').textContent).toBe('300 people'));
});

it('sorts by a column; a second click reverses it', async () => {
  stubAdminApi(makeUsers(40));
  const router = await renderAt('/admin/settings/users');
  fireEvent.click(screen.getByRole('button', { name: 'Email' }));
  await waitFor(() => expect(names()[0]).toBe('Ada Lovelace'));
  expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
  fireEvent.click(screen.getByRole('button', { name: /Email/ }));
  await waitFor(() => expect(names()[0]).toBe('Person 0039'));
  expect(router.state.location.search).toEqual({ sort: 'email', dir: 'desc' });
});

it('bulk deactivate sends the selected ids and the new statuses show', async () => {
  const { calls } = stubAdminApi(makeUsers(30));
  await renderAt('/admin/settings/users?q=person%20001');
  expect(names()).toEqual([
    'Person 0010',
    'Person 0011',
    'Person 0012',
    'Person 0013',
    'Person 0014',
    'Person 0015',
    'Person 0016',
    'Person 0017',
    'Person 0018',
    'Person 0019',
  ]);
  fireEvent.click(screen.getByLabelText('Select Person 0011'));
  fireEvent.click(screen.getByLabelText('Select Person 0012'));
  const bar = screen.getByRole('region', { name: 'Selected users' });
  expect(within(bar).getByText('2 people selected')).toBeTruthy();
  fireEvent.click(within(bar).getByRole('button', { name: 'Deactivate' }));
  expect((await screen.findByTestId('global-alert')).textContent).toContain('2 people deactivated.');
  expect(calls.find((c) => c.operationName === 'AdminUpdateManyUsers')?.variables).toEqual({ ids: ['user-11', 'user-12'], input: { status: 'DEACTIVATED' } });
  await waitFor(() => expect(within(rows()[1]!).getByText('Deactivated')).toBeTruthy());
  expect(screen.queryByRole('region', { name: 'Selected users' })).toBeNull();
});

it('remove asks first; removed people show marked with "Show deleted"', async () => {
  const { calls } = stubAdminApi(makeUsers(30));
  const router = await renderAt('/admin/settings/users?q=ada');
  fireEvent.click(screen.getByLabelText('Select Ada Lovelace'));
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Remove 1 person?' });
  expect(calls.some((c) => c.operationName === 'AdminRemoveUsers')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove 1 person' }));
  expect((await screen.findByTestId('global-alert')).textContent).toContain('1 person removed.');
  expect(await screen.findByRole('heading', { name: 'No one matches' })).toBeTruthy();
  fireEvent.click(screen.getByLabelText('Show deleted'));
  await waitFor(() => expect(router.state.location.search).toEqual({ q: 'ada', deleted: true }));
  await waitFor(() => expect(names()).toEqual(['Ada Lovelace']));
  expect(within(rows()[0]!).getByText('Deleted')).toBeTruthy();
  expect(screen.getByLabelText<HTMLInputElement>('Select Ada Lovelace').disabled).toBe(true);
  expect(calls.at(-1)).toMatchObject({ operationName: 'AdminUsers', variables: { includeDeleted: true } });
});

it('edit: a server error shows next to its field and keeps what was typed; a good save sends both parts', async () => {
  let refuse = true;
  const { calls } = stubAdminApi(makeUsers(30), {
    AdminUpdateUserByAdmin: (v) =>
      refuse
        ? { errors: [{ message: 'Another account already uses this email.', extensions: { code: 'CONFLICT' } }] }
        : { data: { updateUserByAdmin: { id: v.id } } },
  });
  await renderAt('/admin/settings/users?q=ada');
  fireEvent.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
  // The rest of the record arrives with the dialog.
  fireEvent.change(await within(dialog).findByLabelText('Email'), { target: { value: 'taken@example.com' } });
  fireEvent.change(within(dialog).getByLabelText('GitHub user'), { target: { value: 'ada-gh' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Another account already uses this email.')).toBeTruthy();
  expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  expect(within(dialog).getByLabelText<HTMLInputElement>('GitHub user').value).toBe('ada-gh');

  fireEvent.change(within(dialog).getByLabelText('Time zone'), { target: { value: 'Mars/Olympus' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Unknown time zone.')).toBeTruthy();

  refuse = false;
  fireEvent.change(within(dialog).getByLabelText('Time zone'), { target: { value: 'Europe/London' } });
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada.l@example.com' } });
  fireEvent.change(within(dialog).getByLabelText('Team'), { target: { value: 'team-b' } });
  const subdepartment = within(dialog).getByLabelText<HTMLSelectElement>('Sub-department');
  expect([...subdepartment.options].map((o) => o.text)).toEqual(['No sub-department', 'Engineering › Product › Backend', 'Engineering › Product › Frontend']);
  fireEvent.change(subdepartment, { target: { value: 'sub-be' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect((await screen.findByTestId('global-alert')).textContent).toContain(
    'Ada Lovelace was saved. A confirmation link was sent to ada.l@example.com: the email changes once it is followed.',
  );
  expect(calls.filter((c) => c.operationName === 'AdminUpdateUserByAdmin').at(-1)?.variables).toEqual({
    id: 'user-1',
    input: {
      full_name: 'Ada Lovelace',
      email: 'ada.l@example.com',
      role: 'Analyst',
      permission_level: 'MEMBER',
      github_user: 'ada-gh',
      bitbucket_account_id: null,
      azure_email: null,
    },
  });
  expect(calls.find((c) => c.operationName === 'AdminUserDetails')?.variables).toEqual({ ids: ['user-1'] });
  expect(calls.find((c) => c.operationName === 'AdminUpdateOneUser')?.variables).toEqual({
    id: 'user-1',
    input: {
      location: null,
      time_zone: 'Europe/London',
      slack_id: null,
      jira_account_id: null,
      azure_boards_user_id: null,
      status: 'ACTIVE',
      team_id: 'team-b',
      manager_id: null,
      subdepartment_id: 'sub-be',
    },
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('team members: sorted by team, with people per team; a team chip filters', async () => {
  stubAdminApi(makeUsers(10));
  const router = await renderAt('/admin/teams/users');
  expect(screen.getByRole('heading', { name: 'Team members', level: 1 })).toBeTruthy();
  // Apollo (odd ids) first, then Borealis.
  expect(names().slice(0, 2)).toEqual(['Ada Lovelace', 'Person 0003']);
  const teams = screen.getByRole('navigation', { name: 'Teams' });
  fireEvent.click(within(teams).getByRole('button', { name: 'Borealis 5' }));
  await waitFor(() => expect(router.state.location.search).toEqual({ team: 'team-b' }));
  expect(names()).toEqual(['Ken Thompson', 'Person 0002', 'Person 0004', 'Person 0006', 'Person 0008']);
});

it('edit: when only the first part is saved, the form says so and marks the refused field', async () => {
  stubAdminApi(makeUsers(5), {
    AdminUpdateOneUser: () => ({ errors: [{ message: 'You cannot deactivate yourself.', extensions: { code: 'CONFLICT' } }] }),
  });
  await renderAt('/admin/settings/users?q=ken');
  fireEvent.click(screen.getByRole('button', { name: 'Edit Ken Thompson' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Ken Thompson' });
  fireEvent.change(await within(dialog).findByLabelText('Status'), { target: { value: 'DEACTIVATED' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('You cannot deactivate yourself.')).toBeTruthy();
  expect(within(dialog).getByRole('alert').textContent).toMatch(
    /^Name, email, role, permission level .* were saved; the rest was not\. See the messages below the fields\.$/,
  );
  expect(within(dialog).getByLabelText<HTMLSelectElement>('Status').value).toBe('DEACTIVATED');
});

it('a list that cannot be loaded says so under the heading, with a retry', async () => {
  stubAdminApi(makeUsers(5), {
    AdminUsers: () => ({ errors: [{ message: 'Only an admin can list deleted users or Azure emails.', extensions: { code: 'FORBIDDEN' } }] }),
  });
  await renderAt('/admin/settings/users', { waitForTable: false });
  expect(await screen.findByRole('heading', { name: 'The users could not be loaded' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeTruthy();
  expect(screen.getByText('Only an admin can list deleted users or Azure emails.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});
