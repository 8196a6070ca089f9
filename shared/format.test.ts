import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatRatio,
  formatRelativeTime,
  formatShortDay,
  formatTime,
  formatWeekdayDateTime,
  formatWeekdayTime,
  isTimeZone,
  ratioPercent,
} from './format.js';
import { DAY_MS } from './dates.days.js';

// 18:48 UTC on Dec 6: already Dec 7 in Tokyo (UTC+9), still the afternoon in New York (UTC-5).
const EVENING = '2026-12-06T18:48:00.000Z';

describe('months and money', () => {
  it('writes a month as "Dec 2026", from a month, a day or an instant', () => {
    expect(formatMonth('2026-12')).toBe('Dec 2026');
    expect(formatMonth('2027-01-31')).toBe('Jan 2027');
    expect(formatMonth('2026-12-31T22:30:00.000Z', 'Europe/Helsinki')).toBe('Jan 2027');
    expect(formatMonth(null)).toBe('—');
  });

  it('writes an amount in cents in its currency, and yen without cents', () => {
    expect(formatMoney(1200, 'usd')).toBe('$12.00');
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
  });
});

describe('calendar days', () => {
  it('writes a day as "Dec 6, 2026" and a short day as "Dec 6"', () => {
    expect(formatDay('2026-12-06')).toBe('Dec 6, 2026');
    expect(formatShortDay('2026-12-06')).toBe('Dec 6');
  });

  it('never shifts a bare date or a stored date-only deadline, whatever the zone', () => {
    for (const zone of [undefined, null, 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Tokyo']) {
      expect(formatDay('2026-12-31', zone)).toBe('Dec 31, 2026');
      expect(formatDay('2027-01-01', zone)).toBe('Jan 1, 2027');
      // A deadline set as a date is stored as the end of that day in UTC (shared/review-cycle.schemas.ts).
      expect(formatDay('2026-12-31T23:59:59.999Z', zone)).toBe('Dec 31, 2026');
      expect(formatShortDay('2026-12-31T23:59:59.999Z', zone)).toBe('Dec 31');
    }
  });

  it("shows an instant as the day it is in the reader's zone, across a year boundary", () => {
    expect(formatDay(EVENING, 'Asia/Tokyo')).toBe('Dec 7, 2026');
    expect(formatDay(EVENING, 'America/New_York')).toBe('Dec 6, 2026');
    expect(formatDay('2026-12-31T22:30:00.000Z', 'Europe/Helsinki')).toBe('Jan 1, 2027');
    expect(formatDay('2027-01-01T03:00:00.000Z', 'America/Los_Angeles')).toBe('Dec 31, 2026');
    expect(formatShortDay('2027-01-01T03:00:00.000Z', 'America/Los_Angeles')).toBe('Dec 31');
    expect(formatDay(Date.parse(EVENING), null)).toBe('Dec 6, 2026');
    expect(formatDay(new Date(EVENING), 'Asia/Tokyo')).toBe('Dec 7, 2026');
  });

  it('writes "—" for no date or one that cannot be read', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDay(undefined)).toBe('—');
    expect(formatDay('')).toBe('—');
    expect(formatDay('not a date')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('moments and times of day', () => {
  it("writes a moment on a 24-hour clock in the reader's zone", () => {
    expect(formatDateTime(EVENING, 'Europe/Berlin')).toBe('Dec 6, 2026, 19:48');
    expect(formatDateTime(EVENING, 'Asia/Tokyo')).toBe('Dec 7, 2026, 03:48');
    expect(formatDateTime('2026-12-07T00:05:00.000Z', 'UTC')).toBe('Dec 7, 2026, 00:05');
    expect(formatTime(EVENING, 'America/New_York')).toBe('13:48');
  });

  it('says UTC when the reader has no zone (server-side text), and reads an unknown zone so', () => {
    expect(formatDateTime(EVENING, null)).toBe('Dec 6, 2026, 18:48 UTC');
    expect(formatTime(EVENING, null)).toBe('18:48 UTC');
    expect(formatDateTime(EVENING, 'Mars/Olympus_Mons')).toBe('Dec 6, 2026, 18:48 UTC');
    expect(formatDateTime(EVENING, '')).toBe('Dec 6, 2026, 18:48 UTC');
  });

  it("uses the runtime's own zone when none is given (the browser's, on a page)", () => {
    const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime(EVENING)).toBe(formatDateTime(EVENING, local));
    expect(formatDateTime(EVENING)).not.toMatch(/UTC$/);
  });

  it('writes a scheduled moment with its weekday', () => {
    expect(formatWeekdayDateTime('2026-12-07T09:00:00.000Z', 'UTC')).toBe('Mon, Dec 7, 2026, 09:00');
    expect(formatWeekdayDateTime('2026-12-07T09:00:00.000Z', null)).toBe('Mon, Dec 7, 2026, 09:00 UTC');
    expect(formatWeekdayDateTime('2026-12-31T23:30:00.000Z', 'Europe/Paris')).toBe('Fri, Jan 1, 2027, 00:30');
    expect(formatWeekdayTime('2026-12-07T09:00:00.000Z', 'Asia/Tokyo')).toBe('Monday 18:00');
  });

  it('knows time zone names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
  });
});

describe('relative times', () => {
  const now = Date.parse(EVENING);
  it('says how long ago, then the moment itself after a week', () => {
    expect(formatRelativeTime(new Date(now - 20_000), now)).toBe('just now');
    expect(formatRelativeTime(new Date(now - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date(now - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date(now - DAY_MS), now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(now + 2 * 3_600_000), now)).toBe('in 2 hours');
    expect(formatRelativeTime('2026-11-20T08:00:00.000Z', now, 'UTC')).toBe('Nov 20, 2026, 08:00');
  });
});

describe('numbers, percentages and ratios', () => {
  it('writes numbers with English thousands separators', () => {
    expect(formatNumber(1234)).toBe('1,234');
    // Whole numbers are written without Intl, the same way.
    const intl = new Intl.NumberFormat('en');
    for (const n of [0, 7, -7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -123_456_789, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])
      expect(formatNumber(n)).toBe(intl.format(n));
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(12.345, 0)).toBe('12');
    expect(formatNumber(null)).toBe('—');
  });

  it('writes percentages as whole numbers; precise ones keep a decimal below 10 %', () => {
    expect(formatPercent(42.857)).toBe('43%');
    expect(formatPercent(0.4)).toBe('1%');
    expect(formatPercent(-0.4)).toBe('0%');
    expect(formatPercent(0.4, { precise: true })).toBe('0.4%');
    expect(formatPercent(2.5, { precise: true })).toBe('2.5%');
    expect(formatPercent(3, { precise: true })).toBe('3%');
    expect(formatPercent(42.857, { precise: true })).toBe('43%');
    expect(formatPercent(0, { precise: true })).toBe('0%');
    expect(formatPercent(1234)).toBe('1,234%');
    expect(formatPercent(99.6)).toBe('99%'); // not all
    expect(formatPercent(0.3)).toBe('1%'); // not none
    expect(formatPercent(0.04, { precise: true })).toBe('0.1%');
    expect(formatPercent(99.96, { precise: true })).toBe('99%');
    expect(formatPercent(null)).toBe('—');
  });

  it('writes "3 of 7 (43%)": the nearest percent, never 100 while something is left nor 0 once something is done', () => {
    expect(formatRatio(3, 7)).toBe('3 of 7 (43%)');
    expect(formatRatio(3, 7, 'done')).toBe('3 of 7 done (43%)');
    expect(formatRatio(1234, 2000)).toBe('1,234 of 2,000 (62%)');
    expect(formatRatio(0, 7)).toBe('0 of 7 (0%)');
    expect(formatRatio(7, 7)).toBe('7 of 7 (100%)');
    expect(formatRatio(199, 200)).toBe('199 of 200 (99%)');
    expect(formatRatio(1, 300)).toBe('1 of 300 (1%)');
    expect(ratioPercent(0.29, 1)).toBe(29);
    expect(ratioPercent(12, 10)).toBe(100);
  });

  it('writes 0 of 0 without a percentage', () => {
    expect(formatRatio(0, 0)).toBe('0 of 0');
    expect(ratioPercent(0, 0)).toBeNull();
  });
});
