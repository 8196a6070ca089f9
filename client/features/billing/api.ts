import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorBillingChange, SeatState } from '../../../shared/billing.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

/** Billing (server/features/billing, docs/decisions/0068). */
const PLAN = 'id name seat_limit per_seat features trial_days price_label can_checkout';
export const BILLING = graphql(`
  query Billing {
    billing {
      mode exempt status seat_limit history_is_demo trial_ends_at current_period_end cancel_at_period_end past_due_since read_only_from grace_days can_manage_payment
      plan { ${PLAN} } plans { ${PLAN} }
      seats { seats active invited } not_counted { deactivated demo removed }
      history { month label highest latest }
    }
  }
`);

/** Billing (server/features/billing, docs/decisions/0068). */
export type Billing = ResultOf<typeof BILLING>['billing'];
export type BillingMode = Billing['mode'];
export type BillingPlan = Billing['plans'][number];
export type SeatMonth = Billing['history'][number];

export const billingQueryOptions = queryOptions({
  queryKey: ['billing'],
  queryFn: async () => (await gql(BILLING)).billing,
});

export const PEOPLE = graphql(`
  query BillingSeatPeople($q: String, $state: SeatState, $first: Int) {
    billingSeatPeople(q: $q, state: $state, first: $first) { total people { id full_name email state invited_at last_login } }
  }
`);
export type SeatPerson = ResultOf<typeof PEOPLE>['billingSeatPeople']['people'][number];
/** People listed at once; the search narrows a longer list. */
export const SEAT_PEOPLE_PAGE = 100;

export const billingSeatPeopleQueryOptions = (filter: { q?: string | undefined; state?: SeatState | undefined }) =>
  queryOptions({
    queryKey: ['billing', 'people', filter.q ?? '', filter.state ?? ''],
    queryFn: async () => (await gql(PEOPLE, { q: filter.q || null, state: filter.state ?? null, first: SEAT_PEOPLE_PAGE })).billingSeatPeople,
  });

export const INVOICES = graphql(
  `query BillingInvoices { billingInvoices { available error invoices { id number created amount currency status hosted_url pdf_url } } }`,
);
export type BillingInvoice = ResultOf<typeof INVOICES>['billingInvoices']['invoices'][number];

export const billingInvoicesQueryOptions = queryOptions({
  queryKey: ['billing', 'invoices'],
  queryFn: async () => (await gql(INVOICES)).billingInvoices,
});

export const NOTICE = graphql(`query BillingNotice { billingNotice { status message read_only_from } }`);
export type BillingNotice = NonNullable<ResultOf<typeof NOTICE>['billingNotice']>;

/** The app shell's billing notice; an answer without it (an older server, a stubbed test) means none. */
export const billingNoticeQueryOptions = queryOptions({
  queryKey: ['billing', 'notice'],
  queryFn: async () => (await gql(NOTICE)).billingNotice ?? null,
  staleTime: 60_000,
});

const ORG_FIELDS =
  'organization_id name is_operator plan { id name } status seats seat_limit own_seat_limit renews_at trial_ends_at cancel_at_period_end created_at';
export const OPERATOR = graphql(`query OperatorBilling { operatorBilling { ${ORG_FIELDS} } }`);
export type OrganizationBilling = ResultOf<typeof OPERATOR>['operatorBilling'][number];

export const operatorBillingQueryOptions = queryOptions({
  queryKey: ['billing', 'operator'],
  queryFn: async () => (await gql(OPERATOR)).operatorBilling,
});

export const CHECKOUT = graphql(`mutation StartBillingCheckout($plan: ID!) { startBillingCheckout(plan_id: $plan) }`);
export const PORTAL = graphql(`mutation OpenBillingPortal { openBillingPortal }`);

/** Stripe's pages (Checkout, the Customer Portal) open in place of the app; Stripe brings the admin back. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: async (planId: string) => (await gql(CHECKOUT, { plan: planId })).startBillingCheckout,
    onSuccess: leaveFor,
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => (await gql(PORTAL)).openBillingPortal,
    onSuccess: leaveFor,
  });
}

export const SET = graphql(`mutation SetOrganizationBilling($input: OrganizationBillingInput!) { setOrganizationBilling(input: $input) { ${ORG_FIELDS} } }`);

export function useSetOrganizationBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OperatorBillingChange) => (await gql(SET, { input })).setOrganizationBilling,
    onSuccess: (saved) => {
      queryClient.setQueryData(operatorBillingQueryOptions.queryKey, (list) => list?.map((o) => (o.organization_id === saved.organization_id ? saved : o)));
      void queryClient.invalidateQueries({ queryKey: ['auditEvents'] });
    },
  });
}
