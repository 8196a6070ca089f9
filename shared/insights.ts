/**
 * The one registry of insights metrics (docs/decisions/0051, docs/insights-metrics.md):
 * what each measures, from where to where, in which unit, and what is left out. The server computes
 * them (server/features/insights), the pages show these definitions beside every chart, and the
 * synthetic dataset's tests pin each one to its hand-computed value.
 *
 * Conventions: durations are in hours; a part that cannot be computed (no review, no deployment, a
 * negative span) is left out of averages and counted in `excluded`, never counted as zero; the
 * median is interpolated (the mean of the two middle values for an even n) and shown with p75, the
 * mean and n; weeks start on Monday in the organization's time zone.
 */
export const INSIGHT_METRIC_KEYS = [
  'PR_CYCLE_TIME',
  'PR_CODING_TIME',
  'PR_PICKUP_TIME',
  'PR_REVIEW_TIME',
  'PR_DEPLOY_TIME',
  'PR_TIME_TO_MERGE',
  'PR_SIZE',
  'PR_REVIEW_DEPTH',
  'PR_MERGED_WITHOUT_REVIEW',
  'PR_CLOSED_WITHOUT_MERGE',
  'PR_THROUGHPUT',
  'DEPLOYMENT_FREQUENCY',
  'LEAD_TIME_FOR_CHANGES',
  'CHANGE_FAILURE_RATE',
  'FAILED_DEPLOYMENT_RECOVERY_TIME',
  'TIME_TO_RESTORE',
  'ISSUE_LEAD_TIME',
  'ISSUE_CYCLE_TIME',
  'ISSUE_THROUGHPUT',
  'STORY_POINTS_COMPLETED',
  'SPRINT_COMPLETION',
  'SPRINT_COMMITMENT_RELIABILITY',
  'FEEDBACK_GIVEN',
  'FEEDBACK_RECEIVED',
  'GOAL_PROGRESS',
  'REVIEW_SCORE',
  'RETRO_PARTICIPATION',
  'RETRO_ACTIONS_DONE',
] as const;
export type InsightMetricKey = (typeof INSIGHT_METRIC_KEYS)[number];

/** HOURS: a duration (stats: median, p75, mean, n). RATIO: numerator / denominator (0..1). COUNT / RATE: a number per period. SCORE: an average rating. */
export type MetricUnit = 'HOURS' | 'LINES' | 'RATIO' | 'COUNT' | 'RATE' | 'SCORE' | 'PERCENT';
export type MetricGroup = 'PR_FLOW' | 'DELIVERY' | 'ISSUES' | 'PRODUCT';

export type MetricDefinition = {
  label: string;
  group: MetricGroup;
  unit: MetricUnit;
  /** Lower is better (cycle times), higher is better (throughput), or neither (size). */
  better: 'LOWER' | 'HIGHER' | 'NEUTRAL';
  /** The definition shown beside the chart: start -> end, formula, what is left out. */
  definition: string;
  /** Fit for a person's own page (docs/insights-metrics.md); team-only metrics never appear per person. */
  individual: boolean;
};

