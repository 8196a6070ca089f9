import { hoursBetween, INSIGHT_METRICS, stats, type InsightMetricKey } from '../../../shared/insights.js';
import { periodIndex, weeksOf, type Period, type Window } from './insights.periods.js';
import { dayOf } from '../../../shared/dates.js';
import {
  bucket,
  countValue,
  distribution,
  durationValue,
  EMPTY,
  OUTSIDE,
  rateValue,
  ratioValue,
  slotsOf,
  type InsightsMetric,
  type InsightsValue,
} from './insights.values.js';
import { emptyPrFactColumns, PR_FACT_FIELDS, prFactValues, type PrFactColumns, type PrFactField } from '../integrations/integrations.pr-facts.repo.js';

/**
 * The metrics of shared/insights.ts computed from rows (docs/decisions/0051): pure functions, one per
 * family, no database. Durations are hours (hoursBetween: null when missing or negative); a value that
 * cannot be computed is left out and counted in `excluded`, never counted as zero; durations report
 * the interpolated median as `value` with mean, p75 and n; ratios carry numerator and denominator.
 * PRs are bucketed into periods by merged_at, closed ratios by closed_at, deployments by finished_at,
 * issues by resolved_at. The summary covers the whole window.
 */

export type PrRow = {
  id: string;
  number: number;
  title: string;
  url: string | null;
  repository: string;
  state: string;
  author_login: string | null;
  author_user_id: string | null;
  author_is_bot: boolean;
  created_at: string;
  first_commit_at: string | null;
  ready_at: string | null;
  first_review_at: string | null;
  merged_at: string | null;
  closed_at: string | null;
  deployed_at: string | null;
  additions: number | null;
  deletions: number | null;
  review_comments: number;
};

export type DeploymentRow = { id: string; environment: string; result: string; finished_at: string };
export type IncidentRow = {
  id: string;
  key: string;
  created_at: string;
  resolved_at: string | null;
  caused_by_deployment_id: string | null;
  deployment_finished_at: string | null;
};
export type IssueRow = {
  id: string;
  key: string;
  created_at: string;
  resolved_at: string | null;
  status_category: string;
  story_points: number | null;
  cycle_minutes: number | null;
};

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

const inWindow = (iso: string | null | undefined, w: Window) => {
  const t = ms(iso);
  return Number.isFinite(t) && t >= w.from && t < w.to;
};

// ---------------------------------------------------------------- pull requests

export type PrDurations = {
  coding: number | null;
  pickup: number | null;
  review: number | null;
  deploy: number | null;
  cycle: number | null;
  merge: number | null;
  size: number | null;
  reasons: string[];
};

/** A pull request's parts, in hours, with the reasons a part is left out (plain words). */
export function prDurations(pr: PrRow): PrDurations {
  const facts = factsOf(pr);
  const part = (field: PrFactField) => {
    const v = facts[PR_FACT_FIELDS.indexOf(field)]!;
    return Number.isNaN(v) ? null : v;
  };
  const [coding, pickup, review, deploy, cycle, merge, size] = (['coding', 'pickup', 'review', 'deploy', 'cycle', 'merge', 'size'] as const).map(part);
  const reasons: string[] = [];
  if (pr.author_is_bot) reasons.push('author is a bot');
  if (pr.first_commit_at && coding === null) reasons.push('first commit after creation');
  if (pr.state === 'MERGED' && !pr.first_review_at) reasons.push('no review by someone else');
  if (pr.state === 'MERGED' && !pr.deployed_at) reasons.push('not deployed');
  if (pr.first_review_at && pickup === null) reasons.push('reviewed before ready for review');
  return {
    coding: coding ?? null,
    pickup: pickup ?? null,
    review: review ?? null,
    deploy: deploy ?? null,
    cycle: cycle ?? null,
    merge: merge ?? null,
    size: size ?? null,
    reasons,
  };
}

/** A pull request's facts in blob order (prFactValues of integrations.pr-facts.repo.ts, the one place the spans are defined). */
function factsOf(pr: PrRow): number[] {
  return prFactValues({
    merged: ms(pr.merged_at),
    deployed: ms(pr.deployed_at),
    created: ms(pr.created_at),
    ready: ms(pr.ready_at),
    firstCommit: ms(pr.first_commit_at),
    firstReview: ms(pr.first_review_at),
    size: pr.additions === null && pr.deletions === null ? NaN : (pr.additions ?? 0) + (pr.deletions ?? 0),
    comments: pr.review_comments,
  });
}

/** The facts of merged pull requests by people (bots left out) as columns, from rows: a person's page (the team page reads them from ext_pr_fact_days). */
export function prFactColumns(list: readonly PrRow[]): PrFactColumns {
  const people = list.filter((p) => !p.author_is_bot && p.merged_at);
  const out = emptyPrFactColumns(people.length);
  people.forEach((pr, i) => {
    const values = factsOf(pr);
    PR_FACT_FIELDS.forEach((f, k) => {
      out[f][i] = values[k]!;
    });
  });
  out.n = people.length;
  return out;
}

