import { INSIGHT_METRICS, INDIVIDUAL_MIN_N, type InsightMetricKey, type MetricUnit } from '../../../shared/insights.js';
import type { InsightsMetric, InsightsValue } from './api.js';
import { formatNumber, formatPercent } from '../../../shared/format.js';

/** How the insights pages write numbers: hours with one decimal (days past 48 h), ratios as percents (shared/format.ts, docs/decisions/0070). */

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const round = (v: number, digits = 1) => {
  const f = 10 ** digits;
  return String(Math.round(v * f) / f);
};

/** A duration in hours: "45 min", "12.5 h", "3.2 days" (hours shown beside days). */
export function formatHours(h: number | null | undefined): string {
  if (h === null || h === undefined) return '—';
  if (h < 1) return `${Math.round(h * 60)} min`;
  if (h < 48) return `${round(h)} h`;
  return `${round(h / 24)} days (${Math.round(h)} h)`;
}

/** A value of a metric in its unit. */
export function formatUnit(unit: MetricUnit, v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  switch (unit) {
    case 'HOURS':
      return formatHours(v);
    case 'RATIO':
      return formatPercent(v * 100, { precise: true });
    case 'PERCENT':
      return formatPercent(v, { precise: true });
    case 'LINES':
      return `${round(v, 0)} lines`;
    case 'SCORE':
      return round(v, 2);
    default:
      return round(v, 2);
  }
}

/**
 * What a count, rate or score counts (durations, ratios, percents and lines carry their unit): no
 * number on a tile stands without one. One and many.
 */
const UNIT_WORDS: Partial<Record<InsightMetricKey, readonly [string, string]>> = {
  PR_REVIEW_DEPTH: ['review per PR', 'reviews per PR'],
  PR_THROUGHPUT: ['PR per member per week', 'PRs per member per week'],
  DEPLOYMENT_FREQUENCY: ['deploy day per week', 'deploy days per week'],
  ISSUE_THROUGHPUT: ['issue', 'issues'],
  STORY_POINTS_COMPLETED: ['point', 'points'],
  FEEDBACK_GIVEN: ['piece', 'pieces'],
  FEEDBACK_RECEIVED: ['piece', 'pieces'],
  REVIEW_SCORE: ['average rating', 'average rating'],
};

/** A metric's value with its unit: "3.2 h", "45%", "0.02 PRs per member per week", "12 issues". */
export function formatMetric(key: InsightMetricKey, v: number | null | undefined): string {
  const text = formatUnit(INSIGHT_METRICS[key].unit, v);
  const words = UNIT_WORDS[key];
  return words && v !== null && v !== undefined ? `${text} ${v === 1 ? words[0] : words[1]}` : text;
}

/** The same value as a plain number for tables and charts (hours stay hours, ratios become percents). */
export function plainNumber(unit: MetricUnit, v: number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (unit === 'RATIO') return Math.round(v * 1000) / 10;
  return Math.round(v * 100) / 100;
}
export const unitSuffix = (unit: MetricUnit) => (unit === 'HOURS' ? 'hours' : unit === 'RATIO' || unit === 'PERCENT' ? '%' : unit === 'LINES' ? 'lines' : '');
export const plainText = (unit: MetricUnit, v: number | null | undefined) => {
  const p = plainNumber(unit, v);
  return p === null ? '—' : String(p);
};

/** A metric's label inside a sentence: "PR cycle time", "review depth". */
export const inSentence = (label: string) => (label.startsWith('PR ') ? label : label.charAt(0).toLowerCase() + label.slice(1));

export const NOT_ENOUGH = `Not enough data to show (fewer than ${INDIVIDUAL_MIN_N})`;

/** The headline of a value: the median for durations, else the value. */
export function headline(key: InsightMetricKey, v: InsightsValue): string {
  if (v.suppressed) return NOT_ENOUGH;
  return formatMetric(key, INSIGHT_METRICS[key].unit === 'HOURS' ? (v.median ?? v.value) : v.value);
}

/** What the headline stands on: median, p75, mean and n for durations; the parts of ratios; what was left out. */
export function summaryParts(key: InsightMetricKey, v: InsightsValue): string[] {
  if (v.suppressed) return [];
  const unit = INSIGHT_METRICS[key].unit;
  const parts: string[] = [];
  if (unit === 'HOURS' || unit === 'LINES') {
    parts.push(`median ${formatUnit(unit, v.median)}`, `p75 ${formatUnit(unit, v.p75)}`, `mean ${formatUnit(unit, v.mean)}`);
  }
  if (unit === 'RATIO' && v.numerator !== null && v.denominator !== null) parts.push(`${formatNumber(v.numerator)} of ${formatNumber(v.denominator)}`);
  parts.push(`n = ${v.n}`);
  if (v.excluded > 0) parts.push(`${v.n} of ${v.n + v.excluded} counted, ${v.excluded} left out`);
  return parts;
}

export const metricOf = (metrics: InsightsMetric[], key: InsightMetricKey) => metrics.find((m) => m.key === key);
/** A metric worth a section: it exists and some period or the summary has data. */
export const hasData = (m: InsightsMetric | undefined): m is InsightsMetric =>
  !!m && (m.summary.n > 0 || m.summary.excluded > 0 || m.points.some((p) => p.n > 0));
