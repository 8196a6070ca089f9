// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { organization, stubServer } from './org-settings.test-support.js';

cleanUpBetweenTests();

it('/admin opens the admin dashboard', async () => {
  const empty = {
    headcount: { active: 1, invited: 0, deactivated: 0 },
    pending_invitations: { count: 0, not_invited: 0, oldest: [] },
    recent_sign_ins: [],
    engagement_by_day: [],
    top_pages: [],
  };
  stubServer({ org: organization() }, { AdminDashboard: () => ({ data: { adminDashboard: empty, readsPublicForms: false } }) });
  const { router } = await renderSignedIn('/admin');
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  expect(router.state.location.href).toBe('/admin/dashboard');
  expect(await screen.findByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeTruthy();
});

it('the settings overview links every settings page with what it holds', async () => {
  stubServer({ org: organization() });
  await renderSignedIn('/admin/settings');
  const list = await screen.findByRole('list', { name: 'Settings pages' });
  const links = within(list).getAllByRole('link');
  expect(links.map((a) => a.getAttribute('href'))).toEqual([
    '/admin/settings/account',
    '/admin/settings/configurations',
    '/admin/settings/users',
    '/admin/settings/teams',
    '/admin/settings/pages',
    '/admin/settings/billing',
    '/admin/settings/audit',
  ]);
  expect(within(list).getByRole('link', { name: /Configurations/ }).textContent).toContain('Allowed and blocked email domains');
});

it('the outbox lists each mail with its recipient, state and link, and says when there is none', async () => {
  stubServer({
    org: organization(),
    outbox: [
      {
        id: 'm1',
        to: 'new.person@acme.example',
        subject: 'You are invited to Teamlens',
        link: 'http://localhost:3000/change-password?token=abc',
        link_withheld: null,
        created_at: '2026-11-23T10:00:00.000Z',
        sent_at: null,
        error: null,
      },
      {
        id: 'm2',
        to: 'old@acme.example',
        subject: 'Reset your Teamlens password',
        link: null,
        link_withheld: null,
        created_at: '2026-11-22T10:00:00.000Z',
        sent_at: '2026-11-22T10:00:01.000Z',
        error: null,
      },
      {
        id: 'm3',
        to: 'bea@acme.example',
        subject: 'Reset your Teamlens password',
        link: null,
        link_withheld: 'Not shown: this link opens the account of another admin, Bea Admin.',
        created_at: '2026-11-21T10:00:00.000Z',
        sent_at: null,
        error: null,
      },
    ],
  });
  await renderSignedIn('/admin/settings/configurations');
  const list = await screen.findByRole('list', { name: 'Mail in the outbox' });
  const [invite, reset, coAdmin] = within(list).getAllByRole('listitem');
  expect(invite!.textContent).toContain('new.person@acme.example');
  expect(invite!.textContent).toContain('Kept in the outbox (not sent by email)');
  expect((within(invite!).getByLabelText('Link in the mail to new.person@acme.example') as HTMLInputElement).value).toBe(
    'http://localhost:3000/change-password?token=abc',
  );
  expect(within(invite!).getByRole('button', { name: 'Copy the link' })).toBeTruthy();
  expect(reset!.textContent).toMatch(/Sent Nov 22, 2026/);
  // A co-admin's link is withheld by the server: the screen says why and offers nothing to copy.
  expect(coAdmin!.textContent).toContain('Not shown: this link opens the account of another admin, Bea Admin.');
  expect(within(coAdmin!).queryByRole('button', { name: 'Copy the link' })).toBeNull();
  cleanup();

  stubServer({ org: organization(), outbox: [] });
  await renderSignedIn('/admin/settings/configurations');
  await waitFor(() => expect(screen.getByText('No mail yet. Invitations appear here when you add people.')).toBeTruthy());
});