/** Items into the periods by an instant in ms. */
function bucketMs<T>(items: readonly T[], at: (item: T) => number | null, periods: readonly Period[]): T[][] {
  const out: T[][] = periods.map(() => []);
  for (const item of items) {
    const t = at(item);
    if (t === null || !Number.isFinite(t)) continue;
    const i = periodIndex(periods, t);
    if (i >= 0) out[i]!.push(item);
  }
  return out;
}
const inWindowMs = (t: number | null, w: Window) => t !== null && t >= w.from && t < w.to;

type PrFamilyInput = {
  /** The team's merged PRs by people (some merged before the window: only merged in the window counts). */
  merged: PrFactColumns;
  /** When PRs were closed unmerged (ms). */
  closedUnmerged: readonly number[];
  periods: readonly Period[];
  window: Window;
  members: number;
};

/** PR flow: cycle, coding, pickup, review, deploy, time to merge, size, review depth, merged without review, closed without merge, throughput. */
export function prFlowMetrics(input: PrFamilyInput): InsightsMetric[] {
  const { merged: facts, periods, window } = input;
  const slots = slotsOf(facts.merged, facts.n, window, periods);
  const count = new Array<number>(periods.length).fill(0);
  const comments = new Array<number>(periods.length).fill(0);
  const unreviewed = new Array<number>(periods.length).fill(0);
  let total = 0;
  let totalComments = 0;
  let totalUnreviewed = 0;
  for (let i = 0; i < facts.n; i++) {
    const s = slots[i]!;
    if (s === OUTSIDE) continue;
    const c = facts.comments[i]!;
    total++;
    totalComments += c;
    if (c === 0) totalUnreviewed++;
    if (s >= 0) {
      count[s]!++;
      comments[s]! += c;
      if (c === 0) unreviewed[s]!++;
    }
  }
  const duration = (key: InsightMetricKey, field: PrFactField): InsightsMetric => ({ key, ...distribution(facts[field], slots, periods.length) });
  const depth = (n: number, sum: number) => rateValue(n ? sum / n : null, n, sum, n);
  const closed = input.closedUnmerged.filter((c) => inWindowMs(c, window));
  const closedByPeriod = bucketMs(closed, (c) => c, periods);
  const closedRatio = (closedCount: number, mergedCount: number) => ratioValue(closedCount, closedCount + mergedCount);
  const throughput = (n: number, weeks: number) => rateValue(input.members > 0 && weeks > 0 ? n / input.members / weeks : null, n, n, input.members * weeks);
  const windowWeeks = weeksOf({ start: window.from, end: window.to }, window.zone);
  return [
    duration('PR_CYCLE_TIME', 'cycle'),
    duration('PR_CODING_TIME', 'coding'),
    duration('PR_PICKUP_TIME', 'pickup'),
    duration('PR_REVIEW_TIME', 'review'),
    duration('PR_DEPLOY_TIME', 'deploy'),
    duration('PR_TIME_TO_MERGE', 'merge'),
    duration('PR_SIZE', 'size'),
    { key: 'PR_REVIEW_DEPTH', summary: depth(total, totalComments), points: count.map((n, i) => depth(n, comments[i]!)) },
    { key: 'PR_MERGED_WITHOUT_REVIEW', summary: ratioValue(totalUnreviewed, total), points: count.map((n, i) => ratioValue(unreviewed[i]!, n)) },
    { key: 'PR_CLOSED_WITHOUT_MERGE', summary: closedRatio(closed.length, total), points: count.map((n, i) => closedRatio(closedByPeriod[i]!.length, n)) },
    { key: 'PR_THROUGHPUT', summary: throughput(total, windowWeeks), points: count.map((n, i) => throughput(n, weeksOf(periods[i]!, window.zone))) },
  ];
}

// ---------------------------------------------------------------- delivery (DORA)

/** A production deployment: SUCCESS in one of the code process's production environments (case-insensitive). */
export function isProductionSuccess(d: DeploymentRow, productionEnvironments: readonly string[]): boolean {
  const env = d.environment.trim().toLowerCase();
  return d.result.trim().toUpperCase() === 'SUCCESS' && productionEnvironments.some((p) => p.trim().toLowerCase() === env);
}

type DeliveryInput = {
  deployments: readonly DeploymentRow[];
  productionEnvironments: readonly string[];
  /** Merged PRs of the team's repositories, by people (lead time counts those deployed in the period). */
  prs: PrFactColumns;
  /** Incidents of the team (its projects, or attributed to its deployments). */
  incidents: readonly IncidentRow[];
  periods: readonly Period[];
  /** The window's Monday weeks: deployment frequency's summary is the median of these. */
  weeks: readonly Period[];
  window: Window;
};

