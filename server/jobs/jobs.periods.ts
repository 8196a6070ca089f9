import type { ScheduleUnit } from './jobs.tables.js';
import { addMonths, monthsBetween } from '../../shared/dates.js';
import { DAY_MS, WEEK_MS } from '../../shared/dates.days.js';

export type Every = { unit: ScheduleUnit; count: number };

const FIXED_MS: Record<Exclude<ScheduleUnit, 'months'>, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: DAY_MS,
  weeks: WEEK_MS,
};

/**
 * Start (ms) of period `index`: anchor + index * every, in UTC. Months keep the anchor's day, clamped
 * to the month's length and counted from the anchor each time (Jan 31 -> Feb 28 -> Mar 31).
 */
export function periodStart(anchor: number, every: Every, index: number): number {
  if (every.unit === 'months') return addMonths(anchor, index * every.count).getTime();
  return anchor + index * every.count * FIXED_MS[every.unit];
}

/** The last period index whose start is at or before `at` (-1 when the first period is still ahead). */
export function lastStartedIndex(anchor: number, every: Every, at: number): number {
  if (at < anchor) return -1;
  let index: number;
  if (every.unit === 'months') {
    index = Math.floor(monthsBetween(anchor, at) / every.count) + 1;
  } else {
    index = Math.floor((at - anchor) / (every.count * FIXED_MS[every.unit])) + 1;
  }
  while (index > 0 && periodStart(anchor, every, index) > at) index -= 1;
  return index;
}

/** The first period index whose start is at or after `at`. */
export function firstIndexFrom(anchor: number, every: Every, at: number): number {
  const last = lastStartedIndex(anchor, every, at);
  if (last < 0) return 0;
  return periodStart(anchor, every, last) === at ? last : last + 1;
}
