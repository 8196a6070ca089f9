import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDay, formatMoney } from '../../../shared/format.js';
import { FormError } from '../../components/ui/field.js';
import { PendingView } from '../../components/ui/states.js';
import { billingInvoicesQueryOptions, useOpenPortal, useStartCheckout, type Billing, type BillingPlan } from './api.js';
import { planTerms } from './billing-summary.js';

const LIVE = new Set(['ACTIVE', 'TRIALING', 'PAST_DUE']);

function PlanCard({ plan, billing, onChoose, choosing }: { plan: BillingPlan; billing: Billing; onChoose: (id: string) => void; choosing: string | null }) {
  const current = billing.plan?.id === plan.id && (billing.mode === 'PLANS' || LIVE.has(billing.status));
  const tooSmall = plan.seat_limit !== null && billing.seats.seats > plan.seat_limit;
  return (
    <li className="billing-plan" aria-current={current || undefined}>
      <h3>
        {plan.name}
        {current && <span className="billing-current"> · your plan</span>}
      </h3>
      <p className="muted">
        {planTerms(plan)}
        {plan.trial_days > 0 ? ` · ${plan.trial_days}-day trial` : ''}
      </p>
      {plan.features.length > 0 && (
        <ul className="billing-features">
          {plan.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {billing.mode === 'STRIPE' && !current && plan.can_checkout && (
        <div>
          <button
            type="button"
            className="button button-small"
            disabled={!!choosing || tooSmall}
            aria-busy={choosing === plan.id || undefined}
            onClick={() => onChoose(plan.id)}
          >
            {choosing === plan.id
              ? 'Opening Stripe Checkout…'
              : billing.plan?.can_checkout && LIVE.has(billing.status)
                ? `Change to ${plan.name}`
                : `Choose ${plan.name}`}
          </button>
          {tooSmall && <p className="field-hint">Too small for your {billing.seats.seats} seats.</p>}
        </div>
      )}
    </li>
  );
}

/** The plans to see (plans mode) or choose through Stripe Checkout (stripe mode), and the Customer Portal. */
export function BillingPlans({ billing }: { billing: Billing }) {
  const headingId = useId();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  if (billing.exempt || billing.mode === 'NONE' || billing.plans.length === 0) return null;
  const choosing = checkout.isPending || checkout.isSuccess ? (checkout.variables ?? null) : null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <div className="row-between">
        <h2 id={headingId}>Plans</h2>
        {billing.can_manage_payment && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={portal.isPending || portal.isSuccess}
            onClick={() => portal.mutate()}
          >
            {portal.isPending || portal.isSuccess ? 'Opening Stripe…' : 'Manage payment'}
          </button>
        )}
      </div>
      {billing.mode === 'STRIPE' ? (
        <p className="muted">
          Choosing or changing a plan opens Stripe Checkout; a change is prorated by Stripe. “Manage payment” opens Stripe’s portal for cards, invoices and
          cancelling at the end of the period.
        </p>
      ) : (
        <p className="muted">Your plan is set by the people who run this server.</p>
      )}
      <FormError message={checkout.error?.message ?? portal.error?.message} />
      <ul className="billing-plans">
        {billing.plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} billing={billing} choosing={choosing} onChoose={(id) => checkout.mutate(id)} />
        ))}
      </ul>
    </section>
  );
}

/** Stripe's latest invoices for the organization (stripe mode). */
export function BillingInvoices() {
  const headingId = useId();
  const invoices = useQuery(billingInvoicesQueryOptions);
  if (invoices.data && !invoices.data.available) return null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Invoices</h2>
      {invoices.isPending ? (
        <PendingView label="Loading invoices from Stripe…" />
      ) : invoices.isError || invoices.data.error ? (
        <div role="alert" className="form-error">
          <p>{invoices.error?.message ?? invoices.data?.error}</p>
          <button type="button" className="button button-small" onClick={() => void invoices.refetch()}>
            Try again
          </button>
        </div>
      ) : invoices.data.invoices.length === 0 ? (
        <p className="muted">No invoices yet.</p>
      ) : (
        <table className="billing-table">
          <caption className="sr-only">Invoices</caption>
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Links</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.invoices.map((i) => (
              <tr key={i.id}>
                <td data-label="Invoice">{i.number ?? 'Draft'}</td>
                <td data-label="Date">{formatDay(i.created)}</td>
                <td data-label="Amount">{formatMoney(i.amount, i.currency)}</td>
                <td data-label="Status">{i.status === 'paid' ? 'Paid' : i.status === 'open' ? 'Due' : i.status}</td>
                <td data-label="Links">
                  <span>
                    {i.hosted_url && (
                      <a href={i.hosted_url} rel="noreferrer" target="_blank">
                        View<span className="sr-only"> invoice {i.number}</span>
                      </a>
                    )}
                    {i.pdf_url && (
                      <>
                        {' '}
                        ·{' '}
                        <a href={i.pdf_url} rel="noreferrer" target="_blank">
                          PDF<span className="sr-only"> of invoice {i.number}</span>
                        </a>
                      </>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
