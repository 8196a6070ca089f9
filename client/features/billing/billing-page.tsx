import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BillingSearch } from './billing.search.js';
import { showAlert } from '../../lib/alerts.js';
import { billingQueryOptions } from './api.js';
import { BillingHistory } from './billing-history.js';
import { BillingOperator } from './billing-operator.js';
import { BillingPeople } from './billing-people.js';
import { BillingInvoices, BillingPlans } from './billing-plans.js';
import { BillingSummary, billingIntro } from './billing-summary.js';
import '../org-settings/org-settings.css';
import './billing.css';

type Props = { search: BillingSearch; onSearch: (next: BillingSearch) => void; isOperator: boolean };

/**
 * /admin/settings/billing for every organization in every mode: the plan and seats, the plans (and
 * Stripe's Checkout, Portal and invoices in stripe mode), a year of seats, who counts, and for the
 * operator organization every organization on the server.
 */
export function BillingPage({ search, onSearch, isOperator }: Props) {
  const { data: billing } = useSuspenseQuery(billingQueryOptions);
  const returned = search.checkout;
  const told = useRef<string | null>(null);
  // Back from Stripe Checkout: said once, and the address loses its ?checkout=.
  useEffect(() => {
    if (!returned || told.current === returned) return;
    told.current = returned;
    showAlert(
      returned === 'done'
        ? 'Thank you: Stripe has your payment details. The plan shows here as soon as Stripe confirms it, usually within seconds.'
        : 'Checkout was cancelled: nothing changed.',
      returned === 'done' ? 'success' : 'info',
    );
    onSearch({ ...search, checkout: undefined });
  }, [returned, search, onSearch]);
  return (
    <section className="page settings-page billing-page">
      <h1>Billing</h1>
      <p className="muted">{billingIntro(billing)}</p>
      <BillingSummary billing={billing} />
      <BillingPlans billing={billing} />
      {billing.mode === 'STRIPE' && !billing.exempt && <BillingInvoices />}
      <BillingHistory billing={billing} />
      <BillingPeople search={search} onSearch={(next) => onSearch({ ...next, checkout: undefined })} />
      {isOperator && <BillingOperator billing={billing} />}
    </section>
  );
}
