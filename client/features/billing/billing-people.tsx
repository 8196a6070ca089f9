import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import type { SeatState } from '../../../shared/billing.js';
import type { BillingSearch } from './billing.search.js';
import { formatDay, formatNumber } from '../../../shared/format.js';
import { PendingView } from '../../components/ui/states.js';
import { billingSeatPeopleQueryOptions, type SeatPerson } from './api.js';

const STATE_LABEL: Record<SeatState, string> = { ACTIVE: 'Active', INVITED: 'Invited' };

function stateText(p: SeatPerson): string {
  if (p.state === 'ACTIVE') return p.last_login ? `Active, last signed in on ${formatDay(p.last_login)}` : 'Active';
  return p.invited_at ? `Invited ${formatDay(p.invited_at)}` : 'Added, invitation not sent yet';
}

type Props = { search: BillingSearch; onSearch: (next: Pick<BillingSearch, 'q' | 'state'>) => void };

/** Who counts as a seat, filtered by a search and by state (kept in the address, so a filtered list can be shared). */
export function BillingPeople({ search, onSearch }: Props) {
  const headingId = useId();
  const people = useQuery({ ...billingSeatPeopleQueryOptions(search), placeholderData: (previous) => previous });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const q = String(data.get('q') ?? '').trim();
    const state = String(data.get('state') ?? '') as SeatState | '';
    onSearch({ q: q || undefined, state: state || undefined });
  }

  const filtered = !!(search.q || search.state);
  return (
    <section className="settings-section billing-people" aria-labelledby={headingId} aria-busy={people.isFetching || undefined}>
      <h2 id={headingId}>Who counts</h2>
      <form className="billing-filter" role="search" aria-label="Filter the people who count" onSubmit={apply}>
        <div className="field">
          <label htmlFor={`${headingId}-q`}>Name or email</label>
          <input id={`${headingId}-q`} name="q" type="search" defaultValue={search.q ?? ''} key={search.q ?? ''} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor={`${headingId}-state`}>State</label>
          <select id={`${headingId}-state`} name="state" defaultValue={search.state ?? ''} key={search.state ?? ''}>
            <option value="">Active and invited</option>
            <option value="ACTIVE">Active</option>
            <option value="INVITED">Invited</option>
          </select>
        </div>
        <div className="billing-filter-actions">
          <button type="submit" className="button button-secondary">
            Filter
          </button>
          {filtered && (
            <button type="button" className="button button-ghost" onClick={() => onSearch({ q: undefined, state: undefined })}>
              Show everyone
            </button>
          )}
        </div>
      </form>
      {people.isPending ? (
        <PendingView label="Loading the people who count…" />
      ) : people.isError ? (
        <div role="alert" className="form-error">
          <p>The list could not be loaded: {people.error.message}</p>
          <button type="button" className="button button-small" onClick={() => void people.refetch()}>
            Try again
          </button>
        </div>
      ) : people.data.total === 0 ? (
        <p className="muted">{filtered ? 'Nobody who counts matches this filter.' : 'Nobody counts yet.'}</p>
      ) : (
        <>
          <p className="muted" role="status">
            {people.data.total > people.data.people.length
              ? `The first ${people.data.people.length} of ${formatNumber(people.data.total)} people, by name: search to find someone.`
              : `${formatNumber(people.data.total)} ${people.data.total === 1 ? 'person' : 'people'}${filtered ? ' match' : ''}.`}
          </p>
          <table className="billing-table">
            <caption className="sr-only">People who count as seats</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Counts as</th>
              </tr>
            </thead>
            <tbody>
              {people.data.people.map((p) => (
                <tr key={p.id}>
                  <td data-label="Name">{p.full_name}</td>
                  <td data-label="Email" className="billing-email">
                    {p.email}
                  </td>
                  <td data-label="Counts as">
                    <span>
                      <span className="billing-state">{STATE_LABEL[p.state]}</span> <span className="muted">{stateText(p)}</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