/** Distinct deployment days (organization time zone) of production deployments. */
function deployDays(list: readonly DeploymentRow[], zone: string): number {
  return new Set(list.map((d) => dayOf(ms(d.finished_at), zone))).size;
}

export function deliveryMetrics(input: DeliveryInput): InsightsMetric[] {
  const { periods, window } = input;
  const deployments = input.deployments.filter((d) => isProductionSuccess(d, input.productionEnvironments) && inWindow(d.finished_at, window));
  const perWeek = bucket(deployments, (d) => d.finished_at, input.weeks).map((list) => deployDays(list, window.zone));
  const weekStats = stats(perWeek);
  const frequency: InsightsMetric = {
    key: 'DEPLOYMENT_FREQUENCY',
    summary: {
      ...EMPTY,
      n: perWeek.length,
      value: weekStats.median,
      mean: weekStats.mean,
      median: weekStats.median,
      p75: weekStats.p75,
      numerator: deployDays(deployments, window.zone),
      denominator: perWeek.length,
    },
    points: bucket(deployments, (d) => d.finished_at, periods).map((list, i) => {
      const days = deployDays(list, window.zone);
      return rateValue(days / Math.max(1, weeksOf(periods[i]!, window.zone)), list.length, days, null);
    }),
  };

  // Lead time for changes: the cycle time of the PRs deployed in the window, by when they were deployed.
  const lead: InsightsMetric = {
    key: 'LEAD_TIME_FOR_CHANGES',
    ...distribution(input.prs.cycle, slotsOf(input.prs.deployed, input.prs.n, window, periods), periods.length),
  };

  const failedIds = new Set(input.incidents.map((i) => i.caused_by_deployment_id).filter((id): id is string => !!id));
  const cfr = (list: readonly DeploymentRow[]) => ratioValue(list.filter((d) => failedIds.has(d.id)).length, list.length);
  const failure: InsightsMetric = {
    key: 'CHANGE_FAILURE_RATE',
    summary: cfr(deployments),
    points: bucket(deployments, (d) => d.finished_at, periods).map(cfr),
  };

  const resolved = input.incidents.filter((i) => inWindow(i.resolved_at, window));
  const recoveryOf = (i: IncidentRow) => hoursBetween(i.deployment_finished_at, i.resolved_at);
  const attributed = resolved.filter((i) => i.caused_by_deployment_id);
  const recovery: InsightsMetric = {
    key: 'FAILED_DEPLOYMENT_RECOVERY_TIME',
    summary: durationValue(attributed.map(recoveryOf)),
    points: bucket(attributed, (i) => i.resolved_at, periods).map((list) => durationValue(list.map(recoveryOf))),
  };
  const ttrOf = (i: IncidentRow) => hoursBetween(i.created_at, i.resolved_at);
  const restore: InsightsMetric = {
    key: 'TIME_TO_RESTORE',
    summary: durationValue(resolved.map(ttrOf)),
    points: bucket(resolved, (i) => i.resolved_at, periods).map((list) => durationValue(list.map(ttrOf))),
  };
  return [frequency, lead, failure, recovery, restore];
}

// ---------------------------------------------------------------- issues and sprints

const issueLead = (i: IssueRow) => hoursBetween(i.created_at, i.resolved_at);
const issueCycle = (i: IssueRow) => (i.cycle_minutes === null || i.cycle_minutes < 0 ? null : i.cycle_minutes / 60);

/** Issues done in the window (by resolution date): lead time, cycle time, count, story points. */
export function issueMetrics(issues: readonly IssueRow[], periods: readonly Period[], window: Window): InsightsMetric[] {
  const done = issues.filter((i) => i.status_category === 'DONE' && inWindow(i.resolved_at, window));
  const byPeriod = bucket(done, (i) => i.resolved_at, periods);
  const points = (list: readonly IssueRow[]) => list.reduce((a, i) => a + (i.story_points ?? 0), 0);
  return [
    { key: 'ISSUE_LEAD_TIME', summary: durationValue(done.map(issueLead)), points: byPeriod.map((l) => durationValue(l.map(issueLead))) },
    { key: 'ISSUE_CYCLE_TIME', summary: durationValue(done.map(issueCycle)), points: byPeriod.map((l) => durationValue(l.map(issueCycle))) },
    { key: 'ISSUE_THROUGHPUT', summary: countValue(done.length), points: byPeriod.map((l) => countValue(l.length)) },
    {
      key: 'STORY_POINTS_COMPLETED',
      summary: { ...countValue(points(done)), n: done.length },
      points: byPeriod.map((l) => ({ ...countValue(points(l)), n: l.length })),
    },
  ];
}

