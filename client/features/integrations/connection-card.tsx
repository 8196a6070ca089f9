import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useId, useState, type FormEvent } from 'react';
import { BACKFILL_MONTHS, PROVIDER_KIND, PROVIDER_LABEL, type IntegrationProvider } from '../../../shared/integrations.js';
import { Field, FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { refusedSave } from '../../lib/graphql.js';
import type { Team } from '../teams/api.js';
import {
  integrationQueryOptions,
  isActiveRun,
  useDisconnectIntegration,
  useRefreshIntegrationScopes,
  useSetIntegrationScopes,
  useSyncIntegration,
  useTestIntegration,
  useUpdateIntegration,
  type IntegrationConnection,
  type IntegrationScope,
} from './api.js';
import { ConnectDialog } from './connect-dialog.js';
import { SyncHistory, SyncProgress } from './sync-progress.js';
import { formatDateTime } from '../../../shared/format.js';

const STATUS_LABEL = { CONNECTED: 'Connected', ERROR: 'Needs attention', PAUSED: 'Paused' } as const;

const PROVIDER_BLURB: Record<IntegrationProvider, string> = {
  GITHUB: 'Pull requests, reviews and deployments for cycle time, review and DORA insights.',
  BITBUCKET: 'Pull requests and reviews from Bitbucket Cloud.',
  JIRA: 'Issues and sprints for issue cycle time, sprint completion and incidents.',
  AZURE_BOARDS: 'Work items and iterations from Azure DevOps Boards.',
  SLACK: 'With a bot token, notifications go to people by direct message, and people can be matched from Slack’s user list.',
};

const fail = (error: Error) => showAlert(error.message, 'error');

/** One provider: "Connect" when it is not connected, its state and controls when it is. */
export function ProviderCard({
  provider,
  connection,
  teams,
  title,
}: {
  provider: IntegrationProvider;
  connection: IntegrationConnection | undefined;
  teams: Team[];
  title?: string;
}) {
  const headingId = useId();
  const [connecting, setConnecting] = useState(false);
  const label = title ?? (provider === 'SLACK' ? 'Slack bot' : PROVIDER_LABEL[provider]);
  return (
    <article className="integration-card" aria-labelledby={headingId}>
      <div className="row-between">
        <h3 id={headingId}>{label}</h3>
        {connection ? (
          <span className={`integration-status integration-status-${connection.status}`}>{STATUS_LABEL[connection.status]}</span>
        ) : (
          <span className="integration-status">Not connected</span>
        )}
      </div>
      {!connection?.is_sample && <p className="muted">{PROVIDER_BLURB[provider]}</p>}
      {connection ? (
        <Connected initial={connection} label={label} teams={teams} />
      ) : (
        <div>
          <button type="button" className="button" onClick={() => setConnecting(true)} aria-label={`Connect ${label}`}>
            Connect
          </button>
        </div>
      )}
      {connecting && <ConnectDialog provider={provider} onClose={() => setConnecting(false)} />}
    </article>
  );
}

function CopyButton({ value, what }: { value: string; what: string }) {
  return (
    <button
      type="button"
      className="button button-small button-secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => showAlert(`${what} copied.`, 'success'),
          () => showAlert(`Copy ${what.toLowerCase()} by hand: select it and copy.`, 'warning'),
        );
      }}
    >
      Copy {what.toLowerCase()}
    </button>
  );
}

/**
 * Azure DevOps does not sign service hook deliveries: the subscription's Basic authentication
 * password is the webhook secret, checked by the server (azure/azure.webhook.ts).
 */
function AzureServiceHookSetup({ url, hasSecret }: { url: string; hasSecret: boolean }) {
  const headingId = useId();
  return (
    <section className="integration-webhook" aria-labelledby={headingId}>
      <p id={headingId}>
        <strong>Webhook URL</strong> {hasSecret ? '(checked with the webhook secret you set)' : '(set a webhook secret to receive changes at once)'}
      </p>
      <div className="integration-webhook-row">
        <code className="integration-code">{url}</code>
        <CopyButton value={url} what="Webhook URL" />
      </div>
      <p>
        To receive changes at once, in Azure DevOps open <strong>Project settings › Service hooks</strong> and create a <strong>Web Hooks</strong> subscription
        for each of <strong>Work item created</strong>, <strong>Work item updated</strong> and <strong>Work item deleted</strong>:
      </p>
      <ul>
        <li>URL: the webhook URL above;</li>
        <li>
          Basic authentication: any user name, and as the password the webhook secret{' '}
          {hasSecret ? 'you set for this connection' : 'you set with “Update token” (at least 16 characters)'}.
        </li>
      </ul>
      <p className="muted">Changes missed while the hook was down are healed by the nightly sync.</p>
    </section>
  );
}

