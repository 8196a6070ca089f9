import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { INSIGHT_METRICS, type InsightMetricKey } from '../../../shared/insights.js';
import { DateField, isDateInRange } from '../../components/ui/date-field.js';
import { FormError } from '../../components/ui/field.js';
import { GraphqlError } from '../../lib/graphql.js';
import {
  PR_PAGE_SIZE,
  WINDOW_WEEKS,
  insightsWindow,
  teamPullRequestsQueryOptions,
  type InsightsPullRequest,
  type InsightsSearch,
  type InsightsSources,
  type InsightsValue,
  type InsightsWindow,
} from './api.js';
import { MetricDefinition } from './insights-chart.js';
import { formatHours, headline, inSentence, plural, summaryParts } from './insights-format.js';
import { formatDateTime, formatDay } from '../../../shared/format.js';
import { daysBetween } from '../../../shared/dates.days.js';

/** Pieces both insights pages use: the window picker, source badges, a metric's headline, the pull requests drill-down. */

/** Last 4 / 12 / 26 / 52 weeks or from..to (applied with a button, checked first); week or sprint on team pages. */
export function WindowPicker({ search, withGrain }: { search: InsightsSearch; withGrain: boolean }) {
  const navigate = useNavigate();
  const selectId = useId();
  const grainId = useId();
  const [custom, setCustom] = useState(search.weeks === 'custom');
  const [error, setError] = useState<string | null>(null);
  const w = insightsWindow(search);
  const go = (patch: Partial<InsightsSearch>) => void navigate({ to: '.', search: ((s: InsightsSearch) => ({ ...s, ...patch })) as never, replace: true });
  function choose(value: string) {
    if (value === 'custom') return setCustom(true);
    setCustom(false);
    setError(null);
    go({ weeks: value as InsightsSearch['weeks'], from: undefined, to: undefined });
  }
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const from = String(data.get('from') ?? '');
    const to = String(data.get('to') ?? '');
    if (!isDateInRange(from) || !isDateInRange(to)) return setError('Choose both dates.');
    if (from > to) return setError('The window must start on or before its end.');
    if (daysBetween(from, to) > 365) return setError('Choose at most 366 days.');
    setError(null);
    go({ weeks: 'custom', from, to });
  }
  return (
    <div className="ins-window">
      <div className="field">
        <label htmlFor={selectId}>Window</label>
        <select id={selectId} value={custom ? 'custom' : (search.weeks ?? '12')} onChange={(e) => choose(e.target.value)}>
          {WINDOW_WEEKS.map((n) => (
            <option key={n} value={n}>
              Last {n} weeks
            </option>
          ))}
          <option value="custom">Custom dates…</option>
        </select>
      </div>
      {withGrain && (
        <div className="field">
          <label htmlFor={grainId}>Group by</label>
          <select id={grainId} value={search.grain ?? 'WEEK'} onChange={(e) => go({ grain: e.target.value as 'WEEK' | 'SPRINT' })}>
            <option value="WEEK">Week</option>
            <option value="SPRINT">Sprint</option>
          </select>
        </div>
      )}
      {custom && (
        <form className="ins-custom" aria-label="Custom window" onSubmit={apply} noValidate>
          <DateField label="From" name="from" defaultValue={search.from ?? w.from} />
          <DateField label="To" name="to" defaultValue={search.to ?? w.to} />
          <button type="submit" className="button button-secondary">
            Show window
          </button>
          <FormError message={error} />
        </form>
      )}
      <p className="muted ins-range" aria-live="polite">
        From {formatDay(w.from)} to {formatDay(w.to)}
      </p>
    </div>
  );
}

export type InsightsSubject = { kind: 'team' } | { kind: 'person'; self: boolean };

/**
 * Which data the page stands on, in words (never colour alone): connected and this team's (or
 * person's); connected but none of it assigned to them; or no such service in the organization.
 */
export function SourceBadges({ sources, subject }: { sources: InsightsSources; subject: InsightsSubject }) {
  const team = subject.kind === 'team';
  const theirTeam = team ? 'this team' : subject.self ? 'your team' : 'their team';
  const none = {
    code: team ? 'no repository assigned to this team' : `no account matched to ${subject.self ? 'you' : 'this person'}`,
    issues: `no project assigned to ${theirTeam}`,
    deployments: `no repository assigned to ${theirTeam}`,
  };
  const badge = (key: 'code' | 'issues' | 'deployments', label: string) => {
    const on = sources[key];
    const connected = key === 'issues' ? sources.issues_connected : sources.code_connected;
    return (
      <li className={on ? 'ins-badge on' : 'ins-badge'}>
        {label}: {on ? 'connected' : connected ? none[key] : 'not connected'}
      </li>
    );
  };
  return (
    <ul className="ins-badges" aria-label="Data sources">
      {badge('code', 'Code')}
      {badge('issues', 'Issues')}
      {badge('deployments', 'Deployments')}
      {sources.sample && <li className="ins-badge sample">Sample data</li>}
      {sources.last_synced_at && <li className="ins-badge-text muted">Last synced {formatDateTime(sources.last_synced_at)}</li>}
    </ul>
  );
}

