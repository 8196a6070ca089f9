import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToDay,
  atWallTime,
  calendarDaysBetween,
  dayOf,
  dayStartsAt,
  hourOf,
  monthsBetween,
  monthStartOf,
  startOfDay,
  startOfWeek,
  todayIn,
  wallTimeOf,
  weekdayOf,
  weeksBetween,
} from './dates.js';
import { addDaysToDay, DAY_MS, daysBetween, WEEK_MS } from './dates.days.js';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const iso = (d: Date) => d.toISOString();

// Europe/Berlin: CET (+1) to CEST (+2) on Sunday 2026-03-29 at 02:00, back on Sunday 2026-10-25 at 03:00.
// America/New_York: EST (-5) to EDT (-4) on Sunday 2026-03-08 at 02:00, back on Sunday 2026-11-01 at 02:00.
describe('days in a zone across DST changes', () => {
  it('keeps the wall-clock time when adding days in Europe/Berlin: the spring day lasts 23 hours, the autumn one 25', () => {
    const saturday = Date.parse('2026-03-28T08:00:00.000Z'); // 09:00 CET
    expect(iso(addDays(saturday, 1, BERLIN))).toBe('2026-03-29T07:00:00.000Z'); // 09:00 CEST
    expect(addDays(saturday, 1, BERLIN).getTime() - saturday).toBe(23 * 3_600_000);
    const autumn = Date.parse('2026-10-24T07:00:00.000Z'); // 09:00 CEST
    expect(iso(addDays(autumn, 1, BERLIN))).toBe('2026-10-25T08:00:00.000Z'); // 09:00 CET
    expect(iso(addDays('2026-10-26T08:00:00.000Z', -2, BERLIN))).toBe('2026-10-24T07:00:00.000Z');
  });

  it('keeps the wall-clock time when adding days in America/New_York', () => {
    expect(iso(addDays('2026-03-07T14:00:00.000Z', 1, NEW_YORK))).toBe('2026-03-08T13:00:00.000Z'); // 09:00 EST, then 09:00 EDT
    expect(iso(addDays('2026-10-31T13:00:00.000Z', 1, NEW_YORK))).toBe('2026-11-01T14:00:00.000Z'); // 09:00 EDT, then 09:00 EST
  });

  it('moves a wall-clock time the change skips forward, and reads a repeated one as its zone reads it', () => {
    // 02:30 does not exist on 2026-03-29 in Berlin: the day after Saturday 02:30 is 03:30.
    expect(iso(addDays('2026-03-28T01:30:00.000Z', 1, BERLIN))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(addDays('2026-03-07T07:30:00.000Z', 1, NEW_YORK))).toBe('2026-03-08T07:30:00.000Z'); // 02:30 EST -> 03:30 EDT
  });

  it('counts in UTC when no zone is given: a day is 24 hours there', () => {
    expect(iso(addDays('2026-03-28T08:00:00.000Z', 1))).toBe('2026-03-29T08:00:00.000Z');
    expect(addDays(0, 30).getTime()).toBe(30 * DAY_MS);
    expect(iso(addDays(new Date('2026-01-31T12:00:00.000Z'), -31))).toBe('2025-12-31T12:00:00.000Z');
  });

  it('finds midnight in a zone, also on the day of a change', () => {
    expect(iso(dayStartsAt('2026-03-29', BERLIN))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(dayStartsAt('2026-03-30', BERLIN))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(dayStartsAt('2026-11-01', NEW_YORK))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(dayStartsAt('2026-11-02', NEW_YORK))).toBe('2026-11-02T05:00:00.000Z');
    expect(iso(dayStartsAt('2026-03-29'))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(startOfDay('2026-03-29T12:00:00.000Z', BERLIN))).toBe('2026-03-28T23:00:00.000Z');
    // Santiago skipped midnight on 2026-09-06 (Saturday 24:00 became Sunday 01:00): the day starts at 01:00.
    expect(iso(dayStartsAt('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('reads the wall-clock time of an instant in a zone, and finds the instant of a wall-clock time', () => {
    expect(wallTimeOf('2026-03-29T01:30:00.000Z', BERLIN)).toEqual({ day: '2026-03-29', time: '03:30' });
    expect(wallTimeOf('2026-11-01T05:30:00.000Z', NEW_YORK)).toEqual({ day: '2026-11-01', time: '01:30' });
    expect(wallTimeOf('2026-11-01T05:30:00.000Z')).toEqual({ day: '2026-11-01', time: '05:30' });
    expect(iso(atWallTime('2026-03-29', '09:00', BERLIN))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(atWallTime('2026-03-28', '09:00', BERLIN))).toBe('2026-03-28T08:00:00.000Z');
    expect(iso(atWallTime('2026-03-29', '02:30', BERLIN))).toBe('2026-03-29T01:30:00.000Z'); // skipped: 03:30 CEST
    expect(iso(atWallTime('2026-03-08', '02:30', NEW_YORK))).toBe('2026-03-08T07:30:00.000Z'); // skipped: 03:30 EDT
    expect(iso(atWallTime('2026-12-31', '23:59'))).toBe('2026-12-31T23:59:00.000Z');
  });

  it('reads the day and the hour of an instant on the clock of a zone', () => {
    const late = '2026-03-28T23:30:00.000Z';
    expect(dayOf(late)).toBe('2026-03-28');
    expect(dayOf(late, BERLIN)).toBe('2026-03-29');
    expect(dayOf(late, NEW_YORK)).toBe('2026-03-28');
    expect(hourOf(late, BERLIN)).toBe(0);
    expect(hourOf('2026-03-29T01:30:00.000Z', BERLIN)).toBe(3);
    expect(todayIn(BERLIN, Date.parse(late))).toBe('2026-03-29');
    expect(todayIn('Pacific/Kiritimati', Date.parse('2026-12-31T10:00:00.000Z'))).toBe('2027-01-01');
  });

  it('counts calendar days, not 24-hour spans, between two instants in a zone', () => {
    expect(calendarDaysBetween(dayStartsAt('2026-03-28', BERLIN), dayStartsAt('2026-03-30', BERLIN), BERLIN)).toBe(2);
    expect(calendarDaysBetween('2026-03-28T22:30:00.000Z', '2026-03-28T23:30:00.000Z', BERLIN)).toBe(1);
    expect(calendarDaysBetween('2026-03-28T22:30:00.000Z', '2026-03-28T23:30:00.000Z')).toBe(0);
  });

  it("measures a week containing a DST change as one week on its zone's clocks", () => {
    const spring = [dayStartsAt('2026-03-23', BERLIN), dayStartsAt('2026-03-30', BERLIN)] as const;
    expect(spring[1].getTime() - spring[0].getTime()).toBe(WEEK_MS - 3_600_000);
    expect(weeksBetween(spring[0], spring[1], BERLIN)).toBe(1);
    const autumn = [dayStartsAt('2026-10-26', NEW_YORK), dayStartsAt('2026-11-02', NEW_YORK)] as const;
    expect(weeksBetween(autumn[0], autumn[1], NEW_YORK)).toBe(1);
    expect(weeksBetween('2026-03-23T00:00:00.000Z', '2026-04-06T00:00:00.000Z')).toBe(2);
  });
});

describe('weeks start on Monday', () => {
  it('finds Monday 00:00 of the week in a zone, a Sunday evening belonging to the week before', () => {
    expect(iso(startOfWeek('2026-03-29T12:00:00.000Z', BERLIN))).toBe('2026-03-22T23:00:00.000Z'); // Sunday of the change
    expect(iso(startOfWeek('2026-03-29T22:30:00.000Z', BERLIN))).toBe('2026-03-29T22:00:00.000Z'); // already Monday in Berlin
    expect(iso(startOfWeek('2026-03-30T03:00:00.000Z', NEW_YORK))).toBe('2026-03-23T04:00:00.000Z'); // still Sunday evening in New York
    expect(iso(startOfWeek('2026-03-30T00:00:00.000Z'))).toBe('2026-03-30T00:00:00.000Z');
  });

  it('numbers weekdays from Monday (1) to Sunday (7)', () => {
    expect(weekdayOf('2026-03-30')).toBe(1);
    expect(weekdayOf('2026-03-29')).toBe(7);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });
});

describe('month ends and leap days', () => {
  it("adds months to an instant, clamping to the month's last day", () => {
    expect(iso(addMonths('2026-01-31T09:00:00.000Z', 1))).toBe('2026-02-28T09:00:00.000Z');
    expect(iso(addMonths('2024-01-31T09:00:00.000Z', 1))).toBe('2024-02-29T09:00:00.000Z');
    expect(iso(addMonths('2026-05-31T00:00:00.000Z', -3))).toBe('2026-02-28T00:00:00.000Z');
    expect(iso(addMonths('2026-01-31T09:00:00.000Z', 2))).toBe('2026-03-31T09:00:00.000Z');
    expect(iso(addMonths('2024-02-29T12:00:00.000Z', 12))).toBe('2025-02-28T12:00:00.000Z');
    // In a zone: the last day of the month on its calendar, at the same wall-clock time across a change.
    expect(iso(addMonths('2026-01-31T08:00:00.000Z', 2, BERLIN))).toBe('2026-03-31T07:00:00.000Z');
  });

  it('counts calendar months between instants', () => {
    expect(monthsBetween('2026-01-31T00:00:00.000Z', '2026-02-01T00:00:00.000Z')).toBe(1);
    expect(monthsBetween('2025-11-15T00:00:00.000Z', '2026-02-14T00:00:00.000Z')).toBe(3);
    expect(monthsBetween('2026-01-31T23:30:00.000Z', '2026-02-01T00:00:00.000Z', BERLIN)).toBe(0);
  });

  it('adds days and months to a calendar day over month and year ends and leap days', () => {
    expect(addDaysToDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToDay('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDaysToDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysToDay('2026-03-29', 1)).toBe('2026-03-30');
    expect(addMonthsToDay('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsToDay('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsToDay('2026-12-15', 1)).toBe('2027-01-15');
    expect(monthStartOf('2026-02-28')).toBe('2026-02-01');
  });

  it('counts days between calendar days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-01-01', '2025-01-01')).toBe(-365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });
});

describe('UTC', () => {
  it('takes the 24-hour shortcut only where date-fns on a UTC TZDate gives the same', () => {
    // Etc/UTC is UTC under another name: it goes the date-fns way.
    for (let i = 0; i < 500; i += 1) {
      const at = Date.UTC(1900 + (i % 200), (i * 7) % 12, 1 + ((i * 13) % 28), (i * 5) % 24, (i * 11) % 60) + (i % 3) * 999;
      const days = (i % 41) - 20;
      expect(addDays(at, days).getTime()).toBe(addDays(at, days, 'Etc/UTC').getTime());
      expect(startOfDay(at).getTime()).toBe(startOfDay(at, 'Etc/UTC').getTime());
      expect(dayOf(at)).toBe(dayOf(at, 'Etc/UTC'));
    }
  });
});

describe("the runtime's own zone plays no part", () => {
  it('gives the same results when the process runs in another zone', () => {
    const run = () => [
      iso(addDays('2026-03-28T08:00:00.000Z', 1)),
      iso(addDays('2026-03-28T08:00:00.000Z', 1, BERLIN)),
      iso(addMonths('2026-01-31T23:30:00.000Z', 1)),
      iso(startOfWeek('2026-03-29T23:30:00.000Z')),
      dayOf('2026-03-28T23:30:00.000Z'),
      addMonthsToDay('2024-01-31', 1),
      weekdayOf('2026-03-29'),
      iso(dayStartsAt('2026-03-29', NEW_YORK)),
      daysBetween('2026-03-01', '2026-04-01'),
    ];
    const inUtc = run();
    const before = process.env.TZ;
    try {
      for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', 'Pacific/Apia']) {
        process.env.TZ = zone;
        expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).not.toBe(0); // the runtime reads the new zone
        expect(run()).toEqual(inUtc);
      }
    } finally {
      process.env.TZ = before;
    }
  });
});
