import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useEffect, useId, useRef, useState } from 'react';
import { PROVIDER_LABEL, type IntegrationProvider } from '../../../shared/integrations.js';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { SlackSettings } from '../notifications/slack-settings.js';
import { teamsQueryOptions } from '../teams/api.js';
import { integrationsQueryOptions, isActiveRun, sampleDataQueryOptions, useLoadSampleData, useRemoveSampleData, type IntegrationConnection } from './api.js';
import { ProviderCard } from './connection-card.js';
import { PeopleSection } from './people-section.js';
import { SyncProgress } from './sync-progress.js';
import './integrations.css';

const GROUPS: Array<{ title: string; text: string; providers: IntegrationProvider[] }> = [
  { title: 'Code hosts', text: 'Pull requests, reviews and deployments.', providers: ['GITHUB', 'BITBUCKET'] },
  { title: 'Issue trackers', text: 'Issues, sprints and incidents.', providers: ['JIRA', 'AZURE_BOARDS'] },
];

/** /admin/integrations: every service's connection, its syncs, the sample data set and people matching. */
export function IntegrationsPage() {
  const list = useQuery(integrationsQueryOptions);
  const connections = list.data ?? [];
  const teams = useQuery(teamsQueryOptions).data ?? [];
  const byProvider = new Map(connections.filter((c) => !c.is_sample).map((c) => [c.provider, c]));
  const sample = connections.filter((c) => c.is_sample);
  const slackId = useId();
  return (
    <section className="page settings-page integrations-page">
      <h1>Integrations</h1>
      <p className="muted">
        Connect the services your organization already uses. Each one is optional: Teamlens works without them. What they bring in feeds team and individual
        insights; the <Link to="/admin/integrations/code-process">code process</Link> says what counts.
      </p>
      {list.isPending ? (
        <PendingView label="Loading the connections…" />
      ) : list.isError ? (
        <div className="state-card" role="alert">
          <p>The connections could not be loaded: {list.error.message}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        GROUPS.map((g) => <ProviderGroup key={g.title} title={g.title} text={g.text} providers={g.providers} byProvider={byProvider} teams={teams} />)
      )}
      <section className="settings-section" aria-labelledby={slackId}>
        <h2 id={slackId}>Slack</h2>
        {list.isSuccess && <ProviderCard provider="SLACK" connection={byProvider.get('SLACK')} teams={teams} />}
        <SlackSettings />
      </section>
      <SampleDataPanel connections={sample} teams={teams} />
      <PeopleSection />
    </section>
  );
}

function ProviderGroup({
  title,
  text,
  providers,
  byProvider,
  teams,
}: {
  title: string;
  text: string;
  providers: IntegrationProvider[];
  byProvider: Map<IntegrationProvider, IntegrationConnection>;
  teams: Parameters<typeof ProviderCard>[0]['teams'];
}) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted">{text}</p>
      <div className="integration-grid">
        {providers.map((p) => (
          <ProviderCard key={p} provider={p} connection={byProvider.get(p)} teams={teams} />
        ))}
      </div>
    </section>
  );
}

/** Sample data: a sample GitHub and Jira answered inside Teamlens, read by the sync engine (docs/decisions/0064); removable in one step. */
function SampleDataPanel({ connections, teams }: { connections: IntegrationConnection[]; teams: Parameters<typeof ProviderCard>[0]['teams'] }) {
  const id = useId();
  const status = useQuery(sampleDataQueryOptions);
  const load = useLoadSampleData();
  const remove = useRemoveSampleData();
  const [confirming, setConfirming] = useState(false);
  const runs = status.data?.runs ?? [];
  const loading = runs.some(isActiveRun);
  const loaded = status.data?.loaded ?? connections.length > 0;
  // When the load ends, the sample connections and their accounts show on the page.
  const queryClient = useQueryClient();
  const wasLoading = useRef(loading);
  useEffect(() => {
    if (wasLoading.current && !loading) void queryClient.invalidateQueries({ queryKey: ['integrations'] });
    wasLoading.current = loading;
  }, [loading, queryClient]);
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id}>Sample data</h2>
      <p>
        {loaded ? 'The sample data set' : 'No GitHub or Jira at hand? Load a sample data set'}: four made-up teams’ pull requests, deployments, issues and
        sprints over the last six months, read by the same sync as a real connection from a sample GitHub and Jira built into Teamlens, so every insights page
        fills. It goes to your teams named Platform, Web, Mobile and Data (else to your biggest teams), is marked as sample data everywhere and is removed in
        one step.
      </p>
      {status.isPending ? (
        <PendingView label="Checking for sample data…" />
      ) : status.isError ? (
        <p role="alert" className="form-error">
          {status.error.message}
        </p>
      ) : (
        <>
          <div aria-live="polite" className="integration-live">
            {runs.filter(isActiveRun).map((r) => (
              <SyncProgress key={r.id} run={r} name="Sample data" />
            ))}
            {loaded && !loading && (
              <p className="integration-sample-note">
                <strong>Sample data is loaded.</strong> The insights pages show made-up work, not your organization’s. Each sample repository and project below
                says which team it counts for.
              </p>
            )}
          </div>
          {connections.length > 0 && (
            <div className="integration-grid">
              {connections.map((c) => (
                <ProviderCard key={c.id} provider={c.provider} connection={c} teams={teams} title={`Sample ${PROVIDER_LABEL[c.provider]}`} />
              ))}
            </div>
          )}
          <div className="integration-actions">
            {!loaded && (
              <button
                type="button"
                className="button"
                disabled={load.isPending || loading}
                onClick={() => load.mutate(undefined, { onError: (e) => showAlert(e.message, 'error') })}
              >
                {load.isPending || loading ? 'Loading sample data…' : 'Load sample data'}
              </button>
            )}
            {loaded && (
              <button type="button" className="button button-secondary" disabled={loading || remove.isPending} onClick={() => setConfirming(true)}>
                Remove sample data
              </button>
            )}
          </div>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Remove the sample data?"
          tone="danger"
          cancelLabel="Keep it"
          confirmLabel="Remove sample data"
          busyLabel="Removing…"
          onClose={() => setConfirming(false)}
          description={`The sample ${connections.map((c) => PROVIDER_LABEL[c.provider]).join(' and ') || 'connections'} and everything they brought in are removed. Your own connections stay.`}
          onConfirm={async () => {
            await remove.mutateAsync(undefined);
            showAlert('The sample data was removed.', 'success');
          }}
        />
      )}
    </section>
  );
}
