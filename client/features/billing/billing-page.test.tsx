// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Billing, OrganizationBilling, SeatPerson } from './api.js';
import { formatMonth } from '../../../shared/format.js';

cleanUpBetweenTests();

const months = (values: Array<number | null>) =>
  values.map((v, i) => {
    const month = `2026-${String(i + 1).padStart(2, '0')}`;
    return { month, label: formatMonth(month), highest: v, latest: v };
  });
const TEAM = {
  id: 'team',
  name: 'Team',
  seat_limit: 10,
  per_seat: false,
  features: ['Reviews', 'Retros'],
  trial_days: 14,
  price_label: '€90 a month',
  can_checkout: true,
};
const BUSINESS = {
  id: 'business',
  name: 'Business',
  seat_limit: null,
  per_seat: true,
  features: ['Insights'],
  trial_days: 0,
  price_label: '€8 per seat a month',
  can_checkout: true,
};

function billing(patch: Partial<Billing> = {}): Billing {
  return {
    mode: 'NONE',
    exempt: false,
    plan: null,
    status: 'NONE',
    seats: { seats: 4, active: 3, invited: 1 },
    seat_limit: null,
    not_counted: { deactivated: 2, demo: 0, removed: 1 },
    history: months([null, null, null, null, null, null, null, null, 2, 3, 3, 4]),
    history_is_demo: false,
    trial_ends_at: null,
    current_period_end: null,
    cancel_at_period_end: false,
    past_due_since: null,
    read_only_from: null,
    grace_days: 14,
    plans: [],
    can_manage_payment: false,
    ...patch,
  };
}
const person = (n: number, state: SeatPerson['state'] = 'ACTIVE'): SeatPerson => ({
  id: `u${n}`,
  full_name: `Person ${n}`,
  email: `p${n}@acme.example`,
  state,
  invited_at: state === 'INVITED' ? '2026-11-02T10:00:00Z' : null,
  last_login: null,
});

function stub(state: Billing, handlers: OperationHandlers = {}, operator = false) {
  return stubGraphql(
    {
      Billing: () => ({ data: { billing: state } }),
      BillingSeatPeople: (v) => {
        const all = [person(1), person(2), person(3), person(4, 'INVITED')].filter(
          (p) => (!v.state || p.state === v.state) && (!v.q || p.full_name.toLowerCase().includes(String(v.q).toLowerCase())),
        );
        return { data: { billingSeatPeople: { total: all.length, people: all } } };
      },
      BillingInvoices: () => ({
        data: {
          billingInvoices: {
            available: true,
            error: null,
            invoices: [
              {
                id: 'in_1',
                number: 'INV-1',
                created: '2026-11-01T00:00:00Z',
                amount: 3200,
                currency: 'eur',
                status: 'paid',
                hosted_url: 'https://pay.example/in_1',
                pdf_url: null,
              },
            ],
          },
        },
      }),
      InstallSignUp: () => ({
        data: { installSignUp: { open: false, source: 'DEFAULT', is_operator_organization: operator, can_change: operator, updated_at: null } },
      }),
      ...handlers,
    },
    { me: meAs('ADMIN') },
  );
}

it('none mode: self-hosted, seats without a limit, who does not count, the year as a chart with its table, and who counts filtered from the address', async () => {
  const { calls } = stub(billing());
  await renderSignedIn('/admin/settings/billing?state=INVITED');
  expect(await screen.findByText(/This Teamlens server is self-hosted: there are no plans, no limits/)).toBeTruthy();
  const summary = screen.getByRole('region', { name: 'Plan and seats' });
  expect(within(summary).getByText('4 seats used, no limit')).toBeTruthy();
  expect(within(summary).getByText('2 deactivated people, 1 removed person')).toBeTruthy();
  expect(within(summary).queryByText('Plan')).toBeNull();
  expect(within(summary).queryByRole('progressbar')).toBeNull();
  const table = screen.getByRole('region', { name: 'Seats used, highest in each month, table' });
  expect(within(table).getAllByRole('row')).toHaveLength(13);
  expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe('Dec 202644');
  expect(screen.getByText('From 2 seats in Sep 2026 to 4 in Dec 2026; at most 4 in one month.')).toBeTruthy();

  const people = await screen.findByRole('table', { name: 'People who count as seats' });
  expect(
    within(people)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent),
  ).toEqual(['Person 4p4@acme.exampleInvited Invited Nov 2, 2026']);
  expect(calls.filter((c) => c.operationName === 'BillingSeatPeople').at(-1)!.variables).toMatchObject({ q: null, state: 'INVITED' });
  fireEvent.change(screen.getByLabelText('Name or email'), { target: { value: 'person 2' } });
  fireEvent.change(screen.getByLabelText('State'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'BillingSeatPeople').at(-1)!.variables).toMatchObject({ q: 'person 2', state: null }));
  expect(await screen.findByText('1 person match.')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Organizations on this server' })).toBeNull();
  expect(calls.some((c) => c.operationName === 'BillingInvoices')).toBe(false);
});

