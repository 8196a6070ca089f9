/**
 * Whole days without a calendar library (docs/decisions/0079): lengths of time in milliseconds, and
 * counting days between and after calendar days. A module without imports, so a page that only
 * counts days loads no date-fns; everything that needs the calendar's rules or a zone (months,
 * weekdays, DST, "today" in a zone) is shared/dates.ts.
 *
 * A calendar day is `YYYY-MM-DD` (IsoDay), the same day in every zone. Days after a day and days
 * between two days are whole multiples of DAY_MS between their UTC midnights (ECMAScript reads a
 * bare date as UTC midnight): exact, since UTC has no DST.
 */

/** 24 hours in milliseconds: a length of time (a lifetime, a retention window, slack in a query), not a calendar day of a zone. */
export const DAY_MS = 86_400_000;
/** 7 × 24 hours in milliseconds. */
export const WEEK_MS = 7 * DAY_MS;

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

/** The UTC midnight (ms) starting `day`. */
export const utcMidnight = (day: IsoDay): number => Date.parse(`${day.slice(0, 10)}T00:00:00.000Z`);

/**
 * The UTC calendar day an instant (ms since the epoch, or a Date) falls on: `dayOf(at)` of
 * shared/dates.ts without its zones, for pages that load no date-fns (docs/decisions/0082).
 */
export const utcDayOf = (at: number | Date): IsoDay => new Date(at).toISOString().slice(0, 10);

/** The day `days` days after `day` (negative: before). */
export const addDaysToDay = (day: IsoDay, days: number): IsoDay => utcDayOf(utcMidnight(day) + days * DAY_MS);

/** Days from `from` to `to` (`to` later: positive; the same day: 0). */
export const daysBetween = (from: IsoDay, to: IsoDay): number => (utcMidnight(to) - utcMidnight(from)) / DAY_MS;
