import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { INSIGHT_METRICS, type InsightMetricKey } from '../../../shared/insights.js';
import { PendingView } from '../../components/ui/states.js';
import { meQueryOptions } from '../users/api.js';
import {
  individualInsightsQueryOptions,
  insightsPeopleQueryOptions,
  insightsWindow,
  type IndividualInsights,
  type InsightsSearch,
  type OpenPullRequest,
} from './api.js';
import { formatHours, metricOf, plural } from './insights-format.js';
import {
  InsightsError,
  InsightsSection,
  MetricStat,
  NoIntegrationNotice,
  PullRequestName,
  PullRequestRows,
  SourceBadges,
  WindowPicker,
} from './insights-parts.js';
import type { InsightsArea } from './team-insights-page.js';
import './insights.css';
import { formatDateTime, formatDay } from '../../../shared/format.js';

/**
 * A person's insights: a self-view that helps, never a ranking (docs/insights-metrics.md). What is
 * waiting, on whom, what was merged and how it went, who they work with; aggregates over fewer than
 * the minimum items are not shown. Visible to the person, their manager chain and admins.
 */

const PERSON_PATH = { user: '/insights/individual/$id', admin: '/admin/individual-insights/$id' } as const;

/** Managers and admins choose whose page to open among the people they may see. */
function PersonPicker({ userId, area }: { userId: string; area: InsightsArea }) {
  const people = useQuery(insightsPeopleQueryOptions);
  const navigate = useNavigate();
  const id = useId();
  if (!people.data || people.data.length < 2) return null;
  return (
    <div className="field ins-person-picker">
      <label htmlFor={id}>Person</label>
      <select id={id} value={userId} onChange={(e) => void navigate({ to: PERSON_PATH[area], params: { id: e.target.value } })}>
        {people.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.full_name}
            {p.team ? ` (${p.team.name})` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

function Waiting({ items, empty, label, forWhom }: { items: OpenPullRequest[]; empty: string; label: string; forWhom: boolean }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="ins-list" aria-label={label}>
      {[...items]
        .sort((a, b) => b.waiting_hours - a.waiting_hours)
        .map((o) => (
          <li key={o.pull_request.id}>
            <PullRequestName pr={o.pull_request} />
            <span className="muted">
              {` Waiting ${formatHours(o.waiting_hours)}`}
              {forWhom
                ? o.waiting_for.length
                  ? ` for ${o.waiting_for.join(', ')}`
                  : ' for a reviewer (nobody asked yet)'
                : ` · by ${o.pull_request.author?.full_name ?? o.pull_request.author_login ?? 'someone'}`}
              {` · opened ${formatDateTime(o.pull_request.created_at)}`}
            </span>
          </li>
        ))}
    </ul>
  );
}

const FLOW: InsightMetricKey[] = [
  'PR_CYCLE_TIME',
  'PR_CODING_TIME',
  'PR_PICKUP_TIME',
  'PR_REVIEW_TIME',
  'PR_TIME_TO_MERGE',
  'ISSUE_LEAD_TIME',
  'ISSUE_CYCLE_TIME',
];
const PRODUCT: InsightMetricKey[] = ['FEEDBACK_GIVEN', 'FEEDBACK_RECEIVED', 'GOAL_PROGRESS', 'REVIEW_SCORE'];

function Sections({ data, self }: { data: IndividualInsights; self: boolean }) {
  const my = self ? 'My' : 'Their';
  const me = self ? 'me' : data.user.full_name;
  const flow = FLOW.filter((k) => INSIGHT_METRICS[k].individual && metricOf(data.metrics, k));
  const g = data.goals;
  return (
    <>
      {data.sources.code && (
        <>
          <InsightsSection title={`Review requests waiting on ${me}`}>
            <Waiting
              items={data.review_requests}
              label="Review requests"
              forWhom={false}
              empty={self ? 'Nobody is waiting for your review.' : `Nobody is waiting for ${data.user.full_name}’s review.`}
            />
          </InsightsSection>
          <InsightsSection title={`${my} open pull requests`}>
            <Waiting items={data.open_pull_requests} label="Open pull requests" forWhom empty="No open pull requests." />
          </InsightsSection>
          <InsightsSection title={`${my} merged pull requests`}>
            {data.authored.length === 0 ? (
              <p className="muted">No pull requests merged in this window.</p>
            ) : (
              <PullRequestRows items={data.authored} label={`${my} merged pull requests with their timelines`} />
            )}
          </InsightsSection>
          <InsightsSection title="Reviews given">
            {data.reviews_given.length === 0 ? (
              <p className="muted">No reviews given in this window.</p>
            ) : (
              <ul className="ins-list" aria-label="Reviews given">
                {data.reviews_given.map((r) => (
                  <li key={`${r.pull_request.id}-${r.at}`}>
                    <PullRequestName pr={r.pull_request} />
                    <span className="muted">
                      {` Reviewed ${formatDateTime(r.at)}`}
                      {r.hours_after_ready !== null ? `, ${formatHours(r.hours_after_ready)} after it was ready` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </InsightsSection>
          <InsightsSection title={`Who ${self ? 'I work' : 'they work'} with`}>
            {data.collaborators.length === 0 ? (
              <p className="muted">No reviews exchanged in this window.</p>
            ) : (
              <ul className="ins-list" aria-label="Collaborators">
                {data.collaborators.map((c) => (
                  <li key={c.login}>
                    <strong>{c.user?.full_name ?? c.login}</strong>
                    <span className="muted">{` ${c.pull_requests.length === 1 ? 'pull request' : 'pull requests'} ${c.pull_requests.map((n) => `#${n}`).join(', ')}`}</span>
                  </li>
                ))}
              </ul>
            )}
          </InsightsSection>
        </>
      )}
      {data.sources.issues && (
        <InsightsSection title={`${my} issues`}>
          {data.issues.length === 0 ? (
            <p className="muted">No issues in this window.</p>
          ) : (
            <ul className="ins-list" aria-label="Issues">
              {data.issues.map((i) => (
                <li key={i.id}>
                  {i.url ? (
                    <a href={i.url} target="_blank" rel="noreferrer">
                      {i.key}
                    </a>
                  ) : (
                    i.key
                  )}{' '}
                  {i.title}
                  <span className="muted">
                    {` · ${i.issue_type} · ${i.status}`}
                    {i.resolved_at ? ` · done ${formatDay(i.resolved_at)}` : ''}
                    {i.cycle_hours !== null ? ` · cycle ${formatHours(i.cycle_hours)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </InsightsSection>
      )}
      {(data.sources.code || data.sources.issues) && flow.length > 0 && (
        <InsightsSection title={`${my} flow`} metrics={flow}>
          <p className="muted">For {self ? 'you' : 'them'} to see where work waits, not to compare people. Numbers over fewer than 5 items are not shown.</p>
          <dl className="ins-stats">
            {flow.map((k) => (
              <MetricStat key={k} metric={k} value={metricOf(data.metrics, k)?.summary} />
            ))}
          </dl>
        </InsightsSection>
      )}
      <InsightsSection title="Feedback, goals and reviews" metrics={PRODUCT}>
        <dl className="ins-stats">
          {PRODUCT.filter((k) => metricOf(data.metrics, k)).map((k) => (
            <MetricStat key={k} metric={k} value={metricOf(data.metrics, k)?.summary} />
          ))}
          <div className="ins-stat">
            <dt>Open goals</dt>
            <dd>
              <strong className="ins-stat-value">{plural(g.count, 'goal')}</strong>
              <span className="muted ins-stat-parts">{`${g.on_track} on track · ${g.at_risk} at risk · ${g.off_track} off track · ${g.done} done`}</span>
            </dd>
          </div>
        </dl>
        {data.review_cycles.length > 0 && (
          <div className="ins-table-wrap" role="region" aria-label="Review scores, table" tabIndex={0}>
            <table className="ins-table">
              <caption className="sr-only">Review scores over cycles</caption>
              <thead>
                <tr>
                  <th scope="col">Cycle</th>
                  <th scope="col">Ended</th>
                  <th scope="col">Average rating</th>
                  <th scope="col">n</th>
                </tr>
              </thead>
              <tbody>
                {data.review_cycles.map((c) => (
                  <tr key={c.cycle_id}>
                    <th scope="row">{c.name}</th>
                    <td>{formatDay(c.ended_at)}</td>
                    <td>{c.average === null ? '—' : Math.round(c.average * 100) / 100}</td>
                    <td>{c.n}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </InsightsSection>
    </>
  );
}

/** userId null: the viewer's own page. */
export function IndividualInsightsPage({ userId, search, area }: { userId: string | null; search: InsightsSearch; area: InsightsArea }) {
  const me = useQuery(meQueryOptions);
  const w = insightsWindow(search);
  const q = useQuery(individualInsightsQueryOptions(userId, w));
  const self = userId === null || userId === me.data?.id;
  const picker = me.data && me.data.permission_level !== 'MEMBER' && <PersonPicker userId={userId ?? me.data.id} area={area} />;
  if (q.isPending)
    return (
      <section className="page ins-page">
        {picker}
        <PendingView label="Loading insights…" />
      </section>
    );
  if (q.isError)
    return (
      <section className="page ins-page">
        <h1>Individual insights</h1>
        {picker}
        <InsightsError error={q.error} who="person" />
      </section>
    );
  const data = q.data;
  return (
    <section className="page ins-page" aria-busy={q.isFetching}>
      <h1>{self ? 'My insights' : `Insights: ${data.user.full_name}`}</h1>
      <p className="muted">
        {self
          ? 'What is waiting on you and on others, how your recent work went, and who you work with.'
          : `What is waiting on ${data.user.full_name} and on others, and how their recent work went.`}{' '}
        Only {self ? 'you' : 'they'}, {self ? 'your' : 'their'} managers and admins see this page; it is never a ranking.
      </p>
      {picker}
      <WindowPicker search={search} withGrain={false} />
      <SourceBadges sources={data.sources} subject={{ kind: 'person', self }} />
      <NoIntegrationNotice sources={data.sources} admin={me.data?.permission_level === 'ADMIN'} subject={{ kind: 'person', self }} />
      <Sections data={data} self={self} />
      {!self && <p className="muted ins-note">{plural(data.authored.length, 'pull request')} merged in this window.</p>}
    </section>
  );
}
