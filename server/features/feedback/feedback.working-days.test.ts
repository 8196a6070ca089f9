import { describe, expect, it } from 'vitest';
import { addWorkingDays, validTimeZone } from './feedback.working-days.js';

const at = (s: string) => Date.parse(s);
const after = (from: string, days: number, zone: string) => new Date(addWorkingDays(at(from), days, zone)).toISOString();

// Working days as feedback reminders count them (docs/decisions/0048): the organization's zone, weekends skipped.
describe('working days in a zone', () => {
  it('keeps the wall-clock time from a weekday and starts from Monday midnight at a weekend', () => {
    expect(after('2026-01-16T19:00:00.000Z', 3, 'Europe/Berlin')).toBe('2026-01-21T19:00:00.000Z'); // Friday 20:00 -> Wednesday 20:00
    expect(after('2026-01-17T09:00:00.000Z', 3, 'Europe/Berlin')).toBe('2026-01-21T23:00:00.000Z'); // Saturday 10:00 -> Thursday 00:00
    expect(after('2026-01-12T09:00:00.000Z', 0, 'UTC')).toBe('2026-01-12T09:00:00.000Z');
    expect(after('2026-01-18T09:00:00.000Z', 0, 'UTC')).toBe('2026-01-19T00:00:00.000Z'); // Sunday, nothing to count: Monday midnight
  });

  it('reads the weekday in the zone: Friday 23:30 UTC is already Saturday in Berlin', () => {
    expect(after('2026-01-16T23:30:00.000Z', 1, 'Europe/Berlin')).toBe('2026-01-19T23:00:00.000Z'); // Tuesday 00:00 Berlin
    expect(after('2026-01-16T23:30:00.000Z', 1, 'UTC')).toBe('2026-01-19T23:30:00.000Z'); // Monday 23:30 UTC
  });

  it('keeps the wall-clock time over a DST change on the weekend (Berlin and New York)', () => {
    // Friday 09:00 CET + 1 working day = Monday 09:00 CEST: 71 hours later, not 72.
    expect(after('2026-03-27T08:00:00.000Z', 1, 'Europe/Berlin')).toBe('2026-03-30T07:00:00.000Z');
    expect(after('2026-10-23T07:00:00.000Z', 1, 'Europe/Berlin')).toBe('2026-10-26T08:00:00.000Z');
    expect(after('2026-03-06T14:00:00.000Z', 3, 'America/New_York')).toBe('2026-03-11T13:00:00.000Z'); // Friday 09:00 EST -> Wednesday 09:00 EDT
    // Saturday before the change: Thursday midnight in summer time.
    expect(after('2026-03-28T10:00:00.000Z', 3, 'Europe/Berlin')).toBe('2026-04-01T22:00:00.000Z');
  });

  it('keeps the wall-clock time past a change that skips midnight, and starts a weekend count at the first moment of Monday', () => {
    // Santiago: Sunday 2026-09-06 starts at 01:00 (UTC-4 to UTC-3). Friday 02:30 + 2 = Tuesday 02:30.
    expect(after('2026-09-04T06:30:00.000Z', 2, 'America/Santiago')).toBe('2026-09-08T05:30:00.000Z');
    // From that Sunday: Monday midnight, plus 1 = Tuesday 00:00.
    expect(after('2026-09-06T15:00:00.000Z', 1, 'America/Santiago')).toBe('2026-09-08T03:00:00.000Z');
  });

  it('knows a zone name from a typo', () => {
    expect(validTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(validTimeZone('Europe/Berlni')).toBeNull();
    expect(validTimeZone('')).toBeNull();
    expect(validTimeZone(null)).toBeNull();
  });
});