it('stripe mode: the plan, renewal and a full seat bar; choosing a plan opens Checkout; past due shows the date it turns read-only', async () => {
  const checkouts: string[] = [];
  stub(
    billing({
      mode: 'STRIPE',
      plan: TEAM,
      status: 'PAST_DUE',
      seat_limit: 10,
      seats: { seats: 10, active: 9, invited: 1 },
      current_period_end: '2026-12-20T00:00:00Z',
      past_due_since: '2026-12-01T08:00:00Z',
      read_only_from: '2026-12-15T08:00:00Z',
      plans: [TEAM, BUSINESS],
      can_manage_payment: true,
    }),
    {
      StartBillingCheckout: (v) => {
        checkouts.push(v.plan);
        return refusal(
          'Stripe could not be reached or refused the request. Try again in a minute; if it keeps failing, tell the people who run this server.',
          'CONFLICT',
        );
      },
      BillingNotice: () => ({
        data: {
          billingNotice: {
            status: 'PAST_DUE',
            message: 'A payment failed on Dec 1, 2026. Update the card under Settings, Billing before Dec 15, 2026.',
            read_only_from: '2026-12-15T08:00:00Z',
          },
        },
      }),
    },
  );
  await renderSignedIn('/admin/settings/billing');
  expect(await screen.findByText(/You choose and pay for your plan here\. Payments go through Stripe/)).toBeTruthy();
  const summary = screen.getByRole('region', { name: 'Plan and seats' });
  expect(within(summary).getByText('Team (Up to 10 seats · €90 a month)')).toBeTruthy();
  expect(within(summary).getByText('Past due')).toBeTruthy();
  expect(within(summary).getByText('Dec 20, 2026')).toBeTruthy();
  expect(within(summary).getByRole('progressbar', { name: 'Seats used' }).getAttribute('aria-valuetext')).toBe('10 of 10 seats used');
  expect(within(summary).getByText(/All seats are used: adding or inviting more people is refused/)).toBeTruthy();
  expect(within(summary).getByText(/Unless it is paid by Dec 15, 2026, the organization becomes read-only for new content/)).toBeTruthy();
  expect(screen.getAllByText(/A payment failed on Dec 1, 2026/).some((el) => el.closest('.billing-banner'))).toBe(true);
  expect(screen.getByRole('link', { name: 'Open billing' }).getAttribute('href')).toBe('/admin/settings/billing');

  const plans = screen.getByRole('region', { name: 'Plans' });
  expect(within(plans).getByText('Team')).toBeTruthy();
  expect(within(plans).getByRole('button', { name: 'Manage payment' })).toBeTruthy();
  fireEvent.click(within(plans).getByRole('button', { name: 'Change to Business' }));
  expect(await within(plans).findByRole('alert')).toHaveProperty(
    'textContent',
    'Stripe could not be reached or refused the request. Try again in a minute; if it keeps failing, tell the people who run this server.',
  );
  expect(checkouts).toEqual(['business']);
  const invoices = await screen.findByRole('table', { name: 'Invoices' });
  expect(within(invoices).getAllByRole('row')[1]!.textContent).toContain('€32.00');
});

it("the operator sees every organization and changes one in plans mode; the server's refusal stays in the dialog", async () => {
  const orgs: OrganizationBilling[] = [
    {
      organization_id: 'o1',
      name: 'Acme',
      is_operator: true,
      plan: null,
      status: 'NONE',
      seats: 12,
      seat_limit: null,
      own_seat_limit: null,
      renews_at: null,
      trial_ends_at: null,
      cancel_at_period_end: false,
      created_at: '2026-01-01T00:00:00Z',
    },
    {
      organization_id: 'o2',
      name: 'Globex',
      is_operator: false,
      plan: { id: 'team', name: 'Team' },
      status: 'TRIALING',
      seats: 4,
      seat_limit: 10,
      own_seat_limit: null,
      renews_at: null,
      trial_ends_at: '2026-12-20T00:00:00Z',
      cancel_at_period_end: false,
      created_at: '2026-02-01T00:00:00Z',
    },
  ];
  const sent: unknown[] = [];
  stub(
    billing({ mode: 'PLANS', exempt: true, plans: [TEAM, BUSINESS] }),
    {
      OperatorBilling: () => ({ data: { operatorBilling: orgs } }),
      SetOrganizationBilling: (v) => {
        sent.push(v.input);
        if (sent.length === 1) return refusal('plan_id: no such plan in BILLING_PLANS.', 'BAD_USER_INPUT');
        return {
          data: { setOrganizationBilling: { ...orgs[1]!, plan: { id: 'business', name: 'Business' }, status: 'ACTIVE', seat_limit: 25, own_seat_limit: 25 } },
        };
      },
    },
    true,
  );
  await renderSignedIn('/admin/settings/billing');
  expect(await screen.findByText(/Your organization runs this Teamlens server: it is never billed or limited/)).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Plans' })).toBeNull();
  const list = await screen.findByRole('table', { name: 'Organizations on this server' });
  expect(
    within(list)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent),
  ).toEqual(['Acme (runs this server)Never billed12, no limitNo plan——', 'GlobexTeam4 of 10TrialTrial ends Dec 20, 2026Change']);
  fireEvent.click(within(list).getByRole('button', { name: 'Change Globex’s plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Globex' });
  fireEvent.change(within(dialog).getByLabelText('Plan'), { target: { value: 'business' } });
  fireEvent.change(within(dialog).getByLabelText('Seat limit for this organization'), { target: { value: '0' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('At least 1 seat.')).toBeTruthy();
  expect(sent).toEqual([]);
  fireEvent.change(within(dialog).getByLabelText('Seat limit for this organization'), { target: { value: '25' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'plan_id: no such plan in BILLING_PLANS.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(sent.at(-1)).toEqual({ organization_id: 'o2', plan_id: 'business', seat_limit: 25, status: null });
  expect(within(screen.getByRole('table', { name: 'Organizations on this server' })).getAllByRole('row')[2]!.textContent).toContain('Business4 of 25Active');
});