export const INSIGHT_METRICS: Record<InsightMetricKey, MetricDefinition> = {
  PR_CYCLE_TIME: {
    label: 'PR cycle time',
    group: 'PR_FLOW',
    unit: 'HOURS',
    better: 'LOWER',
    individual: true,
    definition:
      'First commit (the pull request’s creation when no commit is known) to the production deployment that shipped it. Pull requests never deployed are left out.',
  },
  PR_CODING_TIME: {
    label: 'Coding time',
    group: 'PR_FLOW',
    unit: 'HOURS',
    better: 'LOWER',
    individual: true,
    definition:
      'First commit to ready for review: time spent as a draft counts as coding. Left out when the first commit is later than the pull request’s creation.',
  },
  PR_PICKUP_TIME: {
    label: 'Pickup time',
    group: 'PR_FLOW',
    unit: 'HOURS',
    better: 'LOWER',
    individual: true,
    definition: 'Ready for review to the first review or comment by someone who is neither the author nor a bot. Left out when nobody else reviewed.',
  },
  PR_REVIEW_TIME: {
    label: 'Review time',
    group: 'PR_FLOW',
    unit: 'HOURS',
    better: 'LOWER',
    individual: true,
    definition: 'First review by someone else to merge. Left out when nobody else reviewed.',
  },
  PR_DEPLOY_TIME: {
    label: 'Deploy time',
    group: 'PR_FLOW',
    unit: 'HOURS',
    better: 'LOWER',
    individual: false,
    definition: 'Merge to the first successful production deployment of the repository after it. Left out when no deployment followed.',
  },
  PR_TIME_TO_MERGE: {
    label: 'Time to merge',
    group: 'PR_FLOW',
    unit: 'HOURS',
    better: 'LOWER',
    individual: true,
    definition: 'Pull request created to merged.',
  },
  PR_SIZE: {
    label: 'PR size',
    group: 'PR_FLOW',
    unit: 'LINES',
    better: 'NEUTRAL',
    individual: false,
    definition: 'Lines added plus lines deleted, per merged pull request.',
  },
  PR_REVIEW_DEPTH: {
    label: 'Review depth',
    group: 'PR_FLOW',
    unit: 'RATE',
    better: 'NEUTRAL',
    individual: false,
    definition: 'Reviews and comments by others than the author and bots, per merged pull request.',
  },
  PR_MERGED_WITHOUT_REVIEW: {
    label: 'Merged without review',
    group: 'PR_FLOW',
    unit: 'RATIO',
    better: 'LOWER',
    individual: false,
    definition: 'Merged pull requests with no review or comment by anyone but the author and bots, of all merged pull requests.',
  },
  PR_CLOSED_WITHOUT_MERGE: {
    label: 'Closed without merge',
    group: 'PR_FLOW',
    unit: 'RATIO',
    better: 'LOWER',
    individual: false,
    definition: 'Pull requests closed unmerged, of those closed or merged in the period.',
  },
  PR_THROUGHPUT: {
    label: 'PR throughput',
    group: 'PR_FLOW',
    unit: 'RATE',
    better: 'HIGHER',
    individual: false,
    definition: 'Merged pull requests per team member per week (a team normaliser, never a comparison of people).',
  },
  DEPLOYMENT_FREQUENCY: {
    label: 'Deployment frequency',
    group: 'DELIVERY',
    unit: 'RATE',
    better: 'HIGHER',
    individual: false,
    definition: 'Days with at least one successful production deployment, per week (median over the weeks). Staging and failed deployments do not count.',
  },
  LEAD_TIME_FOR_CHANGES: {
    label: 'Lead time for changes',
    group: 'DELIVERY',
    unit: 'HOURS',
    better: 'LOWER',
    individual: false,
    definition: 'PR cycle time of the pull requests deployed in the period (first commit to production).',
  },
  CHANGE_FAILURE_RATE: {
    label: 'Change failure rate',
    group: 'DELIVERY',
    unit: 'RATIO',
    better: 'LOWER',
    individual: false,
    definition:
      'Production deployments followed by an incident within the code process’s attribution window, of all production deployments. Incidents outside the window are listed as unattributed.',
  },
  FAILED_DEPLOYMENT_RECOVERY_TIME: {
    label: 'Failed deployment recovery time',
    group: 'DELIVERY',
    unit: 'HOURS',
    better: 'LOWER',
    individual: false,
    definition: 'From the deployment an incident is attributed to until the incident was resolved.',
  },
  TIME_TO_RESTORE: {
    label: 'Time to restore',
    group: 'DELIVERY',
    unit: 'HOURS',
    better: 'LOWER',
    individual: false,
    definition: 'Incident created to resolved.',
  },
  ISSUE_LEAD_TIME: {
    label: 'Issue lead time',
    group: 'ISSUES',
    unit: 'HOURS',
    better: 'LOWER',
    individual: true,
    definition: 'Issue created to done, for issues done in the period.',
  },
  ISSUE_CYCLE_TIME: {
    label: 'Issue cycle time',
    group: 'ISSUES',
    unit: 'HOURS',
    better: 'LOWER',
    individual: true,
    definition: 'Total time in the In Progress status category (reopened work counts again), for issues done in the period.',
  },
  ISSUE_THROUGHPUT: {
    label: 'Issues done',
    group: 'ISSUES',
    unit: 'COUNT',
    better: 'HIGHER',
    individual: false,
    definition: 'Issues moved to the Done category in the period (by resolution date).',
  },
  STORY_POINTS_COMPLETED: {
    label: 'Story points done',
    group: 'ISSUES',
    unit: 'COUNT',
    better: 'HIGHER',
    individual: false,
    definition: 'Story points of the issues done in the period; issues without points count 0.',
  },
  SPRINT_COMPLETION: {
    label: 'Sprint completion',
    group: 'ISSUES',
    unit: 'RATIO',
    better: 'HIGHER',
    individual: false,
    definition: 'Points done by the sprint’s end, of all its points including those added after it started.',
  },
  SPRINT_COMMITMENT_RELIABILITY: {
    label: 'Commitment reliability',
    group: 'ISSUES',
    unit: 'RATIO',
    better: 'HIGHER',
    individual: false,
    definition: 'Points done by the sprint’s end, of the points planned when it started.',
  },
  FEEDBACK_GIVEN: {
    label: 'Feedback given',
    group: 'PRODUCT',
    unit: 'COUNT',
    better: 'HIGHER',
    individual: true,
    definition: 'Pieces of feedback and praise given in the period.',
  },
  FEEDBACK_RECEIVED: {
    label: 'Feedback received',
    group: 'PRODUCT',
    unit: 'COUNT',
    better: 'HIGHER',
    individual: true,
    definition: 'Pieces of feedback and praise received in the period.',
  },
  GOAL_PROGRESS: {
    label: 'Goal progress',
    group: 'PRODUCT',
    unit: 'PERCENT',
    better: 'HIGHER',
    individual: true,
    definition: 'Average progress of the open goals at the end of the period, from their check-ins.',
  },
  REVIEW_SCORE: {
    label: 'Review score',
    group: 'PRODUCT',
    unit: 'SCORE',
    better: 'HIGHER',
    individual: true,
    definition: 'Average rating of the submitted reviews of cycles that ended in the period.',
  },
  RETRO_PARTICIPATION: {
    label: 'Retro participation',
    group: 'PRODUCT',
    unit: 'RATIO',
    better: 'HIGHER',
    individual: false,
    definition: 'People who took part in the team’s retros, of the team’s members, for retros held in the period.',
  },
  RETRO_ACTIONS_DONE: {
    label: 'Retro actions done',
    group: 'PRODUCT',
    unit: 'RATIO',
    better: 'HIGHER',
    individual: false,
    definition: 'Action items done, of those created in retros held in the period.',
  },
};

/** Individual aggregates over fewer items than this are not shown (a person's page is for them, not for ranking). */
export const INDIVIDUAL_MIN_N = 5;
/** Longest window a page may ask for. */
export const INSIGHTS_MAX_DAYS = 366;
export const INSIGHTS_DEFAULT_WEEKS = 12;

export type Stats = { n: number; mean: number | null; median: number | null; p75: number | null };

/** Interpolated quantile (type 7, as PERCENTILE_CONT): q in 0..1 over values sorted ascending. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** n, mean, interpolated median and p75 of the values that exist (nulls are left out, never zero). */
export function stats(values: ReadonlyArray<number | null | undefined>): Stats {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (present.length === 0) return { n: 0, mean: null, median: null, p75: null };
  const sum = present.reduce((a, b) => a + b, 0);
  return { n: present.length, mean: sum / present.length, median: quantile(present, 0.5), p75: quantile(present, 0.75) };
}

/** Hours between two ISO instants; null when either is missing or the span is negative (left out, as DevLake does). */
export function hoursBetween(from: string | null | undefined, to: string | null | undefined): number | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms / 3_600_000 : null;
}
