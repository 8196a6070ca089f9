import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { INSIGHT_METRICS, type InsightMetricKey } from '../../../shared/insights.js';
import { EmptyState, PendingView } from '../../components/ui/states.js';
import {
  insightsTeamsQueryOptions,
  insightsWindow,
  teamInsightsQueryOptions,
  type InsightsMetric,
  type InsightsSearch,
  type InsightsValue,
  type TeamInsights,
} from './api.js';
import { COLORS, ChartFigure, type ChartKind, type ChartRow, type ChartSeries } from './insights-chart.js';
import { formatMetric, hasData, inSentence, metricOf, plainNumber, plural, unitSuffix } from './insights-format.js';
import { InsightsError, InsightsSection, MetricStat, NoIntegrationNotice, PullRequestsDrillDown, SourceBadges, WindowPicker } from './insights-parts.js';
import './insights.css';
import { formatDay, formatPercent, formatShortDay } from '../../../shared/format.js';

/** Team insights: the list of the viewer's teams and a team's page (the same in the admin area). */

export type InsightsArea = 'user' | 'admin';
const TEAM_PATH = { user: '/insights/team-insights/$id', admin: '/admin/team-insights/$id' } as const;
const LIST_PATH = { user: '/insights/team-insights', admin: '/admin/team-insights' } as const;

