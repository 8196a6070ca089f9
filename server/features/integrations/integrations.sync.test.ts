import { describe, expect, it } from 'vitest';
import { monthsBefore } from './integrations.sync.js';

describe('where a backfill starts', () => {
  it('goes back whole calendar months, to the last day of a shorter month', () => {
    // Setting the month of May 31 back three months gave "February 31", which is March 3: three days of history lost.
    expect(monthsBefore(Date.parse('2026-05-31T10:00:00.000Z'), 3)).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(Date.parse('2024-03-31T10:00:00.000Z'), 1)).toBe('2024-02-29T10:00:00.000Z');
    expect(monthsBefore(Date.parse('2026-12-31T23:59:00.000Z'), 24)).toBe('2024-12-31T23:59:00.000Z');
    expect(monthsBefore(Date.parse('2026-03-15T00:00:00.000Z'), 6)).toBe('2025-09-15T00:00:00.000Z');
  });
});