function Connected({ initial, label, teams }: { initial: IntegrationConnection; label: string; teams: Team[] }) {
  // The connection itself, polled every 1.5 s while a run is queued, running or rate limited.
  const { data } = useQuery({ ...integrationQueryOptions(initial.id), initialData: initial });
  const c = data ?? initial;
  const sync = useSyncIntegration();
  const test = useTestIntegration();
  const update = useUpdateIntegration();
  const [editing, setEditing] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const running = isActiveRun(c.current_run);
  const paused = c.status === 'PAUSED';
  return (
    <>
      <dl className="integration-facts">
        {c.edition && (
          <div>
            <dt>Edition</dt>
            <dd>{c.edition}</dd>
          </div>
        )}
        {c.is_sample ? (
          <div>
            <dt>Data</dt>
            <dd>Sample data, built into Teamlens: nothing is fetched from {PROVIDER_LABEL[c.provider]}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Account</dt>
              <dd>{c.account || '—'}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd className="integration-code">{c.base_url}</dd>
            </div>
            <div>
              <dt>{c.auth_kind === 'APP' ? 'Private key' : 'Token'}</dt>
              <dd>
                ends in <code>{c.secret_hint}</code>
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>Last sync</dt>
          <dd>{c.last_synced_at ? formatDateTime(c.last_synced_at) : 'Not yet'}</dd>
        </div>
      </dl>
      {c.last_error && (
        <p className="notice notice-warning" role="status">
          {c.last_error}
        </p>
      )}
      {c.webhook_url &&
        (c.provider === 'AZURE_BOARDS' ? (
          <AzureServiceHookSetup url={c.webhook_url} hasSecret={c.has_webhook_secret} />
        ) : (
          <div className="integration-webhook">
            <p>
              <strong>Webhook URL</strong>{' '}
              {c.has_webhook_secret ? '(signed with the webhook secret you set)' : '(set a webhook secret to receive changes at once)'}
            </p>
            <div className="integration-webhook-row">
              <code className="integration-code">{c.webhook_url}</code>
              <CopyButton value={c.webhook_url} what="Webhook URL" />
            </div>
          </div>
        ))}
      <div aria-live="polite" className="integration-live">
        {c.current_run && <SyncProgress run={c.current_run} name={label} />}
      </div>
      <div className="integration-actions">
        <button
          type="button"
          className="button"
          disabled={running || sync.isPending || paused}
          aria-busy={sync.isPending || undefined}
          onClick={() => sync.mutate({ id: c.id }, { onError: fail })}
        >
          {running ? 'Syncing…' : 'Sync now'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(c.id, {
              onSuccess: (r) => showAlert(r.missing.length ? `${r.message} Missing: ${r.missing.join(', ')}.` : r.message, r.ok ? 'success' : 'error'),
              onError: fail,
            })
          }
        >
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        {!c.is_sample && (
          <button type="button" className="button button-secondary" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            Update token
          </button>
        )}
        {(!c.is_sample || paused) && (
          <button
            type="button"
            className="button button-secondary"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: c.id, input: { paused: !paused } },
                {
                  onSuccess: () => showAlert(paused ? `${label} syncs again.` : `${label} is paused: no syncs until you resume it.`, 'success'),
                  onError: fail,
                },
              )
            }
          >
            {paused ? 'Resume' : 'Pause'}
          </button>
        )}
        {!c.is_sample && (
          <button type="button" className="button button-ghost" onClick={() => setDisconnecting(true)}>
            Disconnect
          </button>
        )}
      </div>
      {editing && <UpdateForm connection={c} onDone={() => setEditing(false)} />}
      {PROVIDER_KIND[c.provider] !== 'CHAT' && <ScopesEditor connection={c} teams={teams} />}
      <section className="integration-history" aria-label={`Sync history of ${label}`}>
        <h4>Sync history</h4>
        <SyncHistory runs={c.sync_runs} caption={`Sync history of ${label}`} />
      </section>
      {disconnecting && <DisconnectDialog connection={c} label={label} onClose={() => setDisconnecting(false)} />}
    </>
  );
}

