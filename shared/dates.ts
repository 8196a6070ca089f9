import { TZDate, tzOffset } from '@date-fns/tz';
import {
  addDays as addCalendarDays,
  addMonths as addCalendarMonths,
  differenceInCalendarDays,
  differenceInCalendarMonths,
  formatISO,
  getISODay,
  isWeekend as isCalendarWeekend,
  startOfDay as startOfCalendarDay,
  startOfWeek as startOfCalendarWeek,
} from 'date-fns';
import { DAY_MS, utcDayOf, utcMidnight, WEEK_MS, type IsoDay } from './dates.days.js';

/**
 * Date arithmetic, one way (docs/decisions/0079): the date-fns and @date-fns/tz functions Teamlens
 * uses, wrapped so that every calculation names its clock. Writing dates for people is
 * shared/format.ts (docs/decisions/0070); this module only counts.
 *
 * - An instant (a Date, ms since the epoch or an ISO timestamp) is moved on the calendar of a zone:
 *   UTC unless an IANA name is given ("Europe/Berlin", a person's or an organization's zone). Never
 *   the runtime's own zone, which differs between a server and a browser. A day added in a zone
 *   keeps the wall-clock time, so across a DST change it lasts 23 or 25 hours; a wall-clock time the
 *   change skips moves forward (02:30 becomes 03:30). Results are plain Dates (`toISOString()` ends
 *   in Z).
 * - A calendar day is `YYYY-MM-DD` (IsoDay): the same day in every zone. Its months, weekdays and
 *   week starts come from date-fns; counting whole days after and between days needs no calendar and
 *   is shared/dates.days.ts (addDaysToDay, daysBetween), with the lengths of time (DAY_MS).
 * - In UTC every day lasts DAY_MS, so addDays, startOfDay and dayOf take that exact shortcut there
 *   (a TZDate per call costs tens of microseconds; reminder scans call these per row); a test holds
 *   the shortcut to the date-fns result.
 *
 * Pages import only the functions they use. A page that imports this module loads the used parts of
 * date-fns and @date-fns/tz (about 2 kB gzip): nothing the first page loads may import it (the login
 * page's budget), and a page that only counts days uses shared/dates.days.ts.
 */

export const UTC = 'UTC';

/** An instant: a Date, ms since the epoch, or an ISO timestamp. */
export type Instant = Date | number | string;

const msOf = (at: Instant): number => (typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime());
const inZone = (at: Instant, zone: string): TZDate => new TZDate(msOf(at), zone);
const plain = (d: Date): Date => new Date(d.getTime());

// ------------------------------------------------------------------ instants on a zone's calendar

/** `at` plus `days` calendar days (negative: before) in `zone`, at the same wall-clock time. */
export const addDays = (at: Instant, days: number, zone: string = UTC): Date =>
  zone === UTC ? new Date(msOf(at) + days * DAY_MS) : plain(addCalendarDays(inZone(at, zone), days));

/** `at` plus `months` calendar months in `zone`; a day the month lacks becomes its last (Jan 31 + 1 month = Feb 28, or 29). */
export const addMonths = (at: Instant, months: number, zone: string = UTC): Date => plain(addCalendarMonths(inZone(at, zone), months));

/** Whole calendar months from `from` to `to` in `zone`, counting month boundaries only (Jan 31 to Feb 1 is 1). */
export const monthsBetween = (from: Instant, to: Instant, zone: string = UTC): number => differenceInCalendarMonths(inZone(to, zone), inZone(from, zone));

/** Calendar days from the day of `from` to the day of `to` in `zone` (Monday to Wednesday is 2, whatever the hours). */
export const calendarDaysBetween = (from: Instant, to: Instant, zone: string = UTC): number => differenceInCalendarDays(inZone(to, zone), inZone(from, zone));

/** Midnight starting the day `at` falls on in `zone`. */
export const startOfDay = (at: Instant, zone: string = UTC): Date =>
  zone === UTC ? new Date(Math.floor(msOf(at) / DAY_MS) * DAY_MS) : plain(startOfCalendarDay(inZone(at, zone)));

/** Monday 00:00 in `zone` of the week `at` falls in (weeks start on Monday). */
export const startOfWeek = (at: Instant, zone: string = UTC): Date => plain(startOfCalendarWeek(inZone(at, zone), { weekStartsOn: 1 }));

/** The hour (0-23) on the wall clock of `zone` at `at`. */
export const hourOf = (at: Instant, zone: string = UTC): number => inZone(at, zone).getHours();

/**
 * Weeks from `from` to `to` as the clocks of `zone` read them: a Monday-to-Monday week is 1 even when
 * a DST change makes it 167 or 169 hours long.
 */
export function weeksBetween(from: Instant, to: Instant, zone: string = UTC): number {
  const wall = (at: Instant) => msOf(at) + tzOffset(zone, new Date(msOf(at))) * 60_000;
  return (wall(to) - wall(from)) / WEEK_MS;
}

// ------------------------------------------------------------------ calendar days (YYYY-MM-DD)

/** The calendar day `at` falls on in `zone`. */
export const dayOf = (at: Instant, zone: string = UTC): IsoDay => (zone === UTC ? utcDayOf(msOf(at)) : formatISO(inZone(at, zone), { representation: 'date' }));

/** Today in `zone` by the clock `now` (the scheduler's, in the server). */
export const todayIn = (zone: string = UTC, now: Instant = Date.now()): IsoDay => dayOf(now, zone);

/** What the clocks of `zone` read at `at`: the day and the time `HH:mm`. */
export function wallTimeOf(at: Instant, zone: string = UTC): { day: IsoDay; time: string } {
  const local = formatISO(inZone(at, zone));
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The instant the clocks of `zone` read `day` at `time` (`HH:mm`); a time a DST change skips moves forward (02:30 is 03:30). */
export const atWallTime = (day: IsoDay, time: string, zone: string = UTC): Date =>
  plain(new TZDate(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)), zone));

/** The instant the calendar day starts in `zone`: its midnight (where a DST change skips midnight, the first moment after). */
export const dayStartsAt = (day: IsoDay, zone: string = UTC): Date => atWallTime(day, '00:00', zone);

/** The day `months` months after `day`, the month's last day when it has no such day (2024-01-31 + 1 = 2024-02-29). */
export const addMonthsToDay = (day: IsoDay, months: number): IsoDay => dayOf(addCalendarMonths(inZone(utcMidnight(day), UTC), months));

/** The first day of the month of `day`. */
export const monthStartOf = (day: IsoDay): IsoDay => `${day.slice(0, 7)}-01`;

/** The weekday of `day`: 1 Monday ... 7 Sunday (ISO 8601). */
export const weekdayOf = (day: IsoDay): number => getISODay(inZone(utcMidnight(day), UTC));

/** Whether `day` is a Saturday or a Sunday. */
export const isWeekendDay = (day: IsoDay): boolean => isCalendarWeekend(inZone(utcMidnight(day), UTC));
