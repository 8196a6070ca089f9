import { badInput } from '../../../shared/app-error.js';
import { INSIGHTS_DEFAULT_WEEKS, INSIGHTS_MAX_DAYS } from '../../../shared/insights.js';
import type { Db } from '../../db/connection.js';
import { organizationTimeZones } from '../feedback/feedback.working-days.js';
import { formatDay } from '../../../shared/format.js';
import { calendarDaysBetween, dayOf, dayStartsAt, startOfWeek, weeksBetween } from '../../../shared/dates.js';
import { addDaysToDay } from '../../../shared/dates.days.js';

/**
 * The window and periods of an insights page (docs/decisions/0051). Dates are YYYY-MM-DD in the
 * organization's time zone (the one feedback reminders use: the most common zone of its active
 * people, else UTC); `to` is inclusive. Weeks start on Monday 00:00 in that zone. Instants are ms.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type Window = { from: number; to: number; zone: string };
export type Period = { start: number; end: number; label: string };

export function organizationZone(db: Db, orgId: string): string {
  return organizationTimeZones(db, [orgId]).get(orgId) ?? 'UTC';
}

/** Monday 00:00 (in `zone`) of the week holding `at`. */
const weekStart = (at: number, zone: string): number => startOfWeek(at, zone).getTime();

/** Midnight (in `zone`) `days` calendar days after the day `start` falls on: a day lasts 23 or 25 hours across a DST change. */
const midnightAfter = (start: number, days: number, zone: string): number => dayStartsAt(addDaysToDay(dayOf(start, zone), days), zone).getTime();

/** A real calendar day YYYY-MM-DD, or BAD_USER_INPUT on the field. */
function parseDate(value: string, field: 'from' | 'to'): string {
  const match = DATE.exec(value.trim());
  const y = Number(match?.[1]);
  const m = Number(match?.[2]);
  const d = Number(match?.[3]);
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (!match || probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    const message = `${field === 'from' ? 'From' : 'To'}: a date such as 2025-03-31`;
    throw badInput(message, { fields: { [field]: message } });
  }
  return value.trim();
}

/**
 * The window [from, to) for the dates asked (to inclusive: its end is the next midnight). Without
 * dates: the last INSIGHTS_DEFAULT_WEEKS full weeks and this week. At most INSIGHTS_MAX_DAYS days.
 */
export function parseWindow(input: { from?: string | null; to?: string | null }, zone: string, now: number): Window {
  let to: number;
  if (input.to) to = dayStartsAt(addDaysToDay(parseDate(input.to, 'to'), 1), zone).getTime();
  else to = midnightAfter(weekStart(now, zone), 7, zone);
  let from: number;
  if (input.from) from = dayStartsAt(parseDate(input.from, 'from'), zone).getTime();
  else from = midnightAfter(weekStart(now, zone), -7 * INSIGHTS_DEFAULT_WEEKS, zone);
  if (from >= to) throw badInput('From: on or before To', { fields: { from: 'From: on or before To' } });
  const days = calendarDaysBetween(from, to, zone);
  if (days > INSIGHTS_MAX_DAYS) {
    const message = `The window is ${days} days long: at most ${INSIGHTS_MAX_DAYS} days.`;
    throw badInput(message, { fields: { from: message } });
  }
  return { from, to, zone };
}

/** The day `at` falls on in `zone`: "Dec 6, 2026". */
export const dayLabel = (at: number, zone: string): string => formatDay(at, zone);

/** Monday-start weeks covering the window, the first and last clipped to it. */
export function weekPeriods(window: Window): Period[] {
  const out: Period[] = [];
  let start = window.from;
  while (start < window.to) {
    const next = midnightAfter(weekStart(start, window.zone), 7, window.zone);
    const end = Math.min(next, window.to);
    out.push({ start, end, label: `Week of ${dayLabel(weekStart(start, window.zone), window.zone)}` });
    start = end;
  }
  return out;
}

/** Index of the period holding instant `at` (periods sorted, non-overlapping), or -1. */
export function periodIndex(periods: readonly Period[], at: number): number {
  let lo = 0;
  let hi = periods.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = periods[mid]!;
    if (at < p.start) hi = mid - 1;
    else if (at >= p.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** Length of a period in weeks on the clocks of `zone` (a normaliser for per-week rates): a week with a DST change is 1, not 167/168. */
export const weeksOf = (p: { start: number; end: number }, zone: string) => weeksBetween(p.start, p.end, zone);

/** Sprints as periods: those overlapping the window, in start order, each clipped to the next one's start. */
export function sprintPeriods(window: Window, sprints: ReadonlyArray<{ name: string; start: number; end: number }>): Period[] {
  const sorted = sprints.filter((s) => s.start < window.to && s.end > window.from && s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Period[] = [];
  for (const s of sorted) {
    const start = Math.max(s.start, out.length ? out[out.length - 1]!.end : -Infinity);
    if (s.end > start) out.push({ start, end: s.end, label: s.name });
  }
  return out;
}

export const iso = (ms: number) => new Date(ms).toISOString();