/**
 * Code and issue metrics need a connection, and the connection's repositories and projects assigned
 * to the team (a person's accounts matched to them); the product's own metrics show anyway. Says which
 * is missing and where an admin does it; offers the sample data set only while nothing is connected.
 */
export function NoIntegrationNotice({ sources, admin, subject }: { sources: InsightsSources; admin: boolean; subject: InsightsSubject }) {
  if (sources.code && sources.issues) return null;
  const lines: string[] = [];
  const notConnected = [
    !sources.code && !sources.code_connected ? 'GitHub or Bitbucket' : null,
    !sources.issues && !sources.issues_connected ? 'Jira or Azure Boards' : null,
  ].filter((x): x is string => !!x);
  if (notConnected.length) {
    const what =
      !sources.code && !sources.code_connected && !sources.issues && !sources.issues_connected
        ? 'Code and issue metrics appear'
        : !sources.code && !sources.code_connected
          ? 'Code metrics (pull requests, deployments) appear'
          : 'Issue and sprint metrics appear';
    lines.push(`${what} once ${notConnected.join(' and ')} ${notConnected.length > 1 ? 'are' : 'is'} connected.`);
  }
  const codeUnassigned = !sources.code && sources.code_connected;
  const issuesUnassigned = !sources.issues && sources.issues_connected;
  if (subject.kind === 'team' && (codeUnassigned || issuesUnassigned)) {
    const things = [codeUnassigned ? 'repository' : null, issuesUnassigned ? 'project' : null].filter(Boolean).join(' or ');
    lines.push(
      `No ${things} is assigned to this team yet: its ${codeUnassigned && issuesUnassigned ? 'code and issue' : codeUnassigned ? 'code' : 'issue'} metrics appear once one is.`,
    );
  }
  if (subject.kind === 'person' && codeUnassigned)
    lines.push(`No code host account is matched to ${subject.self ? 'you' : 'this person'} yet: pull request metrics appear once one is.`);
  if (subject.kind === 'person' && issuesUnassigned)
    lines.push(`No project is assigned to ${subject.self ? 'your' : 'their'} team yet: issue metrics appear once one is.`);
  if (!lines.length) return null;
  const nothingConnected = !sources.code_connected && !sources.issues_connected;
  const assigning = codeUnassigned || issuesUnassigned;
  return (
    <div className="notice ins-notice">
      <p>
        <strong>{lines.join(' ')}</strong> Reviews, feedback, goals and retros below come from Teamlens itself.
      </p>
      {admin ? (
        <p>
          {notConnected.length > 0 && (
            <>
              <Link to="/admin/integrations">Connect a service</Link>
              {nothingConnected ? ' or load the sample data set there to see every chart filled.' : ' under Integrations.'}{' '}
            </>
          )}
          {subject.kind === 'person' && codeUnassigned && (
            <>
              Match accounts to people on <Link to="/admin/integrations">Integrations</Link>, under People.{' '}
            </>
          )}
          {(subject.kind === 'team' ? assigning : issuesUnassigned) && (
            <>
              Assign repositories and projects to teams on <Link to="/admin/integrations">Integrations</Link>, in each connection’s list of repositories or
              projects.
            </>
          )}
        </p>
      ) : (
        <p className="muted">
          {notConnected.length
            ? 'An admin of your organization can connect them under Integrations.'
            : 'An admin of your organization assigns them under Integrations.'}
        </p>
      )}
    </div>
  );
}

/** A metric's headline and what it stands on. */
export function MetricStat({ metric, value, label }: { metric: InsightMetricKey; value: InsightsValue | undefined; label?: string }) {
  const def = INSIGHT_METRICS[metric];
  return (
    <div className="ins-stat">
      <dt>{label ?? def.label}</dt>
      <dd>
        {value?.suppressed ? (
          <span className="ins-stat-none">{headline(metric, value)}</span>
        ) : (
          <strong className="ins-stat-value">{value ? headline(metric, value) : '—'}</strong>
        )}
        {value && !value.suppressed && <span className="muted ins-stat-parts">{summaryParts(metric, value).join(' · ')}</span>}
      </dd>
    </div>
  );
}

/** A section of a page: heading, content, the definitions. */
export function InsightsSection({ title, metrics, children, id }: { title: string; metrics?: InsightMetricKey[]; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <section className="tile ins-section" aria-labelledby={headingId} id={id}>
      <h2 id={headingId}>{title}</h2>
      {children}
      {metrics && metrics.length > 0 && <MetricDefinition metric={metrics} />}
    </section>
  );
}

