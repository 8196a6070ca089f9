// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { FEATURE_AREAS } from '../../../shared/feature-areas.js';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderRoute, signIn } from '../../test/render-route.js';
import type { AdminDashboard } from './api.js';

const days = (events: (i: number) => number) =>
  Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`.replace('2026-11-31', '2026-12-01'), events: events(i) }));
const person = (name: string, extra: Partial<{ created_at: string; last_login: string; invited_at: string }> = {}) => ({
  id: name,
  full_name: name,
  email: `${name.toLowerCase()}@acme.example`,
  created_at: '2026-10-01T09:00:00.000Z',
  last_login: null,
  invited_at: null,
  ...extra,
});

function stubDashboard(dashboard: AdminDashboard, readsPublicForms = false, more: Parameters<typeof stubGraphql>[0] = {}) {
  return stubGraphql(
    {
      FeatureAreas: () => ({ data: { featureAreas: FEATURE_AREAS.map((area) => ({ area, label: area, built: true, enabled: true, updated_at: null })) } }),
      AdminDashboard: () => ({ data: { adminDashboard: dashboard, readsPublicForms } }),
      ReviewCycles: () => ({ data: { reviewCycles: [] } }),
      PublicInbox: () => ({
        data: {
          contactMessages: {
            total: 1,
            items: [
              {
                id: 'm1',
                name: 'Grace Hopper',
                email: 'grace@navy.example',
                company: 'Navy',
                message: 'A demo, please.',
                created_at: '2026-11-20T10:00:00.000Z',
              },
            ],
          },
          guideLeads: { total: 0, items: [] },
        },
      }),
      ...more,
    },
    { me: meAs('ADMIN') },
  );
}

cleanUpBetweenTests();

it('shows headcount, invitations, sign-ins, the engagement chart with a table, top pages and public messages', async () => {
  stubDashboard(
    {
      headcount: { active: 12, invited: 3, deactivated: 2 },
      pending_invitations: { count: 3, not_invited: 1, oldest: [person('Olga'), person('Ivan', { invited_at: '2026-10-01T10:00:00.000Z' })] },
      recent_sign_ins: [person('Sam', { last_login: '2026-11-22T08:00:00.000Z' })],
      engagement_by_day: days((i) => (i === 29 ? 4 : i === 10 ? 2 : 0)),
      top_pages: [
        { path: '/home/dashboard', events: 5, people: 3 },
        { path: '/goals/my-goals/$id', events: 1, people: 1 },
      ],
    },
    true,
  );
  await signIn();
  renderRoute('/admin/dashboard');
  expect(await screen.findByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeTruthy();
  expect(screen.getByLabelText('Active: 12')).toBeTruthy();
  expect(screen.getByLabelText('Invited: 3')).toBeTruthy();
  expect(screen.getByLabelText('Deactivated: 2')).toBeTruthy();
  const invitations = screen.getByRole('region', { name: 'Invitations pending' });
  expect(within(invitations).getByText(/people have not joined yet/)).toBeTruthy();
  expect(
    within(invitations)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('strong')?.textContent),
  ).toEqual(['Olga', 'Ivan']);
  expect(within(invitations).getByText('added Oct 1, 2026, not invited yet')).toBeTruthy();
  expect(within(invitations).getByText('invited Oct 1, 2026, link expired')).toBeTruthy();
  expect(within(invitations).getByText('1 of them has not been sent an invitation.')).toBeTruthy();
  expect(within(invitations).getByRole('button', { name: 'Send invitations to 1 person' })).toBeTruthy();
  expect(within(invitations).getByRole('button', { name: 'Send the invitation to Olga' })).toBeTruthy();
  expect(within(invitations).getByRole('button', { name: 'Resend the invitation to Ivan' })).toBeTruthy();
  expect(within(screen.getByRole('region', { name: 'Recent sign-ins' })).getByText('Sam')).toBeTruthy();
  const chart = screen.getByRole('img', { name: 'Engagement events per day, last 30 days' });
  expect(chart.querySelectorAll('rect')).toHaveLength(30);
  expect(screen.getByText(/6 engagement events from/)).toBeTruthy();
  expect(screen.getByRole('cell', { name: '/home/dashboard' })).toBeTruthy();
  expect(await screen.findByText('A demo, please.')).toBeTruthy();
  expect(screen.getByText('Nobody has asked for the guide yet.')).toBeTruthy();
});

it('says so when nothing happened yet, and hides public messages from other organizations', async () => {
  const { calls } = stubDashboard({
    headcount: { active: 1, invited: 0, deactivated: 0 },
    pending_invitations: { count: 0, not_invited: 0, oldest: [] },
    recent_sign_ins: [],
    engagement_by_day: days(() => 0),
    top_pages: [],
  });
  await signIn();
  renderRoute('/admin/dashboard');
  expect(await screen.findByText('Nobody is waiting: every invited person has set a password.')).toBeTruthy();
  expect(screen.getByText('Nobody has signed in yet.')).toBeTruthy();
  expect(screen.getByText('No engagement recorded in the last 30 days yet.')).toBeTruthy();
  expect(await screen.findByText(/No review cycle is running/)).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'From the public pages' })).toBeNull();
  expect(calls.some((c) => c.operationName === 'PublicInbox')).toBe(false);
});

it('sends the invitations from the pending card: to everyone not invited yet, and again to one person', async () => {
  let notInvited = 2;
  const dashboard = () => ({
    headcount: { active: 1, invited: 3, deactivated: 0 },
    pending_invitations: { count: 3, not_invited: notInvited, oldest: [person('Olga'), person('Ivan', { invited_at: new Date().toISOString() })] },
    recent_sign_ins: [],
    engagement_by_day: days(() => 0),
    top_pages: [],
  });
  const { calls } = stubDashboard(dashboard(), false, {
    AdminDashboard: () => ({ data: { adminDashboard: dashboard(), readsPublicForms: false } }),
    SendInvitationsToAllNotInvited: () => {
      const n = notInvited;
      notInvited = 0;
      return { data: { sendInvitationsToAllNotInvited: n } };
    },
    SendInvitations: (v) => ({ data: { sendInvitations: v.ids.length } }),
  });
  await signIn();
  renderRoute('/admin/dashboard');
  const invitations = await screen.findByRole('region', { name: 'Invitations pending' });
  expect(within(invitations).getByText(/^invited [A-Z][a-z]{2} \d+, \d{4}$/)).toBeTruthy();
  within(invitations).getByRole('button', { name: 'Send invitations to 2 people' }).click();
  const confirm = await screen.findByRole('alertdialog', { name: 'Send invitations to 2 people not invited yet?' });
  within(confirm).getByRole('button', { name: 'Send 2 invitations' }).click();
  expect(await screen.findByText('Invitations sent to 2 people.')).toBeTruthy();
  await waitFor(() => expect(within(invitations).queryByRole('button', { name: /Send invitations to/ })).toBeNull());
  expect(calls.filter((c) => c.operationName === 'SendInvitationsToAllNotInvited')).toHaveLength(1);

  within(invitations).getByRole('button', { name: 'Resend the invitation to Ivan' }).click();
  expect(await screen.findByText('Invitation sent to ivan@acme.example.')).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'SendInvitations')?.variables).toEqual({ ids: ['Ivan'] });
});

it('lists active review cycles with their completion band', async () => {
  const cycle = (id: string, name: string, status: 'ACTIVE' | 'CLOSED', submitted: number, requests: number) => ({
    id,
    name,
    type: '360',
    status,
    template_name: '360 review',
    nomination_end: null,
    review_end: '2026-12-15T00:00:00.000Z',
    results_release: null,
    participant_count: 4,
    request_count: requests,
    submitted_count: submitted,
    can_manage: true,
    created_by: null,
  });
  const empty = {
    headcount: { active: 1, invited: 0, deactivated: 0 },
    pending_invitations: { count: 0, not_invited: 0, oldest: [] },
    recent_sign_ins: [],
    engagement_by_day: days(() => 0),
    top_pages: [],
  };
  stubGraphql(
    {
      FeatureAreas: () => ({ data: { featureAreas: FEATURE_AREAS.map((area) => ({ area, label: area, built: true, enabled: true, updated_at: null })) } }),
      AdminDashboard: () => ({ data: { adminDashboard: empty, readsPublicForms: false } }),
      ReviewCycles: () => ({
        data: { reviewCycles: [cycle('c1', 'Q4 360', 'ACTIVE', 8, 10), cycle('c2', 'Spring 360', 'CLOSED', 10, 10), cycle('c3', 'Sprint 12', 'ACTIVE', 3, 4)] },
      }),
    },
    { me: meAs('ADMIN') },
  );
  await signIn();
  renderRoute('/admin/dashboard');
  const section = await screen.findByRole('region', { name: 'Active review cycles' });
  const bars = await within(section).findAllByRole('progressbar');
  expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
    expect.stringMatching(/^Q4 360 reviews submitted: /),
    expect.stringMatching(/^Sprint 12 reviews submitted: /),
  ]);
  expect(bars.map((b) => b.closest('[data-band]')?.getAttribute('data-band'))).toEqual(['almost', 'behind']);
  expect(within(section).queryByText('Spring 360')).toBeNull();
  expect(within(section).getByText('8 of 10 (80%)')).toBeTruthy();
});
