// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderRoute, signIn } from '../../test/render-route.js';

cleanUpBetweenTests();
// The router scrolls to the outbox's anchor; jsdom has no layout to scroll.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

const empty = {
  headcount: { active: 1, invited: 0, deactivated: 0 },
  pending_invitations: { count: 0, not_invited: 0, oldest: [] },
  recent_sign_ins: [],
  engagement_by_day: [],
  top_pages: [],
};

function stub(delivery: { configured: boolean; waiting: number }) {
  return stubGraphql(
    {
      AdminDashboard: () => ({ data: { adminDashboard: empty, readsPublicForms: false } }),
      ReviewCycles: () => ({ data: { reviewCycles: [] } }),
      EmailDelivery: () => ({ data: { emailDelivery: delivery } }),
      OrganizationSettings: () => ({
        data: {
          organization: {
            id: 'org-1',
            name: 'Acme',
            profile_picture: null,
            onboarding_phase: 'DONE',
            is_onboarding_phase_skipped: false,
            allowed_email_domains: [],
            blocked_email_domains: [],
          },
        },
      }),
      EmailOutbox: () => ({ data: { emailOutbox: [] } }),
      InstallSignUp: () => ({
        data: { installSignUp: { open: false, source: 'DEFAULT', is_operator_organization: false, can_change: false, updated_at: null } },
      }),
    },
    { me: meAs('ADMIN') },
  );
}

it('without SMTP the admin dashboard says how many messages wait, and links to the outbox', async () => {
  stub({ configured: false, waiting: 3 });
  await signIn();
  const { router } = renderRoute('/admin/dashboard');
  expect(await screen.findByText('Email is not set up: 3 messages are waiting in the outbox.')).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: 'the email outbox' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings/configurations'));
  expect(router.state.location.hash).toBe('email-outbox');
  expect(await screen.findByRole('heading', { name: 'Email outbox' })).toBeTruthy();
});

it('one waiting message is counted in the singular', async () => {
  stub({ configured: false, waiting: 1 });
  await signIn();
  renderRoute('/admin/dashboard');
  expect(await screen.findByText('Email is not set up: 1 message is waiting in the outbox.')).toBeTruthy();
});

it('with SMTP there is no banner', async () => {
  const { calls } = stub({ configured: true, waiting: 0 });
  await signIn();
  renderRoute('/admin/dashboard');
  await screen.findByRole('heading', { name: 'Admin dashboard', level: 1 });
  await waitFor(() => expect(calls.some((c) => c.operationName === 'EmailDelivery')).toBe(true));
  expect(screen.queryByText(/Email is not set up/)).toBeNull();
});

it('a new organization’s admin without a job title sees the role “Admin”, capitalised like everywhere else', async () => {
  stubGraphql(
    { WidgetPreferences: () => ({ data: { userWidgetPreferences: { user_id: 'user-1', enabled_widgets: [] } } }) },
    { me: meAs('ADMIN', { role: null }) },
  );
  await signIn();
  renderRoute('/home/dashboard');
  await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
  expect(screen.getByText('Admin')).toBeTruthy();
  expect(screen.queryByText('admin')).toBeNull();
});