/** The message for a refusal or a failure of an insights query. */
export function InsightsError({ error, who }: { error: unknown; who: 'team' | 'person' }) {
  const code = error instanceof GraphqlError ? error.code : null;
  if (code === 'FORBIDDEN') {
    return (
      <div className="state-card" role="alert">
        <h2>{who === 'person' ? 'You can’t see this person’s insights' : 'You can’t see this team’s insights'}</h2>
        <p>
          {who === 'person'
            ? 'A person’s insights are for them, their managers and admins only.'
            : 'Team insights are for the team’s members, its managers and leads, and admins.'}
        </p>
        <Link to={who === 'person' ? '/insights/individual' : '/insights/team-insights'}>
          {who === 'person' ? 'Open your own insights' : 'Open your teams'}
        </Link>
      </div>
    );
  }
  if (code === 'NOT_FOUND') {
    return (
      <div className="state-card" role="alert">
        <h2>{who === 'person' ? 'Person not found' : 'Team not found'}</h2>
        <p>{error instanceof Error ? error.message : ''}</p>
      </div>
    );
  }
  return (
    <div className="state-card" role="alert">
      <h2>Insights could not be loaded</h2>
      <p>{error instanceof Error ? error.message : 'Something went wrong.'}</p>
    </div>
  );
}

const reasonsOf = (pr: InsightsPullRequest) => (pr.excluded_reasons.length ? pr.excluded_reasons.join('; ') : '—');

/** A pull request's link and title. */
export function PullRequestName({ pr }: { pr: InsightsPullRequest }) {
  const name = `${pr.repository}#${pr.number}`;
  return (
    <>
      {pr.url ? (
        <a href={pr.url} target="_blank" rel="noreferrer">
          {name}
        </a>
      ) : (
        name
      )}
      <span className="ins-pr-title">{pr.title}</span>
    </>
  );
}

/** Rows of pull requests with their boundary timestamps, durations and why parts were left out. */
export function PullRequestRows({ items, label }: { items: InsightsPullRequest[]; label: string }) {
  return (
    <div className="ins-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="ins-table ins-pr-table">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col">Pull request</th>
            <th scope="col">Author</th>
            <th scope="col">State</th>
            <th scope="col">First commit</th>
            <th scope="col">Created</th>
            <th scope="col">Ready</th>
            <th scope="col">First review</th>
            <th scope="col">Merged</th>
            <th scope="col">Deployed</th>
            <th scope="col">Coding</th>
            <th scope="col">Pickup</th>
            <th scope="col">Review</th>
            <th scope="col">Deploy</th>
            <th scope="col">Cycle</th>
            <th scope="col">Size (lines)</th>
            <th scope="col">Left out</th>
          </tr>
        </thead>
        <tbody>
          {items.map((pr) => (
            <tr key={pr.id}>
              <th scope="row">
                <PullRequestName pr={pr} />
              </th>
              <td>{pr.author?.full_name ?? pr.author_login ?? '—'}</td>
              <td>{pr.state.toLowerCase()}</td>
              <td>{formatDateTime(pr.first_commit_at)}</td>
              <td>{formatDateTime(pr.created_at)}</td>
              <td>{formatDateTime(pr.ready_at)}</td>
              <td>{formatDateTime(pr.first_review_at)}</td>
              <td>{formatDateTime(pr.merged_at)}</td>
              <td>{formatDateTime(pr.deployed_at)}</td>
              <td>{formatHours(pr.coding_hours)}</td>
              <td>{formatHours(pr.pickup_hours)}</td>
              <td>{formatHours(pr.review_hours)}</td>
              <td>{formatHours(pr.deploy_hours)}</td>
              <td>{formatHours(pr.cycle_hours)}</td>
              <td>{pr.size ?? '—'}</td>
              <td>{reasonsOf(pr)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The pull requests behind a team's number, a page at a time. */
export function PullRequestsDrillDown({
  teamId,
  window: w,
  metric,
  onClose,
}: {
  teamId: string;
  window: InsightsWindow;
  metric: InsightMetricKey | null;
  onClose: () => void;
}) {
  // Another metric, team or window starts again at the first page.
  const filters = `${metric}\n${teamId}\n${w.from}\n${w.to}`;
  const [paging, setPaging] = useState({ filters, page: 0 });
  const page = paging.filters === filters ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filters, page: next });
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [metric]);
  const q = useQuery(teamPullRequestsQueryOptions(teamId, w, metric, page));
  const title = metric ? `Pull requests behind ${inSentence(INSIGHT_METRICS[metric].label)}` : 'Pull requests';
  const total = q.data?.total ?? 0;
  const first = page * PR_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / PR_PAGE_SIZE));
  return (
    <section className="tile ins-section" aria-labelledby="ins-prs-heading" id="pull-requests">
      <div className="row-between">
        <h2 id="ins-prs-heading" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          Close the pull requests
        </button>
      </div>
      <p className="muted">Each with its start and end timestamps (UTC), its durations and the parts left out with the reason.</p>
      {q.isPending ? (
        <p className="muted" role="status">
          Loading pull requests…
        </p>
      ) : q.isError ? (
        <InsightsError error={q.error} who="team" />
      ) : q.data.items.length === 0 ? (
        <p className="muted">No pull requests in this window.</p>
      ) : (
        <>
          <PullRequestRows items={q.data.items} label={`${title}, table`} />
          <div className="ins-pager">
            <button type="button" className="button button-secondary button-small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <p aria-live="polite">
              {`${first + 1}–${Math.min(first + q.data.items.length, total)} of ${plural(total, 'pull request')}`} (page {page + 1} of {pages})
            </p>
            <button type="button" className="button button-secondary button-small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </div>
        </>
      )}
    </section>
  );
}
