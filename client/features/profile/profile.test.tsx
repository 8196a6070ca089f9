// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { auth } from '../../lib/auth.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { FRESH_TOKEN, makeProfile, stubProfileApi } from './profile.test-server.js';

cleanUpBetweenTests();

it('edits my own profile: errors next to the fields, then the saved values are shown', async () => {
  const { calls, state } = stubProfileApi({ me: makeProfile() });
  await renderSignedIn('/profile/user-profile');
  await screen.findByRole('heading', { name: 'Ken Thompson', level: 1 });
  expect(screen.getByText('Europe/Berlin', { exact: false })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));

  const form = screen.getByRole('form', { name: 'Edit your profile' });
  fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: '   ' } });
  fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: 'call me maybe' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
  expect(await within(form).findByText('Enter a name.')).toBeTruthy();
  expect(within(form).getByText('Enter a phone number with digits, spaces and an optional leading +.')).toBeTruthy();
  expect(within(form).getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
  expect(calls.some((c) => c.operationName === 'UpdateMe')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Ken L. Thompson' } });
  fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '+49 30 1234567' } });
  fireEvent.change(within(form).getByLabelText('Bio'), { target: { value: 'Wrote Unix, then Go.' } });
  fireEvent.change(within(form).getByLabelText('Location'), { target: { value: '' } });
  fireEvent.change(within(form).getByLabelText('Time zone'), { target: { value: 'America/Los_Angeles' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));

  await screen.findByRole('heading', { name: 'Ken L. Thompson', level: 1 });
  expect(calls.find((c) => c.operationName === 'UpdateMe')!.variables.input).toEqual({
    full_name: 'Ken L. Thompson',
    role: 'Software Engineer',
    location: null,
    bio: 'Wrote Unix, then Go.',
    time_zone: 'America/Los_Angeles',
    phone_number: '+49 30 1234567',
  });
  expect(screen.getByText('Wrote Unix, then Go.')).toBeTruthy();
  expect(screen.getByRole('link', { name: '+49 30 1234567' })).toBeTruthy();
  expect(screen.getByText('America/Los Angeles', { exact: false })).toBeTruthy();
  expect(state.me.bio).toBe('Wrote Unix, then Go.');
  // The fresh access token updateMe returns is the one the session uses from now on.
  expect(auth.getState().data?.access_token).toBe(FRESH_TOKEN);
  expect(screen.queryByRole('form', { name: 'Edit your profile' })).toBeNull();
});

it('shows a server refusal next to the field it names', async () => {
  stubProfileApi(
    { me: makeProfile() },
    {
      UpdateMe: () => ({ errors: [{ message: 'Unknown time zone.', extensions: { code: 'BAD_USER_INPUT', fields: { time_zone: 'Unknown time zone.' } } }] }),
    },
  );
  await renderSignedIn('/settings/personal');
  const form = await screen.findByRole('form', { name: 'Edit your profile' });
  expect(within(form).queryByLabelText('Role')).toBeNull();
  fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
  await waitFor(() => expect(within(form).getAllByText('Unknown time zone.').length).toBeGreaterThan(0));
  expect(within(form).getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true');
});

it('a save the server could not store (its disk is full) says so above the form and keeps what was typed (docs/decisions/0058)', async () => {
  const message = 'The server is out of storage; nothing was saved. Try again later.';
  stubProfileApi({ me: makeProfile() }, { UpdateMe: () => ({ errors: [{ message, extensions: { code: 'STORAGE_FULL' } }] }) });
  await renderSignedIn('/settings/personal');
  const form = await screen.findByRole('form', { name: 'Edit your profile' });
  fireEvent.change(within(form).getByLabelText('Bio'), { target: { value: 'Wrote Unix, then Go.' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
  expect(await within(form).findByText(message)).toBeTruthy();
  expect((within(form).getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Wrote Unix, then Go.');
});

it('changes the sign-in email only with the current password, and says a link was sent', async () => {
  const { calls } = stubProfileApi(
    { me: makeProfile() },
    {
      UpdateMe: (v) =>
        (v.input as { current_password: string }).current_password === 'right password'
          ? { data: { updateMe: { access_token: 'x', user: makeProfile() } } }
          : { errors: [{ message: 'The current password is not correct.', extensions: { code: 'FORBIDDEN' } }] },
    },
  );
  await renderSignedIn('/profile/user-profile');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
  const form = screen.getByRole('form', { name: 'Sign-in email' });
  fireEvent.change(within(form).getByLabelText('New email'), { target: { value: 'not an email' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send the confirmation link' }));
  expect(await within(form).findByText('Enter a valid email address.')).toBeTruthy();
  expect(within(form).getByText('Enter your current password.')).toBeTruthy();

  fireEvent.change(within(form).getByLabelText('New email'), { target: { value: 'Ken@Bell-Labs.example' } });
  fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'wrong password' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send the confirmation link' }));
  expect(await within(form).findByText('The current password is not correct.')).toBeTruthy();

  fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'right password' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send the confirmation link' }));
  expect((await within(form).findByRole('status')).textContent).toBe(
    'We sent a confirmation link to ken@bell-labs.example. Open it to start using that address.',
  );
  expect(calls.filter((c) => c.operationName === 'UpdateMe').at(-1)!.variables.input).toEqual({
    email: 'ken@bell-labs.example',
    current_password: 'right password',
  });
  // The profile still shows the old address until the link is opened.
  expect(within(form).getByText('ken@example.com')).toBeTruthy();
});

it('shows a head of several teams the teams in their line on My team', async () => {
  const manager = (id: string, full_name: string, reportsTo: string | null) => ({ id, full_name, manager: reportsTo ? { id: reportsTo } : null });
  const teams = [
    { id: 't-web', name: 'Web', aggregations: { count_users: 7 }, manager: manager('grace', 'Grace Hopper', 'user-1') },
    { id: 't-lab', name: 'Lab', aggregations: { count_users: 1 }, manager: manager('user-1', 'Ken Thompson', null) },
    { id: 't-data', name: 'Data', aggregations: { count_users: 5 }, manager: manager('edgar', 'Edgar Codd', 'someone-else') },
  ];
  stubProfileApi({ me: makeProfile() }, { TeamList: () => ({ data: { teams } }) });
  await renderSignedIn('/profile/team');
  const led = await screen.findByRole('heading', { name: 'Teams you lead', level: 2 });
  expect(led.nextElementSibling!.textContent).toContain('Lab');
  const below = screen.getByRole('heading', { name: 'Teams of people who report to you', level: 2 });
  expect(within(below.nextElementSibling as HTMLElement).getByRole('link', { name: 'Web' })).toBeTruthy();
  expect(below.nextElementSibling!.textContent).toContain('7 members · managed by Grace Hopper');
  expect(screen.queryByText('Data')).toBeNull();
  expect(screen.queryByText('You are not in a team yet')).toBeNull();
});

it('says so when I am in no team and lead none', async () => {
  stubProfileApi({ me: makeProfile() }, { TeamList: () => ({ data: { teams: [] } }) });
  await renderSignedIn('/profile/team');
  expect(await screen.findByText('You are not in a team yet')).toBeTruthy();
});
