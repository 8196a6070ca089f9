// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { formatDay } from '../../../shared/format.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { INVITED_AT, makeUsers, stubAdminApi } from './admin-users.test-server.js';

beforeAll(() => {
  // Tall enough for all 30 rows to be in the DOM.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 2000 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

async function renderAt(path: string) {
  const { router } = await renderSignedIn(path);
  await screen.findByTestId('admin-users-table', {}, { timeout: 5000 });
  return router;
}

const row = (name: string) =>
  within(screen.getByTestId('admin-users-table'))
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(name))!;
const stateOf = (name: string) => within(row(name)).getAllByRole('cell')[3]!.textContent;

cleanUpBetweenTests();

it('shows each person as joined, invited (date) or not invited, and filters on it', async () => {
  stubAdminApi(makeUsers(30));
  const router = await renderAt('/admin/settings/users');
  expect(stateOf('Ada Lovelace')).toBe('Joined');
  expect(stateOf('Person 0010')).toBe('Not invited');
  expect(stateOf('Person 0020')).toBe(`Invited${formatDay(INVITED_AT)}`);
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'NOT_INVITED' } });
  await waitFor(() => expect(screen.getByTestId('admin-users-count').textContent).toBe('Showing 1 of 30 people'));
  expect(router.state.location.search).toEqual({ status: 'NOT_INVITED' });
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'INVITED' } });
  await waitFor(() => expect(screen.getByTestId('admin-users-count').textContent).toBe('Showing 1 of 30 people'));
  expect(row('Person 0020')).toBeTruthy();
});

it('"Send invitations to N people" reaches everyone not invited yet, after a confirmation', async () => {
  const { calls } = stubAdminApi(makeUsers(30));
  await renderAt('/admin/settings/users');
  const callout = screen.getByRole('region', { name: 'Invitations' });
  expect(within(callout).getByText('1 person has not been invited yet: no email has been sent to them.')).toBeTruthy();
  fireEvent.click(within(callout).getByRole('button', { name: 'Send invitations to 1 person' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Send invitations to 1 person not invited yet?' });
  expect(within(confirm).getByText(/works once, for 14 days/)).toBeTruthy();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Send 1 invitation' }));
  expect(await screen.findByText('Invitations sent to 1 person.')).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'SendInvitationsToAllNotInvited')).toHaveLength(1);
  await waitFor(() => expect(stateOf('Person 0010')).toMatch(/^Invited/));
  expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
});

it('the bulk bar sends invitations to the selected people who have not joined, and says who is skipped or re-invited', async () => {
  const { calls } = stubAdminApi(makeUsers(30));
  await renderAt('/admin/settings/users');
  for (const name of ['Person 0010', 'Person 0020', 'Ada Lovelace']) fireEvent.click(within(row(name)).getByRole('checkbox'));
  const bar = screen.getByRole('region', { name: 'Selected users' });
  fireEvent.click(within(bar).getByRole('button', { name: 'Send invitations' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Send invitations to 2 people?' });
  expect(within(confirm).getByText('1 person was invited before: their earlier link stops working.')).toBeTruthy();
  expect(within(confirm).getByText('1 selected person has already joined or been deactivated and gets nothing.')).toBeTruthy();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Send 2 invitations' }));
  expect(await screen.findByText('Invitations sent to 2 people.')).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'SendInvitations')?.variables).toEqual({ ids: ['user-10', 'user-20'] });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected users' })).toBeNull());
});

it("the edit dialog sends, then resends, one person's invitation", async () => {
  const { calls } = stubAdminApi(makeUsers(30));
  await renderAt('/admin/settings/users');
  fireEvent.click(screen.getByRole('button', { name: 'Edit Person 0010' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Person 0010' });
  const panel = within(dialog).getByRole('region', { name: 'Invitation' });
  expect(within(panel).getByText('Not invited yet: no email has been sent to this person.')).toBeTruthy();
  fireEvent.click(within(panel).getByRole('button', { name: 'Send invitation' }));
  expect(await screen.findByText('Invitation sent to person10@example.com.')).toBeTruthy();
  const again = await within(panel).findByRole('button', { name: 'Resend invitation' });
  expect(
    within(panel).getByText(
      new RegExp(`^Invited ${formatDay(new Date().toISOString())}\\. The link works until .+ Resending makes the earlier link stop working\\.$`),
    ),
  ).toBeTruthy();
  fireEvent.click(again);
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'SendInvitations')).toHaveLength(2));
  expect(calls.filter((c) => c.operationName === 'SendInvitations').map((c) => c.variables)).toEqual([{ ids: ['user-10'] }, { ids: ['user-10'] }]);
});

it("adds one person with the import's row rules; server refusals show under their field", async () => {
  let refuse = true;
  const { calls } = stubAdminApi(makeUsers(30), {
    AddUser: (v) => {
      if (refuse) {
        refuse = false;
        const message = 'Use a work address; free mail providers are not accepted.';
        return { errors: [{ message: `email: ${message}`, extensions: { code: 'BAD_USER_INPUT', fields: { email: message } } }] };
      }
      return { data: { addUser: { id: 'user-new', full_name: (v.input as { full_name: string }).full_name, invited_at: new Date().toISOString() } } };
    },
  });
  await renderAt('/admin/settings/users');
  fireEvent.click(screen.getByRole('button', { name: 'Add person' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
  const send = await within(dialog).findByLabelText<HTMLInputElement>('Send the invitation now');
  expect(send.checked).toBe(true);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
  expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
  expect(within(dialog).getByText('Enter an email address.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'AddUser')).toBe(false);

  fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Nora Newbie' } });
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'nora@gmail.com' } });
  fireEvent.change(within(dialog).getByLabelText('Job title'), { target: { value: 'Platform engineer' } });
  fireEvent.change(within(dialog).getByLabelText('Permission level'), { target: { value: 'MANAGER' } });
  fireEvent.change(within(dialog).getByLabelText('Team'), { target: { value: 'Borealis' } });
  fireEvent.change(within(dialog).getByLabelText('Manager'), { target: { value: 'ada@example.com' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
  expect(await within(dialog).findByText('Use a work address; free mail providers are not accepted.')).toBeTruthy();
  expect(within(dialog).getByLabelText<HTMLInputElement>('Full name').value).toBe('Nora Newbie');

  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' Nora@Acme.example ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
  expect(await screen.findByText('Nora Newbie was added and invited.')).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'AddUser').at(-1)?.variables).toEqual({
    input: {
      email: 'nora@acme.example',
      full_name: 'Nora Newbie',
      role: 'Platform engineer',
      permission_level: 'MANAGER',
      team: 'Borealis',
      manager_email: 'ada@example.com',
    },
    sendInvitation: true,
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a person' })).toBeNull());
});
