import type { ScheduleUnit } from './jobs.tables.js';

export type Every = { unit: ScheduleUnit; count: number };

const FIXED_MS: Record<Exclude<ScheduleUnit, 'months'>, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
};

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** anchor plus `months` calendar months (UTC), keeping the anchor's day, clamped to the month's length (Jan 31 -> Feb 28 -> Mar 31). */
function addMonths(anchor: number, months: number): number {
  const a = new Date(anchor);
  const total = a.getUTCFullYear() * 12 + a.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(a.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds(), a.getUTCMilliseconds());
}

/** Start (ms) of period `index`: anchor + index * every. */
export function periodStart(anchor: number, every: Every, index: number): number {
  if (every.unit === 'months') return addMonths(anchor, index * every.count);
  return anchor + index * every.count * FIXED_MS[every.unit];
}

/** The last period index whose start is at or before `at` (-1 when the first period is still ahead). */
export function lastStartedIndex(anchor: number, every: Every, at: number): number {
  if (at < anchor) return -1;
  let index: number;
  if (every.unit === 'months') {
    const a = new Date(anchor);
    const b = new Date(at);
    const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
    index = Math.floor(months / every.count) + 1;
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
