import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useId, useState, type FormEvent } from 'react';
import { INTEGRATION_PROVIDERS, PROVIDER_LABEL, type IntegrationProvider } from '../../../shared/integrations.js';
import { FormError } from '../../components/ui/field.js';
import { EmptyState, PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { pickablePeopleQueryOptions } from '../teams/api.js';
import { PersonPicker } from '../teams/person-picker.js';
import {
  externalAccountsQueryOptions,
  MATCH_KIND_LABELS,
  useMatchExternalAccount,
  useRematchExternalAccounts,
  useSetExternalAccountBot,
  type AccountFilter,
  type ExternalAccount,
} from './api.js';

const FILTERS: Array<{ value: AccountFilter; label: string }> = [
  { value: 'UNMATCHED', label: 'Not matched' },
  { value: 'AMBIGUOUS', label: 'Ambiguous' },
  { value: 'MATCHED', label: 'Matched' },
  { value: 'BOTS', label: 'Bots' },
  { value: 'ALL', label: 'All' },
];
const PAGE = 25;

export const accountName = (a: ExternalAccount): string => a.login ?? a.display_name ?? a.external_id;

/** People: the accounts of the connected services and who they are matched to; fix the unmatched and ambiguous ones. */
export function PeopleSection() {
  const headingId = useId();
  const [filter, setFilter] = useState<AccountFilter>('UNMATCHED');
  const [provider, setProvider] = useState<IntegrationProvider | ''>('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [matching, setMatching] = useState<ExternalAccount | null>(null);
  const accounts = useQuery({
    ...externalAccountsQueryOptions({ provider: provider || null, filter, search, limit: PAGE, offset }),
    placeholderData: keepPreviousData,
  });
  const rematch = useRematchExternalAccounts();
  const bot = useSetExternalAccountBot();
  const page = accounts.data;
  const reset = () => setOffset(0);
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <div className="row-between">
        <h2 id={headingId}>People</h2>
        <button
          type="button"
          className="button button-secondary"
          disabled={rematch.isPending}
          onClick={() =>
            rematch.mutate(undefined, {
              onSuccess: (n) =>
                showAlert(n ? `${n} ${n === 1 ? 'account was' : 'accounts were'} matched.` : 'No new matches: fix the remaining accounts by hand.', 'success'),
              onError: (e) => showAlert(e.message, 'error'),
            })
          }
        >
          {rematch.isPending ? 'Matching…' : 'Match again'}
        </button>
      </div>
      <p>
        Accounts are matched to people by their profile fields (GitHub user, Jira account id, Slack id…) and by email. Match the rest here; a match fills in the
        person’s field. Bots are left out of every metric.
      </p>
      <div className="integration-filters">
        <div className="field">
          <label htmlFor={`${headingId}-filter`}>Show</label>
          <select
            id={`${headingId}-filter`}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as AccountFilter);
              reset();
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${headingId}-provider`}>Service</label>
          <select
            id={`${headingId}-provider`}
            value={provider}
            onChange={(e) => {
              setProvider(e.target.value as IntegrationProvider | '');
              reset();
            }}
          >
            <option value="">Every service</option>
            {INTEGRATION_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${headingId}-search`}>Search accounts</label>
          <input
            id={`${headingId}-search`}
            type="search"
            value={search}
            placeholder="Login, name or email"
            onChange={(e) => {
              setSearch(e.target.value);
              reset();
            }}
          />
        </div>
      </div>
      {accounts.isPending ? (
        <PendingView label="Loading accounts…" />
      ) : accounts.isError ? (
        <p role="alert" className="form-error">
          The accounts could not be loaded: {accounts.error.message}
        </p>
      ) : !page || page.items.length === 0 ? (
        <EmptyState title={filter === 'UNMATCHED' || filter === 'AMBIGUOUS' ? 'Nothing to fix' : 'No accounts'}>
          <p>
            {search
              ? 'No account fits the search.'
              : filter === 'UNMATCHED' || filter === 'AMBIGUOUS'
                ? 'Every account is matched to a person or marked as a bot.'
                : 'Accounts appear here after a sync.'}
          </p>
        </EmptyState>
      ) : (
        <>
          {/* Busy while a changed filter's accounts load: the rows shown are still the previous filter's. */}
          <div className="integration-table-wrap" tabIndex={0} role="region" aria-label="Account list" aria-busy={accounts.isPlaceholderData || undefined}>
            <table className="integration-table integration-people">
              <caption className="sr-only">Accounts of the connected services</caption>
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Account</th>
                  <th scope="col">Email</th>
                  <th scope="col">Person</th>
                  <th scope="col">Match</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((a) => (
                  <tr key={a.id}>
                    <td>{PROVIDER_LABEL[a.provider]}</td>
                    <th scope="row" className="integration-account">
                      {accountName(a)}
                      {a.display_name && a.login && <span className="muted"> {a.display_name}</span>}
                    </th>
                    <td className="integration-email">{a.email ?? '—'}</td>
                    <td>
                      {a.user ? a.user.full_name : a.is_bot ? 'Bot' : 'Not matched'}
                      {a.match_kind === 'AMBIGUOUS' && a.candidates.length > 0 && (
                        <span className="muted"> (could be {a.candidates.map((c) => c.full_name).join(' or ')})</span>
                      )}
                    </td>
                    <td>{a.is_bot ? 'Bot' : MATCH_KIND_LABELS[a.match_kind]}</td>
                    <td>
                      <div className="integration-row-actions">
                        {!a.is_bot && (
                          <button
                            type="button"
                            className="button button-small button-secondary"
                            onClick={() => setMatching(a)}
                            aria-label={`Match ${accountName(a)}`}
                          >
                            Match
                          </button>
                        )}
                        <label className="checkbox">
                          <input
                            type="checkbox"
                            checked={a.is_bot}
                            disabled={bot.isPending}
                            onChange={(e) => bot.mutate({ id: a.id, is_bot: e.target.checked }, { onError: (err) => showAlert(err.message, 'error') })}
                          />
                          <span>
                            Not a person (bot)<span className="sr-only">: {accountName(a)}</span>
                          </span>
                        </label>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="integration-pages" aria-label="Account pages">
            <span aria-live="polite">
              {offset + 1}–{offset + page.items.length} of {page.total}
            </span>
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              Previous
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={offset + PAGE >= page.total}
              onClick={() => setOffset(offset + PAGE)}
            >
              Next
            </button>
          </nav>
        </>
      )}
      {matching && <MatchDialog account={matching} onClose={() => setMatching(null)} />}
    </section>
  );
}

function MatchDialog({ account, onClose }: { account: ExternalAccount; onClose: () => void }) {
  const people = useQuery(pickablePeopleQueryOptions);
  const match = useMatchExternalAccount();
  const [error, setError] = useState<string | null>(null);
  const name = accountName(account);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const userId = new FormData(event.currentTarget).get('user_id');
    try {
      const saved = await match.mutateAsync({ id: account.id, user_id: typeof userId === 'string' && userId ? userId : null });
      showAlert(saved.user ? `${name} is matched to ${saved.user.full_name}.` : `${name} is matched to nobody.`, 'success');
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    }
  }
  const live = (people.data ?? []).filter((p) => p.status !== 'DEACTIVATED');
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !match.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog integration-dialog">
          <Dialog.Title>Match {name}</Dialog.Title>
          <Dialog.Description className="muted">
            {PROVIDER_LABEL[account.provider]} account {name}
            {account.email ? ` (${account.email})` : ''}. The person’s profile gets this account, and its work counts for them.
          </Dialog.Description>
          {people.isPending ? (
            <PendingView label="Loading people…" />
          ) : (
            <form className="form" aria-label={`Match ${name}`} onSubmit={(e) => void onSubmit(e)}>
              <PersonPicker label="Person" name="user_id" people={live} defaultValue={account.user?.id ?? null} noneLabel="Nobody" />
              {account.candidates.length > 0 && (
                <p className="field-hint">More than one person fits: {account.candidates.map((c) => `${c.full_name} (${c.email})`).join(', ')}.</p>
              )}
              <FormError message={error} />
              <div className="dialog-actions">
                <button type="button" className="button button-secondary" onClick={onClose} disabled={match.isPending}>
                  Cancel
                </button>
                <button type="submit" className="button" disabled={match.isPending}>
                  {match.isPending ? 'Saving…' : 'Save match'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
