// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { InstallSignUp } from './install-api.js';
import { organization, stubServer } from './org-settings.test-support.js';

cleanUpBetweenTests();

const state = (patch: Partial<InstallSignUp>): InstallSignUp => ({
  open: false,
  source: 'DEFAULT',
  is_operator_organization: true,
  can_change: true,
  updated_at: null,
  ...patch,
});

it('an admin of the operator organization opens and closes public sign-up on Configurations', async () => {
  let signUp = state({});
  const calls = stubServer(
    {
      org: organization(),
      get signUp() {
        return signUp;
      },
    },
    {
      SetSignUpOpen: (v) => {
        signUp = state({ open: v.open as boolean, source: 'SETTING', updated_at: '2026-11-25T09:00:00.000Z' });
        return { data: { setSignUpOpen: signUp } };
      },
    },
  );
  await renderSignedIn('/admin/settings/configurations');
  const section = await screen.findByRole('region', { name: 'Public sign-up' });
  expect(section.textContent).toContain('Closed: the sign-up page says so, and new people join an organization by invitation.');
  expect(section.textContent).toContain('Closed by default since this server has its first organization.');

  fireEvent.click(within(section).getByRole('button', { name: 'Open sign-up' }));
  expect(await screen.findByText('Sign-up is open: anyone who can reach this server can create an organization.')).toBeTruthy();
  expect(section.textContent).toContain('Open: anyone who can reach this server can create an organization.');
  expect(section.textContent).toContain('Chosen by an admin of your organization.');
  expect(calls.find((c) => c.operationName === 'SetSignUpOpen')?.variables).toEqual({ open: true });

  fireEvent.click(within(section).getByRole('button', { name: 'Close sign-up' }));
  expect(await screen.findByText('Sign-up is closed: new people join by invitation only.')).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'SetSignUpOpen').at(-1)?.variables).toEqual({ open: false });
});

it('when SIGNUP is set on the server the section says so and offers no button', async () => {
  stubServer({ org: organization(), signUp: state({ open: true, source: 'ENV', can_change: false }) });
  await renderSignedIn('/admin/settings/configurations');
  const section = await screen.findByRole('region', { name: 'Public sign-up' });
  expect(section.textContent).toContain('Set by the SIGNUP environment variable on the server');
  expect(within(section).queryByRole('button')).toBeNull();
});

it('admins of other organizations do not see the install’s sign-up setting', async () => {
  stubServer({ org: organization() });
  await renderSignedIn('/admin/settings/configurations');
  await screen.findByRole('heading', { name: 'Email outbox' });
  expect(screen.queryByRole('region', { name: 'Public sign-up' })).toBeNull();
});
