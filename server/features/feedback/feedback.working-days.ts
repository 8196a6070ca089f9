import type { Db } from '../../db/connection.js';
import { countTimeZonesByOrganization } from '../users/users.stats.repo.js';

import { addDays, dayOf, dayStartsAt, isWeekendDay } from '../../../shared/dates.js';
import { addDaysToDay, daysBetween } from '../../../shared/dates.days.js';
import { isTimeZone } from '../../../shared/format.js';

/**
 * Working days in an organization's time zone (docs/decisions/0048, reminders). Teamlens keeps no
 * time zone per organization, so an organization's zone is the one most of its active people have
 * (users.time_zone, a valid IANA name), else UTC. Saturdays and Sundays are not working days.
 */

/** A valid IANA zone name, or null. */
export function validTimeZone(zone: string | null | undefined): string | null {
  return zone && isTimeZone(zone) ? zone : null;
}

/**
 * When `days` working days have passed since `from` (ms) in `zone`: the same wall-clock time on the
 * `days`-th working day after; from a weekend, counting starts on Monday at midnight. Friday 20:00
 * plus 3 is Wednesday 20:00; Saturday 10:00 plus 3 is Thursday 00:00. Counted on calendar days, so
 * a DST change on the way moves no wall-clock time.
 */
export function addWorkingDays(from: number, days: number, zone: string): number {
  const first = dayOf(from, zone);
  let day = first;
  while (isWeekendDay(day)) day = addDaysToDay(day, 1);
  for (let left = days; left > 0;) {
    day = addDaysToDay(day, 1);
    if (!isWeekendDay(day)) left -= 1;
  }
  return (isWeekendDay(first) ? dayStartsAt(day, zone) : addDays(from, daysBetween(first, day), zone)).getTime();
}

/** Each organization's time zone (the most common valid zone of its active people; UTC without one), in one statement. */
export function organizationTimeZones(db: Db, orgIds: readonly string[]): Map<string, string> {
  const out = new Map<string, string>(orgIds.map((id) => [id, 'UTC']));
  if (!orgIds.length) return out;
  const rows = countTimeZonesByOrganization(db, orgIds);
  const decided = new Set<string>();
  for (const r of rows) {
    if (decided.has(r.org)) continue;
    const zone = validTimeZone(r.zone);
    if (!zone) continue;
    out.set(r.org, zone);
    decided.add(r.org);
  }
  return out;
}
