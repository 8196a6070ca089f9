import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { INSIGHT_METRICS } from '../../../shared/insights.js';
import { meQueryOptions } from '../users/api.js';
import { myInsightsCardQueryOptions, teamInsightsCardQueryOptions, type OpenPullRequest, type TeamInsightsCard } from './api.js';
import { COLORS, LazyInsightsChart } from './insights-chart.js';
import { formatHours, formatMetric, plural } from './insights-format.js';
import './insights.css';
import { formatPercent } from '../../../shared/format.js';

/**
 * Dashboard cards TEAM_INSIGHTS and INDIVIDUAL_INSIGHTS. Small on purpose: the dashboard's chunk
 * imports this; the sparkline's chart library loads lazily (insights-charts.tsx).
 */

const CARD_ITEMS = 3;

/** Loads what the cards show together with the dashboard. */
export function prefetchInsightsWidgets(queryClient: QueryClient, enabled: readonly string[]): Promise<unknown> {
  return Promise.all([
    enabled.includes('TEAM_INSIGHTS')
      ? queryClient.ensureQueryData(meQueryOptions).then(
          (me) => queryClient.prefetchQuery(teamInsightsCardQueryOptions(me.team?.id ?? null)),
          () => undefined,
        )
      : undefined,
    enabled.includes('INDIVIDUAL_INSIGHTS') ? queryClient.prefetchQuery(myInsightsCardQueryOptions) : undefined,
  ]);
}

function TeamCardBody({ card }: { card: TeamInsightsCard }) {
  const cycle = card.metrics.find((m) => m.key === 'PR_CYCLE_TIME');
  const throughput = card.metrics.find((m) => m.key === 'PR_THROUGHPUT');
  const given = card.metrics.find((m) => m.key === 'FEEDBACK_GIVEN');
  const received = card.metrics.find((m) => m.key === 'FEEDBACK_RECEIVED');
  if (card.sources.code && cycle && throughput) {
    const rows = card.periods.map((p, i) => ({ label: p.label, n: throughput.points[i]?.n ?? null, value: throughput.points[i]?.value ?? null }));
    const last = rows.filter((r) => r.value !== null).at(-1);
    return (
      <>
        <dl className="ins-card-stats">
          <div>
            <dt>PR cycle time (median)</dt>
            <dd>
              {formatHours(cycle.summary.median)} <span className="muted">n = {cycle.summary.n}</span>
            </dd>
          </div>
          <div>
            <dt>{INSIGHT_METRICS.PR_THROUGHPUT.label}</dt>
            <dd>{formatMetric('PR_THROUGHPUT', throughput.summary.value)}</dd>
          </div>
        </dl>
        <LazyInsightsChart
          kind="spark"
          rows={rows}
          series={[{ key: 'value', label: 'Throughput', color: COLORS.teal }]}
          unit=""
          title={`${card.team.name}: throughput per week`}
          summary={last ? `Latest week ${last.label}: ${last.value}.` : 'No merged pull requests yet.'}
        />
      </>
    );
  }
  const sum = (m: typeof given) => m?.points.reduce((s, p) => s + (p.value ?? 0), 0) ?? 0;
  return (
    <dl className="ins-card-stats">
      <div>
        <dt>Feedback given</dt>
        <dd>{formatMetric('FEEDBACK_GIVEN', sum(given))}</dd>
      </div>
      <div>
        <dt>Feedback received</dt>
        <dd>{formatMetric('FEEDBACK_RECEIVED', sum(received))}</dd>
      </div>
      <div>
        <dt>Open goals</dt>
        <dd>
          {plural(card.goals.count, 'goal')}
          {card.goals.average_progress !== null ? <span className="muted"> · {formatPercent(card.goals.average_progress)} on average</span> : null}
        </dd>
      </div>
    </dl>
  );
}

/** My first team (my own team when I may see it): PR cycle time and a throughput sparkline, or its feedback and goals without code data. */
export function TeamInsightsWidget() {
  const me = useQuery(meQueryOptions);
  const q = useQuery({ ...teamInsightsCardQueryOptions(me.data?.team?.id ?? null), enabled: !!me.data });
  return (
    <>
      <h3>Team insights</h3>
      {q.isPending ? (
        <p className="muted" role="status">
          Loading team insights…
        </p>
      ) : q.isError ? (
        <p className="muted" role="alert">
          Team insights could not be loaded.
        </p>
      ) : q.data === null ? (
        <p className="muted">You are not in a team yet.</p>
      ) : (
        <>
          <h4>{q.data.team.name} · last 12 weeks</h4>
          <TeamCardBody card={q.data} />
          <Link to="/insights/team-insights/$id" params={{ id: q.data.team.id }}>
            Open team insights
          </Link>
        </>
      )}
    </>
  );
}

function WaitingLines({ items, label, forWhom }: { items: OpenPullRequest[]; label: string; forWhom: boolean }) {
  return (
    <ul className="ins-card-list" aria-label={label}>
      {[...items]
        .sort((a, b) => b.waiting_hours - a.waiting_hours)
        .slice(0, CARD_ITEMS)
        .map((o) => (
          <li key={o.pull_request.id}>
            <span>
              {o.pull_request.repository}#{o.pull_request.number} {o.pull_request.title}
            </span>
            <span className="muted">
              {` waiting ${formatHours(o.waiting_hours)}`}
              {forWhom && o.waiting_for.length ? ` for ${o.waiting_for.join(', ')}` : ''}
            </span>
          </li>
        ))}
    </ul>
  );
}

/** My open pull requests waiting and the reviews waiting on me. */
export function IndividualInsightsWidget() {
  const q = useQuery(myInsightsCardQueryOptions);
  return (
    <>
      <h3>My insights</h3>
      {q.isPending ? (
        <p className="muted" role="status">
          Loading your insights…
        </p>
      ) : q.isError ? (
        <p className="muted" role="alert">
          Your insights could not be loaded.
        </p>
      ) : !q.data.sources.code ? (
        <p className="muted">
          {q.data.sources.code_connected
            ? 'No code host account is matched to you yet: an admin matches accounts to people under Integrations.'
            : 'Your pull requests and reviews appear here once a code host is connected.'}
        </p>
      ) : (
        <>
          <h4>Reviews waiting on me</h4>
          {q.data.review_requests.length === 0 ? (
            <p className="muted">Nobody is waiting for your review.</p>
          ) : (
            <WaitingLines items={q.data.review_requests} label="Reviews waiting on me" forWhom={false} />
          )}
          <h4>My open pull requests</h4>
          {q.data.open_pull_requests.length === 0 ? (
            <p className="muted">No open pull requests.</p>
          ) : (
            <WaitingLines items={q.data.open_pull_requests} label="My open pull requests" forWhom />
          )}
          {q.data.open_pull_requests.length + q.data.review_requests.length > CARD_ITEMS && (
            <p className="muted">{plural(q.data.open_pull_requests.length + q.data.review_requests.length, 'pull request')} in all.</p>
          )}
        </>
      )}
      <Link to="/insights/individual">Open my insights</Link>
    </>
  );
}
