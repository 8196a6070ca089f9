import type { Db } from '../../db/connection.js';
import { countTimeZonesByOrganization } from '../users/users.stats.repo.js';

/**
 * Working days in an organization's time zone (docs/decisions/0048, reminders). Teamlens keeps no
 * time zone per organization, so an organization's zone is the one most of its active people have
 * (users.time_zone, a valid IANA name), else UTC. Saturdays and Sundays are not working days.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // eslint-disable-next-line no-restricted-syntax -- the wall clock of a zone for working-day arithmetic: read as parts, never shown (docs/decisions/0070)
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** A valid IANA zone name, or null. */
export function validTimeZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    formatter(zone);
    return zone;
  } catch {
    return null;
  }
}

export type Wall = { y: number; m: number; d: number; h: number; mi: number; s: number; ms: number };

/** The wall clock of instant `at` (ms) in `zone`. */
export function wallOf(at: number, zone: string): Wall {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), mi: Number(parts.minute), s: Number(parts.second), ms: ((at % 1000) + 1000) % 1000 };
}

const wallMs = (w: Wall) => Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s, w.ms);

/** The instant (ms) at wall clock `w` in `zone` (a wall time skipped by a DST change moves forward). */
export function instantOf(w: Wall, zone: string): number {
  const guess = wallMs(w);
  let at = guess - (wallMs(wallOf(guess, zone)) - guess);
  const again = guess - (wallMs(wallOf(at, zone)) - at);
  if (again !== at) at = Math.max(at, again);
  return at;
}

/** 0 = Sunday ... 6 = Saturday, of a calendar day. */
const weekdayOf = (w: Pick<Wall, 'y' | 'm' | 'd'>) => new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay();
const isWeekend = (w: Pick<Wall, 'y' | 'm' | 'd'>) => [0, 6].includes(weekdayOf(w));

function nextDay(w: Wall): Wall {
  const next = new Date(Date.UTC(w.y, w.m - 1, w.d) + DAY_MS);
  return { ...w, y: next.getUTCFullYear(), m: next.getUTCMonth() + 1, d: next.getUTCDate() };
}

/**
 * When `days` working days have passed since `from` (ms) in `zone`: the same wall-clock time on the
 * `days`-th working day after; from a weekend, counting starts on Monday at midnight. Friday 20:00
 * plus 3 is Wednesday 20:00; Saturday 10:00 plus 3 is Thursday 00:00.
 */
export function addWorkingDays(from: number, days: number, zone: string): number {
  let w = wallOf(from, zone);
  if (isWeekend(w)) {
    w = { ...w, h: 0, mi: 0, s: 0, ms: 0 };
    while (isWeekend(w)) w = nextDay(w);
  }
  for (let left = days; left > 0;) {
    w = nextDay(w);
    if (!isWeekend(w)) left -= 1;
  }
  return instantOf(w, zone);
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