function UpdateForm({ connection, onDone }: { connection: IntegrationConnection; onDone: () => void }) {
  const update = useUpdateIntegration();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (n: string) => {
      const v = data.get(n);
      return typeof v === 'string' && v.trim() ? v.trim() : null;
    };
    const months = Number(value('backfill_months'));
    const input =
      connection.auth_kind === 'APP'
        ? { private_key: value('private_key'), webhook_secret: value('webhook_secret'), backfill_months: months || null }
        : { token: value('token'), webhook_secret: value('webhook_secret'), backfill_months: months || null };
    try {
      await update.mutateAsync({ id: connection.id, input });
      showAlert('The connection was updated.', 'success');
      onDone();
    } catch (err) {
      const refused = refusedSave(err);
      setErrors(refused.fieldErrors ?? {});
      setFormError(refused.formError ?? null);
    }
  }
  return (
    <form className="form integration-update" aria-label="Update the connection" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="muted">Empty fields keep what is stored.</p>
      {connection.auth_kind === 'APP' ? (
        <Field label="New private key" name="private_key" type="password" autoComplete="off" error={errors.private_key} />
      ) : (
        <Field label="New token" name="token" type="password" autoComplete="off" error={errors.token} />
      )}
      <Field label="New webhook secret" name="webhook_secret" type="password" autoComplete="off" error={errors.webhook_secret} />
      <Field
        label="Months to read back"
        name="backfill_months"
        type="number"
        min={BACKFILL_MONTHS.min}
        max={BACKFILL_MONTHS.max}
        defaultValue={connection.backfill_months}
        error={errors.backfill_months}
      />
      <FormError message={formError} />
      <div className="integration-actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type ScopeEdit = { included: boolean; team_id: string | null };

function ScopesEditor({ connection, teams }: { connection: IntegrationConnection; teams: Team[] }) {
  const [edits, setEdits] = useState<Record<string, ScopeEdit>>({});
  const save = useSetIntegrationScopes();
  const refresh = useRefreshIntegrationScopes();
  const what = PROVIDER_KIND[connection.provider] === 'CODE' ? 'Repositories' : 'Projects';
  const current = (s: IntegrationScope): ScopeEdit => edits[s.id] ?? { included: s.included, team_id: s.team?.id ?? null };
  const dirty = Object.keys(edits).length > 0;
  const set = (s: IntegrationScope, patch: Partial<ScopeEdit>) => setEdits((e) => ({ ...e, [s.id]: { ...current(s), ...patch } }));
  return (
    <section className="integration-scopes" aria-label={`${what} of ${PROVIDER_LABEL[connection.provider]}`}>
      <div className="row-between">
        <h4>{what}</h4>
        <button
          type="button"
          className="button button-small button-ghost"
          disabled={refresh.isPending}
          onClick={() => refresh.mutate(connection.id, { onError: fail })}
        >
          {refresh.isPending ? 'Asking…' : `Look for new ${what.toLowerCase()}`}
        </button>
      </div>
      {connection.scopes.length === 0 ? (
        <p className="muted">None found yet: they appear after the first sync.</p>
      ) : (
        <>
          <ul className="integration-scope-list">
            {connection.scopes.map((s) => {
              const v = current(s);
              return (
                <li key={s.id}>
                  <label className="checkbox">
                    <input type="checkbox" checked={v.included} onChange={(e) => set(s, { included: e.target.checked })} />
                    <span className="integration-scope-name">{s.name}</span>
                  </label>
                  <label className="integration-scope-team">
                    <span className="sr-only">Team owning {s.name}</span>
                    <select value={v.team_id ?? ''} onChange={(e) => set(s, { team_id: e.target.value || null })}>
                      <option value="">No team</option>
                      {teams.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.name}
                        </option>
                      ))}
                    </select>
                  </label>
                </li>
              );
            })}
          </ul>
          <div className="integration-actions">
            <button
              type="button"
              className="button button-small"
              disabled={!dirty || save.isPending}
              onClick={() =>
                save.mutate(
                  { id: connection.id, scopes: connection.scopes.map((s) => ({ id: s.id, ...current(s) })) },
                  {
                    onSuccess: () => {
                      setEdits({});
                      showAlert(`${what} saved.`, 'success');
                    },
                    onError: fail,
                  },
                )
              }
            >
              {save.isPending ? 'Saving…' : `Save ${what.toLowerCase()}`}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function DisconnectDialog({ connection, label, onClose }: { connection: IntegrationConnection; label: string; onClose: () => void }) {
  const disconnect = useDisconnectIntegration();
  return (
    <ConfirmDialog
      title={`Disconnect ${label}?`}
      tone="danger"
      cancelLabel="Keep it"
      confirmLabel="Disconnect"
      busyLabel="Disconnecting…"
      onClose={onClose}
      description={`This removes everything it brought in: its ${PROVIDER_KIND[connection.provider] === 'CODE' ? 'pull requests, reviews and deployments' : 'issues and sprints'}, its accounts and their matches. Insights built on them go empty. The stored credentials are deleted.`}
      onConfirm={async () => {
        await disconnect.mutateAsync(connection.id);
        showAlert(`${label} was disconnected.`, 'success');
      }}
    />
  );
}
