import type { Db } from '../../db/connection.js';
import { firstIndexFrom, lastStartedIndex, periodStart, type Every } from '../../jobs/jobs.periods.js';
import { endedSprints, sprintEndsAt, upcomingSprints, type SprintRow } from '../sprints/sprints.repo.js';

import { addDays, dayOf } from '../../../shared/dates.js';

/**
 * Due-period arithmetic of automation rules (docs/decisions/0073), in UTC, on the scheduler's period
 * arithmetic (server/jobs/jobs.periods.ts: months keep the anchor's day, clamped):
 * - repeating periods: every N weeks or months from an anchor, counted from a moment (a rule's
 *   creation or last resume: no back-fill), every missed one or only the latest;
 * - sprint ends: each sprint of a team that ended since a day (period `sprint:<id>`);
 * - days after a person's start.
 */
export const HOUR_MS = 3_600_000;
/** Guard against an anchor far in the past: at most this many periods of a rule a pass. */
export const MAX_PERIODS = 240;

export const iso = (ms: number): string => new Date(ms).toISOString();
/** The later of two days (YYYY-MM-DD). */
export const laterDay = (a: string, b: string): string => (a > b ? a : b);
/** The day (UTC) `days` before now: periods older than that are too late to be useful. */
export const lookbackDay = (now: number, days: number): string => dayOf(addDays(now, -days));
/** The start of the next hour: when the hourly pass takes up a period that is due now. */
export const nextHour = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS + HOUR_MS;

/** Calendar months (UTC): every month from the first of a month. */
export const CALENDAR_MONTHS = { anchor: Date.UTC(2000, 0, 1), every: { unit: 'months', count: 1 } as Every };

/**
 * Starts (ms) of the periods that began by `now` and not before `from`: all of them (at most
 * MAX_PERIODS, oldest first) or only the latest.
 */
export function startedPeriods(anchor: number, every: Every, from: number, now: number, catchUp: 'all' | 'latest'): number[] {
  const first = firstIndexFrom(anchor, every, from);
  const last = lastStartedIndex(anchor, every, now);
  if (last < first) return [];
  if (catchUp === 'latest') return [periodStart(anchor, every, last)];
  const out: number[] = [];
  for (let i = first; i <= Math.min(last, first + MAX_PERIODS - 1); i += 1) out.push(periodStart(anchor, every, i));
  return out;
}

/** The start (ms) of the first period that starts at or after `at`. */
export const firstPeriodFrom = (anchor: number, every: Every, at: number): number => periodStart(anchor, every, firstIndexFrom(anchor, every, at));

/** The start (ms) of the first period after `now` that is not before `from`. */
export function nextPeriodStart(anchor: number, every: Every, from: number, now: number): number {
  return periodStart(anchor, every, Math.max(firstIndexFrom(anchor, every, from), lastStartedIndex(anchor, every, now) + 1));
}

export const sprintPeriodKey = (sprintId: string): string => `sprint:${sprintId}`;

/** The sprints of a team that ended on or after `fromDay` and by `now`, as periods. */
export function sprintEndPeriods(db: Db, orgId: string, teamId: string, fromDay: string, now: number): Array<{ key: string; sprint: SprintRow }> {
  return endedSprints(db, orgId, teamId, fromDay, iso(now)).map((sprint) => ({ key: sprintPeriodKey(sprint.id), sprint }));
}

/**
 * The next sprint of a team to end after `now` whose period the rule has not claimed: an ended
 * sprint whose dates were moved later gets no second run (docs/decisions/0022), so its new end is
 * no "next run" either.
 */
export function nextSprintEnd(
  db: Db,
  orgId: string,
  teamId: string,
  now: number,
  claimed: (keys: string[]) => Set<string>,
): { sprint: SprintRow; endsAt: number } | null {
  const upcoming = upcomingSprints(db, orgId, teamId, iso(now));
  const taken = upcoming.length ? claimed(upcoming.map((s) => sprintPeriodKey(s.id))) : new Set<string>();
  const sprint = upcoming.find((s) => !taken.has(sprintPeriodKey(s.id)));
  return sprint ? { sprint, endsAt: Date.parse(sprintEndsAt(sprint)) } : null;
}
