import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useId, useState, type FormEvent } from 'react';
import { BILLING_STATUS_LABEL, OPERATOR_SETTABLE_STATUSES, operatorBillingChangeSchema, type BillingStatus } from '../../../shared/billing.js';
import { formatDay, formatNumber } from '../../../shared/format.js';
import { fieldErrorsOf } from '../../../shared/field-errors.js';
import { FormError } from '../../components/ui/field.js';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { operatorBillingQueryOptions, useSetOrganizationBilling, type Billing, type OrganizationBilling } from './api.js';

const limitText = (o: OrganizationBilling) =>
  o.seat_limit === null ? `${formatNumber(o.seats)}, no limit` : `${formatNumber(o.seats)} of ${formatNumber(o.seat_limit)}`;

function dateText(o: OrganizationBilling): string {
  if (o.status === 'TRIALING' && o.trial_ends_at) return `Trial ends ${formatDay(o.trial_ends_at)}`;
  if (o.renews_at) return `${o.cancel_at_period_end ? 'Ends' : 'Renews'} ${formatDay(o.renews_at)}`;
  return '—';
}

/** The operator's change of one organization (plans mode): plan, its own seat limit, status. */
function EditDialog({ org, plans }: { org: OrganizationBilling; plans: Billing['plans'] }) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetOrganizationBilling();
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const limit = String(data.get('seat_limit') ?? '').trim();
    const parsed = operatorBillingChangeSchema.safeParse({
      organization_id: org.organization_id,
      plan_id: String(data.get('plan_id') ?? '') || null,
      seat_limit: limit === '' ? null : Number(limit),
      status: (String(data.get('status') ?? '') || null) as BillingStatus | null,
    });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setOpen(false);
      showAlert(`${org.name}’s billing was saved.`, 'success');
    } catch {
      // The server's message is shown in the dialog.
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) save.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button-secondary button-small" aria-label={`Change ${org.name}’s plan`}>
          Change
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{org.name}</Dialog.Title>
          <Dialog.Description className="muted">
            A new plan starts its trial, if it has one. Every change is written to both organizations’ audit logs.
          </Dialog.Description>
          <form className="billing-edit" onSubmit={(e) => void submit(e)}>
            <div className="field">
              <label htmlFor={`${id}-plan`}>Plan</label>
              <select id={`${id}-plan`} name="plan_id" defaultValue={org.plan?.id ?? ''}>
                <option value="">No plan (no limit)</option>
                {plans.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-limit`}>Seat limit for this organization</label>
              <input
                id={`${id}-limit`}
                name="seat_limit"
                inputMode="numeric"
                defaultValue={org.own_seat_limit ?? ''}
                aria-invalid={errors.seat_limit ? true : undefined}
                aria-describedby={`${id}-limit-hint${errors.seat_limit ? ` ${id}-limit-error` : ''}`}
              />
              <p id={`${id}-limit-hint`} className="field-hint">
                Empty: the plan’s limit. People over a lowered limit keep their access; only adding more is refused.
              </p>
              {errors.seat_limit && (
                <p id={`${id}-limit-error`} className="field-error">
                  {errors.seat_limit}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-status`}>Status</label>
              <select id={`${id}-status`} name="status" defaultValue="">
                <option value="">Keep {BILLING_STATUS_LABEL[org.status].toLowerCase()} (a new plan: trial or active)</option>
                {OPERATOR_SETTABLE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {BILLING_STATUS_LABEL[s]}
                  </option>
                ))}
              </select>
            </div>
            <FormError message={save.error?.message} />
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="button button-secondary">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The operator organization's view of every organization on the server: plan, seats, status, renewal. */
export function BillingOperator({ billing }: { billing: Billing }) {
  const headingId = useId();
  const orgs = useQuery(operatorBillingQueryOptions);
  const canEdit = billing.mode === 'PLANS';
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Organizations on this server</h2>
      <p className="muted">
        {billing.mode === 'NONE'
          ? 'Billing is off (BILLING=none): nobody has a plan or a limit. Seats are counted for each organization.'
          : canEdit
            ? 'Give each organization a plan, its own seat limit, or a status. Your own organization is never billed.'
            : 'Organizations choose and pay for their plans through Stripe; their status follows Stripe’s.'}
      </p>
      {orgs.isPending ? (
        <PendingView label="Loading organizations…" />
      ) : orgs.isError ? (
        <p role="alert" className="form-error">
          The organizations could not be loaded: {orgs.error.message}
        </p>
      ) : (
        <table className="billing-table">
          <caption className="sr-only">Organizations on this server</caption>
          <thead>
            <tr>
              <th scope="col">Organization</th>
              <th scope="col">Plan</th>
              <th scope="col">Seats</th>
              <th scope="col">Status</th>
              <th scope="col">Renewal</th>
              {canEdit && (
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {orgs.data.map((o) => (
              <tr key={o.organization_id}>
                <td data-label="Organization">
                  <span>
                    {o.name}
                    {o.is_operator && <span className="muted"> (runs this server)</span>}
                  </span>
                </td>
                <td data-label="Plan">{o.is_operator ? 'Never billed' : (o.plan?.name ?? 'No plan')}</td>
                <td data-label="Seats">{limitText(o)}</td>
                <td data-label="Status">
                  <span>
                    <span className={`billing-status billing-status-${o.status.toLowerCase()}`}>{BILLING_STATUS_LABEL[o.status]}</span>
                  </span>
                </td>
                <td data-label="Renewal">{dateText(o)}</td>
                {canEdit && (
                  <td data-label="Action">
                    {o.is_operator ? <span className="muted">—</span> : <EditDialog org={o} plans={billing.plans.length ? billing.plans : []} />}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