export function TeamInsightsListPage({ area }: { area: InsightsArea }) {
  const q = useQuery(insightsTeamsQueryOptions);
  return (
    <section className="page ins-page">
      <h1>Team insights</h1>
      <p className="muted">
        Trends of a team’s delivery and of its reviews, feedback, goals and retros. Teams, never people, are compared with themselves over time.
      </p>
      {q.isPending ? (
        <PendingView label="Loading your teams…" />
      ) : q.isError ? (
        <InsightsError error={q.error} who="team" />
      ) : q.data.length === 0 ? (
        <EmptyState title="No teams to show">
          <p>
            {area === 'admin'
              ? 'Your organization has no teams yet. Create teams under Teams.'
              : 'You are not in a team, and you manage or lead none. Ask an admin to add you to your team.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="card-grid ins-team-list" aria-label="Teams">
          {q.data.map((t) => (
            <li key={t.id} className="tile">
              <h2>
                <Link to={TEAM_PATH[area]} params={{ id: t.id }}>
                  {t.name}
                </Link>
              </h2>
              <p className="muted">PR flow, delivery, issues and sprints, with reviews, feedback, goals and retros.</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------

const valueOfPoint = (key: InsightMetricKey, p: InsightsValue | undefined) => {
  if (!p || p.suppressed) return null;
  return plainNumber(INSIGHT_METRICS[key].unit, INSIGHT_METRICS[key].unit === 'HOURS' ? (p.median ?? p.value) : p.value);
};

/** One row per period with each metric's value (median for durations) and n of the first. */
function rowsOf(data: TeamInsights, keys: InsightMetricKey[]): ChartRow[] {
  const ms = keys.map((k) => metricOf(data.metrics, k));
  return data.periods.map((p, i) => {
    const row: ChartRow = { label: p.label, n: ms[0]?.points[i]?.n ?? null };
    keys.forEach((k, j) => {
      row[k] = valueOfPoint(k, ms[j]?.points[i]);
    });
    return row;
  });
}

function summaryOf(key: InsightMetricKey, m: InsightsMetric | undefined): string {
  if (!m) return 'No data in this window.';
  const unit = INSIGHT_METRICS[key].unit;
  const v = unit === 'HOURS' ? m.summary.median : m.summary.value;
  const withData = m.points.filter((p) => p.n > 0).length;
  return `${INSIGHT_METRICS[key].label} over the window: ${formatMetric(key, v)} (n = ${m.summary.n}${m.summary.excluded ? `, ${m.summary.excluded} left out` : ''}); ${plural(withData, 'period')} with data.`;
}

function DrillButton({ metric, onDrill }: { metric: InsightMetricKey | null; onDrill: (m: InsightMetricKey | null) => void }) {
  return (
    <button type="button" className="button button-secondary button-small ins-drill" onClick={() => onDrill(metric)}>
      {metric ? `Pull requests behind ${inSentence(INSIGHT_METRICS[metric].label)}` : 'All pull requests'}
    </button>
  );
}

/** A metric's chart over the periods, its headline and (for pull request numbers) its drill-down. */
function MetricChart({
  data,
  metric,
  kind = 'bar',
  color = COLORS.blue,
  onDrill,
}: {
  data: TeamInsights;
  metric: InsightMetricKey;
  kind?: ChartKind;
  color?: string;
  onDrill?: (m: InsightMetricKey | null) => void;
}) {
  const m = metricOf(data.metrics, metric);
  const def = INSIGHT_METRICS[metric];
  const label = def.unit === 'HOURS' ? `${def.label} (median)` : def.label;
  return (
    <div className="ins-metric">
      <dl className="ins-stats">
        <MetricStat metric={metric} value={m?.summary} />
      </dl>
      <ChartFigure
        kind={kind}
        title={`${def.label} per ${data.grain === 'SPRINT' ? 'sprint' : 'week'}`}
        unit={unitSuffix(def.unit)}
        rows={rowsOf(data, [metric])}
        series={[{ key: metric, label, color }]}
        summary={summaryOf(metric, m)}
      />
      {onDrill && <DrillButton metric={metric} onDrill={onDrill} />}
    </div>
  );
}

const STAGES: Array<{ key: InsightMetricKey; label: string; color: string }> = [
  { key: 'PR_CODING_TIME', label: 'Coding', color: COLORS.blue },
  { key: 'PR_PICKUP_TIME', label: 'Pickup', color: COLORS.amber },
  { key: 'PR_REVIEW_TIME', label: 'Review', color: COLORS.violet },
  { key: 'PR_DEPLOY_TIME', label: 'Deploy', color: COLORS.green },
];

function PrFlowSection({ data, onDrill }: { data: TeamInsights; onDrill: (m: InsightMetricKey | null) => void }) {
  const cycle = metricOf(data.metrics, 'PR_CYCLE_TIME');
  const rows = data.periods.map((p, i) => {
    const row: ChartRow = { label: p.label, n: cycle?.points[i]?.n ?? null, PR_CYCLE_TIME: valueOfPoint('PR_CYCLE_TIME', cycle?.points[i]) };
    for (const s of STAGES) {
      const pt = metricOf(data.metrics, s.key)?.points[i];
      row[s.key] = valueOfPoint(s.key, pt);
      row[`${s.key}_n`] = pt?.n ?? null;
    }
    return row;
  });
  const series: ChartSeries[] = STAGES.map((s) => ({ key: s.key, label: `${s.label} (median)`, color: s.color }));
  const extra: ChartSeries[] = [
    { key: 'PR_CYCLE_TIME', label: 'Cycle time (median)', color: '' },
    ...STAGES.map((s) => ({ key: `${s.key}_n`, label: `${s.label} n`, color: '', count: true })),
  ];
  const merged = metricOf(data.metrics, 'PR_TIME_TO_MERGE');
  const pickup = metricOf(data.metrics, 'PR_PICKUP_TIME');
  return (
    <InsightsSection title="Pull request flow" metrics={['PR_CYCLE_TIME', ...STAGES.map((s) => s.key), 'PR_TIME_TO_MERGE']}>
      <dl className="ins-stats">
        <MetricStat metric="PR_CYCLE_TIME" value={cycle?.summary} />
        {STAGES.map((s) => (
          <MetricStat key={s.key} metric={s.key} value={metricOf(data.metrics, s.key)?.summary} />
        ))}
        <MetricStat metric="PR_TIME_TO_MERGE" value={merged?.summary} />
      </dl>
      {merged && pickup && (
        <p className="ins-note">
          {`${pickup.summary.n} reviewed / ${merged.summary.n} merged`}: pull requests nobody else reviewed are left out of pickup and review time, not counted
          as zero.
        </p>
      )}
      <ChartFigure
        kind="stacked"
        title={`Cycle time split into coding, pickup, review and deploy, per ${data.grain === 'SPRINT' ? 'sprint' : 'week'}`}
        unit="hours"
        rows={rows}
        series={series}
        extraColumns={extra}
        summary={summaryOf('PR_CYCLE_TIME', cycle)}
      />
      <DrillButton metric="PR_CYCLE_TIME" onDrill={onDrill} />
    </InsightsSection>
  );
}

function DeliverySection({ data }: { data: TeamInsights }) {
  return (
    <InsightsSection
      title="Delivery (DORA)"
      metrics={['DEPLOYMENT_FREQUENCY', 'LEAD_TIME_FOR_CHANGES', 'CHANGE_FAILURE_RATE', 'FAILED_DEPLOYMENT_RECOVERY_TIME', 'TIME_TO_RESTORE']}
    >
      <div className="ins-grid">
        <MetricChart data={data} metric="DEPLOYMENT_FREQUENCY" color={COLORS.green} />
        <MetricChart data={data} metric="LEAD_TIME_FOR_CHANGES" />
        <MetricChart data={data} metric="CHANGE_FAILURE_RATE" color={COLORS.red} />
        <MetricChart data={data} metric="FAILED_DEPLOYMENT_RECOVERY_TIME" color={COLORS.amber} />
      </div>
      <dl className="ins-stats">
        <MetricStat metric="TIME_TO_RESTORE" value={metricOf(data.metrics, 'TIME_TO_RESTORE')?.summary} />
      </dl>
      <h3>Unattributed incidents</h3>
      {data.unattributed_incidents.length === 0 ? (
        <p className="muted">Every incident in this window follows a production deployment within the attribution window.</p>
      ) : (
        <>
          <p className="muted">No production deployment within the attribution window explains these; they are not counted in the change failure rate.</p>
          <ul className="ins-list">
            {data.unattributed_incidents.map((i) => (
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
                  {' '}
                  · created {formatDay(i.created_at)}
                  {i.resolved_at ? `, resolved ${formatDay(i.resolved_at)}` : ', open'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </InsightsSection>
  );
}

function IssuesSection({ data }: { data: TeamInsights }) {
  const both = (keys: InsightMetricKey[], colors: string[]) =>
    keys.map((k, i) => ({
      key: k,
      label: INSIGHT_METRICS[k].unit === 'HOURS' ? `${INSIGHT_METRICS[k].label} (median)` : INSIGHT_METRICS[k].label,
      color: colors[i]!,
    }));
  const grain = data.grain === 'SPRINT' ? 'sprint' : 'week';
  return (
    <InsightsSection title="Issues" metrics={['ISSUE_LEAD_TIME', 'ISSUE_CYCLE_TIME', 'ISSUE_THROUGHPUT', 'STORY_POINTS_COMPLETED']}>
      <dl className="ins-stats">
        {(['ISSUE_LEAD_TIME', 'ISSUE_CYCLE_TIME', 'ISSUE_THROUGHPUT', 'STORY_POINTS_COMPLETED'] as const).map((k) => (
          <MetricStat key={k} metric={k} value={metricOf(data.metrics, k)?.summary} />
        ))}
      </dl>
      <div className="ins-grid">
        <ChartFigure
          kind="bar"
          title={`Issue lead and cycle time per ${grain}`}
          unit="hours"
          rows={rowsOf(data, ['ISSUE_LEAD_TIME', 'ISSUE_CYCLE_TIME'])}
          series={both(['ISSUE_LEAD_TIME', 'ISSUE_CYCLE_TIME'], [COLORS.blue, COLORS.amber])}
          summary={summaryOf('ISSUE_CYCLE_TIME', metricOf(data.metrics, 'ISSUE_CYCLE_TIME'))}
        />
        <ChartFigure
          kind="bar"
          title={`Issues and story points done per ${grain}`}
          unit=""
          rows={rowsOf(data, ['ISSUE_THROUGHPUT', 'STORY_POINTS_COMPLETED'])}
          series={both(['ISSUE_THROUGHPUT', 'STORY_POINTS_COMPLETED'], [COLORS.teal, COLORS.violet])}
          summary={summaryOf('ISSUE_THROUGHPUT', metricOf(data.metrics, 'ISSUE_THROUGHPUT'))}
        />
      </div>
    </InsightsSection>
  );
}

const pct = (v: number | null) => (v === null ? '—' : formatPercent(v * 100, { precise: true }));

function SprintsSection({ data }: { data: TeamInsights }) {
  return (
    <InsightsSection title="Sprints" metrics={['SPRINT_COMPLETION', 'SPRINT_COMMITMENT_RELIABILITY']}>
      <div className="ins-table-wrap" role="region" aria-label="Sprints, table" tabIndex={0}>
        <table className="ins-table">
          <caption className="sr-only">Sprints in the window</caption>
          <thead>
            <tr>
              <th scope="col">Sprint</th>
              <th scope="col">Dates</th>
              <th scope="col">Committed (points)</th>
              <th scope="col">Added</th>
              <th scope="col">Done</th>
              <th scope="col">Completion</th>
              <th scope="col">Commitment reliability</th>
              <th scope="col">Carried over (issues)</th>
            </tr>
          </thead>
          <tbody>
            {data.sprints.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td>
                  {formatShortDay(s.start_at)} – {formatShortDay(s.end_at)}
                </td>
                <td>{s.committed_points}</td>
                <td>{s.added_points}</td>
                <td>{s.completed_points}</td>
                <td>{pct(s.completion_rate)}</td>
                <td>{pct(s.commitment_reliability)}</td>
                <td>{s.carried_over}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </InsightsSection>
  );
}

function ProductSection({ data }: { data: TeamInsights }) {
  const grain = data.grain === 'SPRINT' ? 'sprint' : 'week';
  const scores = data.review_cycles.map((c) => ({ label: c.name, n: c.n, score: c.average === null ? null : Math.round(c.average * 100) / 100 }));
  const g = data.goals;
  const given = metricOf(data.metrics, 'FEEDBACK_GIVEN');
  const received = metricOf(data.metrics, 'FEEDBACK_RECEIVED');
  const fbTotal = (m: InsightsMetric | undefined) => m?.points.reduce((s, p) => s + (p.value ?? 0), 0) ?? 0;
  return (
    <InsightsSection
      title="Reviews, feedback, goals and retros"
      metrics={['REVIEW_SCORE', 'FEEDBACK_GIVEN', 'FEEDBACK_RECEIVED', 'GOAL_PROGRESS', 'RETRO_PARTICIPATION', 'RETRO_ACTIONS_DONE']}
    >
      <div className="ins-grid">
        {scores.length === 0 ? (
          <div>
            <h3>Review scores</h3>
            <p className="muted">No review cycle of this team ended in this window.</p>
          </div>
        ) : (
          <ChartFigure
            kind="line"
            title="Review scores over cycles"
            unit=""
            rows={scores}
            series={[{ key: 'score', label: 'Average rating', color: COLORS.blue }]}
            summary={`${plural(scores.length, 'cycle')}; latest ${scores[scores.length - 1]!.label}: ${scores[scores.length - 1]!.score ?? '—'}.`}
          />
        )}
        <ChartFigure
          kind="bar"
          title={`Feedback given and received per ${grain}`}
          unit=""
          rows={rowsOf(data, ['FEEDBACK_GIVEN', 'FEEDBACK_RECEIVED'])}
          series={[
            { key: 'FEEDBACK_GIVEN', label: 'Given', color: COLORS.blue },
            { key: 'FEEDBACK_RECEIVED', label: 'Received', color: COLORS.green },
          ]}
          summary={`${fbTotal(given)} given and ${fbTotal(received)} received in the window.`}
        />
      </div>
      <h3>Goals</h3>
      {g.count === 0 ? (
        <p className="muted">No open goals of this team.</p>
      ) : (
        <dl className="ins-stats">
          <div className="ins-stat">
            <dt>Open goals</dt>
            <dd>
              <strong className="ins-stat-value">{plural(g.count, 'goal')}</strong>
            </dd>
          </div>
          <div className="ins-stat">
            <dt>Average progress</dt>
            <dd>
              <strong className="ins-stat-value">{formatPercent(g.average_progress)}</strong>
            </dd>
          </div>
          <div className="ins-stat">
            <dt>On track</dt>
            <dd>
              <strong className="ins-stat-value">{plural(g.on_track, 'goal')}</strong>
            </dd>
          </div>
          <div className="ins-stat">
            <dt>At risk</dt>
            <dd>
              <strong className="ins-stat-value">{plural(g.at_risk, 'goal')}</strong>
            </dd>
          </div>
          <div className="ins-stat">
            <dt>Off track</dt>
            <dd>
              <strong className="ins-stat-value">{plural(g.off_track, 'goal')}</strong>
            </dd>
          </div>
          <div className="ins-stat">
            <dt>Done</dt>
            <dd>
              <strong className="ins-stat-value">{plural(g.done, 'goal')}</strong>
            </dd>
          </div>
        </dl>
      )}
      <h3>Retros</h3>
      <dl className="ins-stats">
        <MetricStat metric="RETRO_PARTICIPATION" value={metricOf(data.metrics, 'RETRO_PARTICIPATION')?.summary} />
        <MetricStat metric="RETRO_ACTIONS_DONE" value={metricOf(data.metrics, 'RETRO_ACTIONS_DONE')?.summary} />
      </dl>
      {data.retros.length === 0 ? (
        <p className="muted">No retro held in this window.</p>
      ) : (
        <div className="ins-table-wrap" role="region" aria-label="Retros, table" tabIndex={0}>
          <table className="ins-table">
            <caption className="sr-only">Retros held in the window</caption>
            <thead>
              <tr>
                <th scope="col">Retro</th>
                <th scope="col">Held</th>
                <th scope="col">Took part</th>
                <th scope="col">Action items done</th>
              </tr>
            </thead>
            <tbody>
              {data.retros.map((r) => (
                <tr key={r.retro_id}>
                  <th scope="row">{r.title}</th>
                  <td>{formatDay(r.held_at)}</td>
                  <td>
                    {r.participants} of {r.members}
                  </td>
                  <td>
                    {r.actions_done} of {r.actions_total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </InsightsSection>
  );
}

/** A team's page: the window, the sources, then its sections; every pull request number drills down. */
export function TeamInsightsPage({ teamId, search, area, admin }: { teamId: string; search: InsightsSearch; area: InsightsArea; admin: boolean }) {
  const w = insightsWindow(search);
  const q = useQuery(teamInsightsQueryOptions(teamId, w));
  // undefined: closed; null: all pull requests; a key: those behind that metric.
  const [drill, setDrill] = useState<InsightMetricKey | null | undefined>(undefined);
  const back = <Link to={LIST_PATH[area]}>All teams</Link>;
  if (q.isPending)
    return (
      <section className="page ins-page">
        {back}
        <PendingView label="Loading team insights…" />
      </section>
    );
  if (q.isError)
    return (
      <section className="page ins-page">
        {back}
        <h1>Team insights</h1>
        <InsightsError error={q.error} who="team" />
      </section>
    );
  const data = q.data;
  const code = data.sources.code;
  const m = (k: InsightMetricKey) => metricOf(data.metrics, k);
  return (
    <section className="page ins-page" aria-busy={q.isFetching}>
      {back}
      <h1>Team insights: {data.team.name}</h1>
      <p className="muted">{plural(data.members, 'member')}. Trends of the team as a whole, compared with itself over time: never a ranking of people.</p>
      <WindowPicker search={search} withGrain />
      <SourceBadges sources={data.sources} subject={{ kind: 'team' }} />
      <NoIntegrationNotice sources={data.sources} admin={admin} subject={{ kind: 'team' }} />
      {code && (
        <>
          <PrFlowSection data={data} onDrill={setDrill} />
          {drill !== undefined && <PullRequestsDrillDown teamId={teamId} window={w} metric={drill} onClose={() => setDrill(undefined)} />}
          <InsightsSection title="Throughput" metrics={['PR_THROUGHPUT', 'PR_CLOSED_WITHOUT_MERGE']}>
            <MetricChart data={data} metric="PR_THROUGHPUT" color={COLORS.teal} onDrill={setDrill} />
            <dl className="ins-stats">
              <MetricStat metric="PR_CLOSED_WITHOUT_MERGE" value={m('PR_CLOSED_WITHOUT_MERGE')?.summary} />
            </dl>
          </InsightsSection>
          <InsightsSection title="Pull request size" metrics={['PR_SIZE']}>
            <MetricChart data={data} metric="PR_SIZE" color={COLORS.violet} onDrill={setDrill} />
          </InsightsSection>
          <InsightsSection title="Review depth" metrics={['PR_REVIEW_DEPTH']}>
            <MetricChart data={data} metric="PR_REVIEW_DEPTH" color={COLORS.blue} onDrill={setDrill} />
          </InsightsSection>
          <InsightsSection title="Merged without review" metrics={['PR_MERGED_WITHOUT_REVIEW']}>
            <MetricChart data={data} metric="PR_MERGED_WITHOUT_REVIEW" color={COLORS.red} onDrill={setDrill} />
          </InsightsSection>
        </>
      )}
      {data.sources.deployments && (hasData(m('DEPLOYMENT_FREQUENCY')) || hasData(m('CHANGE_FAILURE_RATE'))) ? (
        <DeliverySection data={data} />
      ) : (
        code && <p className="muted ins-note">Delivery (DORA) metrics appear once deployments are recognised: see the code process settings.</p>
      )}
      {data.sources.issues && <IssuesSection data={data} />}
      {data.sprints.length > 0 && <SprintsSection data={data} />}
      <ProductSection data={data} />
      <MetricDefinitionFooter />
    </section>
  );
}

function MetricDefinitionFooter() {
  return (
    <p className="muted ins-note">Weeks start on Monday in your organization’s time zone. Durations are hours; “n” is how many items a number stands on.</p>
  );
}
