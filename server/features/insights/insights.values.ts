import { periodIndex, type Period, type Window } from './insights.periods.js';
import type { InsightMetricKey } from '../../../shared/insights.js';

/**
 * The values the insights metrics report (docs/decisions/0051, 0052): durations as n, mean,
 * interpolated median and p75 of the values that exist (the others counted as excluded, never as
 * zero), ratios with numerator and denominator, counts and rates; and how items fall into the
 * window's periods. Medians and p75 come from a linear selection, not a sort.
 */

export type InsightsValue = {
  n: number;
  value: number | null;
  mean: number | null;
  median: number | null;
  p75: number | null;
  numerator: number | null;
  denominator: number | null;
  excluded: number;
  suppressed: boolean;
};
export type InsightsMetric = { key: InsightMetricKey; summary: InsightsValue; points: InsightsValue[] };

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

export const EMPTY: InsightsValue = {
  n: 0,
  value: null,
  mean: null,
  median: null,
  p75: null,
  numerator: null,
  denominator: null,
  excluded: 0,
  suppressed: false,
};

/** A duration's value: stats of the values that exist, the others counted as excluded. */
export function durationValue(values: ReadonlyArray<number | null>): InsightsValue {
  const present = new Float64Array(values.length);
  let n = 0;
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v)) present[n++] = v;
  return statsOf(present, 0, n, values.length - n);
}

/**
 * Wirth's selection: afterwards a[k] is the value a sort of a[left..right] would put there, with no
 * greater value before it and no smaller one after it. Linear on average, duplicates included.
 */
function select(a: Float64Array, left: number, right: number, k: number): void {
  while (right > left) {
    const pivot = a[k]!;
    let i = left;
    let j = right;
    do {
      while (a[i]! < pivot) i++;
      while (pivot < a[j]!) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < k) left = i;
    if (k < i) right = j;
  }
}

/** quantile() of shared/insights.ts over a[start..end) (reordered, never sorted); `from`: an index before which a[] holds nothing greater than a[from]. */
function quantileOf(a: Float64Array, start: number, end: number, q: number, from = start): number {
  const pos = (end - start - 1) * q;
  const lo = start + Math.floor(pos);
  select(a, from, end - 1, lo);
  const low = a[lo]!;
  if (Math.ceil(pos) === Math.floor(pos)) return low;
  let high = Infinity;
  for (let i = lo + 1; i < end; i++) if (a[i]! < high) high = a[i]!;
  return low + (high - low) * (pos - Math.floor(pos));
}

/** n, mean, interpolated median and p75 of a[start..end) (finite values; reordered), with how many were left out. */
function statsOf(a: Float64Array, start: number, end: number, excluded: number): InsightsValue {
  const n = end - start;
  if (n === 0) return { ...EMPTY, excluded };
  let sum = 0;
  for (let i = start; i < end; i++) sum += a[i]!;
  const median = quantileOf(a, start, end, 0.5);
  const p75 = quantileOf(a, start, end, 0.75, start + Math.floor((n - 1) * 0.5));
  return { ...EMPTY, n, value: median, mean: sum / n, median, p75, excluded };
}

/** Where each item falls by its instant: OUTSIDE the window, IN_WINDOW but no period, or its period's index. */
export const OUTSIDE = -2;
export const IN_WINDOW = -1;
export function slotsOf(at: Float64Array, n: number, window: Window, periods: readonly Period[]): Int32Array {
  const slots = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const t = at[i]!;
    slots[i] = t >= window.from && t < window.to ? Math.max(IN_WINDOW, periodIndex(periods, t)) : OUTSIDE;
  }
  return slots;
}

/** A duration over the window and per period: the values that exist of the items in the window, the missing ones counted as excluded. */
export function distribution(values: Float64Array, slots: Int32Array, periodCount: number): { summary: InsightsValue; points: InsightsValue[] } {
  const groups = periodCount + 1; // the last: in the window, in no period
  const present = new Int32Array(groups);
  const all = new Int32Array(groups);
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    if (s === OUTSIDE) continue;
    const g = s === IN_WINDOW ? periodCount : s;
    all[g]!++;
    if (Number.isFinite(values[i]!)) present[g]!++;
  }
  const offsets = new Int32Array(groups + 1);
  for (let g = 0; g < groups; g++) offsets[g + 1] = offsets[g]! + present[g]!;
  const grouped = new Float64Array(offsets[groups]!);
  const next = offsets.slice(0, groups);
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const v = values[i]!;
    if (s === OUTSIDE || !Number.isFinite(v)) continue;
    grouped[next[s === IN_WINDOW ? periodCount : s]!++] = v;
  }
  const points: InsightsValue[] = [];
  let missing = 0;
  for (let g = 0; g < groups; g++) {
    missing += all[g]! - present[g]!;
    if (g < periodCount) points.push(statsOf(grouped, offsets[g]!, offsets[g + 1]!, all[g]! - present[g]!));
  }
  return { summary: statsOf(grouped, 0, grouped.length, missing), points };
}

export function ratioValue(numerator: number, denominator: number, excluded = 0): InsightsValue {
  return { ...EMPTY, n: denominator, value: denominator > 0 ? numerator / denominator : null, numerator, denominator, excluded };
}

export function countValue(count: number): InsightsValue {
  return { ...EMPTY, n: count, value: count };
}

export function rateValue(value: number | null, n: number, numerator: number | null = null, denominator: number | null = null): InsightsValue {
  return { ...EMPTY, n, value, numerator, denominator };
}

/** Items into the periods by an instant (items outside every period are left out of the points). */
export function bucket<T>(items: readonly T[], at: (item: T) => string | null | undefined, periods: readonly Period[]): T[][] {
  const out: T[][] = periods.map(() => []);
  for (const item of items) {
    const t = ms(at(item));
    if (!Number.isFinite(t)) continue;
    const i = periodIndex(periods, t);
    if (i >= 0) out[i]!.push(item);
  }
  return out;
}
