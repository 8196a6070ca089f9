import { badInput } from '../../../shared/app-error.js';
import { INSIGHTS_DEFAULT_WEEKS, INSIGHTS_MAX_DAYS } from '../../../shared/insights.js';
import type { Db } from '../../db/connection.js';
import { instantOf, organizationTimeZones, wallOf } from '../feedback/feedback.working-days.js';
import { formatDay } from '../../../shared/format.js';

/**
 * The window and periods of an insights page (docs/decisions/0051). Dates are YYYY-MM-DD in the
 * organization's time zone (the one feedback reminders use: the most common zone of its active
 * people, else UTC); `to` is inclusive. Weeks start on Monday 00:00 in that zone. Instants are ms.
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type Window = { from: number; to: number; zone: string };
export type Period = { start: number; end: number; label: string };

export function organizationZone(db: Db, orgId: string): string {
  return organizationTimeZones(db, [orgId]).get(orgId) ?? 'UTC';
}

/** Midnight at the start of a calendar day (y, m 1-12, d) in `zone`. */
function midnight(y: number, m: number, d: number, zone: string): number {
  return instantOf({ y, m, d, h: 0, mi: 0, s: 0, ms: 0 }, zone);
}

/** The calendar day of an instant in `zone`, as a key YYYY-MM-DD. */
export function dayKey(at: number, zone: string): string {
  const w = wallOf(at, zone);
  return `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

/** Monday 00:00 (in `zone`) of the week holding `at`. */
export function weekStart(at: number, zone: string): number {
  const w = wallOf(at, zone);
  const weekday = new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay(); // 0 Sunday
  const back = (weekday + 6) % 7;
  const day = new Date(Date.UTC(w.y, w.m - 1, w.d) - back * DAY_MS);
  return midnight(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), zone);
}

/** Midnight `days` calendar days after the day starting at `start` (DST-safe). */
function addDays(start: number, days: number, zone: string): number {
  const w = wallOf(start, zone);
  const day = new Date(Date.UTC(w.y, w.m - 1, w.d) + days * DAY_MS);
  return midnight(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), zone);
}

function parseDate(value: string, field: 'from' | 'to'): { y: number; m: number; d: number } {
  const match = DATE.exec(value.trim());
  const y = Number(match?.[1]);
  const m = Number(match?.[2]);
  const d = Number(match?.[3]);
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (!match || probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    const message = `${field === 'from' ? 'From' : 'To'}: a date such as 2025-03-31`;
    throw badInput(message, { fields: { [field]: message } });
  }
  return { y, m, d };
}

/**
 * The window [from, to) for the dates asked (to inclusive: its end is the next midnight). Without
 * dates: the last INSIGHTS_DEFAULT_WEEKS full weeks and this week. At most INSIGHTS_MAX_DAYS days.
 */
export function parseWindow(input: { from?: string | null; to?: string | null }, zone: string, now: number): Window {
  let to: number;
  if (input.to) {
    const t = parseDate(input.to, 'to');
    to = addDays(midnight(t.y, t.m, t.d, zone), 1, zone);
  } else to = addDays(weekStart(now, zone), 7, zone);
  let from: number;
  if (input.from) {
    const f = parseDate(input.from, 'from');
    from = midnight(f.y, f.m, f.d, zone);
  } else from = addDays(weekStart(now, zone), -7 * INSIGHTS_DEFAULT_WEEKS, zone);
  if (from >= to) throw badInput('From: on or before To', { fields: { from: 'From: on or before To' } });
  const days = Math.round((to - from) / DAY_MS);
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
    const next = addDays(weekStart(start, window.zone), 7, window.zone);
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

/** Length of a period in weeks (a normaliser for per-week rates). */
export const weeksOf = (p: { start: number; end: number }) => (p.end - p.start) / (7 * DAY_MS);

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