export type SprintRow = { id: string; name: string; start_at: string | null; end_at: string | null; complete_at: string | null };
export type SprintIssueRow = {
  sprint_id: string;
  issue_id: string;
  added_at: string;
  removed_at: string | null;
  story_points: number | null;
  /** The issue's status category at the sprint's end (from its transitions); null: never moved (To Do). */
  category_at_end: string | null;
};
export type SprintOutcome = {
  id: string;
  name: string;
  start_at: string | null;
  end_at: string | null;
  committed_points: number;
  added_points: number;
  completed_points: number;
  committed_completed_points: number;
  completion_rate: number | null;
  commitment_reliability: number | null;
  carried_over: number;
};

/** The end a sprint is judged at: when it was completed, else its planned end. */
export const sprintEnd = (s: SprintRow) => s.complete_at ?? s.end_at;

/**
 * A sprint's outcome. Committed: in the sprint at its start; added: joined after; removed before the
 * end: left out. Done: in the Done category at the end. Completion = done points / all points;
 * commitment reliability = done committed points / committed points; carried over = issues not done.
 */
export function sprintOutcome(sprint: SprintRow, rows: readonly SprintIssueRow[]): SprintOutcome {
  const start = ms(sprint.start_at);
  const end = ms(sprintEnd(sprint));
  let committed = 0;
  let added = 0;
  let completed = 0;
  let committedDone = 0;
  let carried = 0;
  for (const r of rows) {
    if (r.removed_at && ms(r.removed_at) <= end) continue;
    const isCommitted = !Number.isFinite(start) || ms(r.added_at) <= start;
    const points = r.story_points ?? 0;
    const done = r.category_at_end === 'DONE';
    if (isCommitted) committed += points;
    else added += points;
    if (done) {
      completed += points;
      if (isCommitted) committedDone += points;
    } else carried += 1;
  }
  const total = committed + added;
  return {
    id: sprint.id,
    name: sprint.name,
    start_at: sprint.start_at,
    end_at: sprintEnd(sprint),
    committed_points: committed,
    added_points: added,
    completed_points: completed,
    committed_completed_points: committedDone,
    completion_rate: total > 0 ? completed / total : null,
    commitment_reliability: committed > 0 ? committedDone / committed : null,
    carried_over: carried,
  };
}

/** Sprint completion and commitment reliability: sprints bucketed by their end; a period's value is the sum of its sprints' parts. */
export function sprintMetrics(outcomes: readonly SprintOutcome[], periods: readonly Period[], window: Window): InsightsMetric[] {
  const ended = outcomes.filter((o) => inWindow(o.end_at, window));
  const byPeriod = bucket(ended, (o) => o.end_at, periods);
  const completion = (list: readonly SprintOutcome[]) =>
    ratioValue(
      list.reduce((a, o) => a + o.completed_points, 0),
      list.reduce((a, o) => a + o.committed_points + o.added_points, 0),
    );
  const reliability = (list: readonly SprintOutcome[]) =>
    ratioValue(
      list.reduce((a, o) => a + o.committed_completed_points, 0),
      list.reduce((a, o) => a + o.committed_points, 0),
    );
  return [
    { key: 'SPRINT_COMPLETION', summary: completion(ended), points: byPeriod.map(completion) },
    { key: 'SPRINT_COMMITMENT_RELIABILITY', summary: reliability(ended), points: byPeriod.map(reliability) },
  ];
}

// ---------------------------------------------------------------- a person's page

/** On a person's page: only metrics fit for it, each aggregate over fewer than `minN` items suppressed (counts stay). */
export function forIndividual(metrics: readonly InsightsMetric[], minN: number): InsightsMetric[] {
  const hide = (v: InsightsValue): InsightsValue =>
    v.n >= minN ? v : { ...v, value: null, mean: null, median: null, p75: null, numerator: null, denominator: null, suppressed: true };
  return metrics
    .filter((m) => INSIGHT_METRICS[m.key].individual)
    .map((m) => {
      if (INSIGHT_METRICS[m.key].unit === 'COUNT') return m;
      return { ...m, summary: hide(m.summary), points: m.points.map(hide) };
    });
}

/** Counts per period of instants (feedback given or received). */
export function countMetric(key: InsightMetricKey, instants: readonly string[], periods: readonly Period[], window: Window): InsightsMetric {
  const inside = instants.filter((t) => inWindow(t, window));
  return { key, summary: countValue(inside.length), points: bucket(inside, (t) => t, periods).map((l) => countValue(l.length)) };
}

/** A value known only for the whole window (goal progress, review score): the same for each period is not claimed, points stay empty values. */
export function snapshotMetric(key: InsightMetricKey, value: number | null, n: number, periods: readonly Period[]): InsightsMetric {
  return { key, summary: { ...EMPTY, n, value, mean: value }, points: periods.map(() => ({ ...EMPTY })) };
}
