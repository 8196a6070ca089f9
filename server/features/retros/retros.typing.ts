import { RETRO_TYPING } from '../../../shared/retros.js';
import type { Services } from '../../services.js';

/**
 * Who is writing in a retro now (docs/decisions/0059): per retro, user id -> until when (the
 * scheduler's clock) and where (null: a reflection in REFLECT; a group id: a comment on that topic
 * in DISCUSS). In memory only, like presence: nothing of it reaches the database or a log, and it
 * holds no text. A person is forgotten `expiresAfterMs` after their last signal, when they send
 * what they wrote, or when they leave.
 *
 * The callers bump the retro's version when the set of writers changes (retros.collab.ts), so
 * every client keeps the newest answer; a signal that only extends someone's time changes nothing
 * anyone sees and tells no one.
 */
type Entry = { until: number; groupId: string | null };
type Store = { retros: Map<string, Map<string, Entry>>; timers: Map<string, ReturnType<typeof setTimeout>> };
const stores = new WeakMap<Services, Store>();

function store(services: Services): Store {
  let s = stores.get(services);
  if (!s) stores.set(services, (s = { retros: new Map(), timers: new Map() }));
  return s;
}

const now = (services: Services): number => services.scheduler.now();

/** Drops the expired writers of a retro; true when someone was dropped. */
function sweep(services: Services, retroId: string): boolean {
  const people = store(services).retros.get(retroId);
  if (!people) return false;
  const t = now(services);
  let dropped = false;
  for (const [userId, entry] of people) {
    if (entry.until <= t) {
      people.delete(userId);
      dropped = true;
    }
  }
  if (people.size === 0) store(services).retros.delete(retroId);
  return dropped;
}

/**
 * Records a signal. True when what others see changed (a new writer, or a writer moved to another
 * topic); a repeated signal only extends the person's time.
 */
export function markTyping(services: Services, retroId: string, userId: string, groupId: string | null): boolean {
  const s = store(services);
  const dropped = sweep(services, retroId);
  let people = s.retros.get(retroId);
  if (!people) s.retros.set(retroId, (people = new Map()));
  const before = people.get(userId);
  people.set(userId, { until: now(services) + RETRO_TYPING.expiresAfterMs, groupId });
  return dropped || !before || before.groupId !== groupId;
}

/** Forgets a writer (they sent their text, emptied the box, or left); true when they were writing. */
export function stopTyping(services: Services, retroId: string, userId: string): boolean {
  const people = store(services).retros.get(retroId);
  const was = !!people?.delete(userId);
  if (people && people.size === 0) store(services).retros.delete(retroId);
  return was;
}

/** The writers now (expired ones left out), in the order they started. */
export function writersNow(services: Services, retroId: string): Array<{ userId: string; groupId: string | null }> {
  const t = now(services);
  return [...(store(services).retros.get(retroId) ?? [])].filter(([, e]) => e.until > t).map(([userId, e]) => ({ userId, groupId: e.groupId }));
}

/**
 * Calls `onExpired` once the writers who stop sending signals have expired, so everyone sees the
 * count go down without anyone doing anything. One timer per retro, rescheduled while anyone writes.
 */
export function watchExpiry(services: Services, retroId: string, onExpired: () => void): void {
  const s = store(services);
  if (s.timers.has(retroId)) return;
  const tick = () => {
    s.timers.delete(retroId);
    try {
      if (sweep(services, retroId)) onExpired();
    } catch {
      // The database is closing (shutdown): nobody is left to tell.
    }
    if (s.retros.get(retroId)?.size) schedule();
  };
  const schedule = () => {
    const entries = [...(s.retros.get(retroId)?.values() ?? [])];
    if (!entries.length) return;
    const wait = Math.max(250, Math.min(...entries.map((e) => e.until)) - now(services));
    // Under a test's stopped clock nothing expires: check again at the pace of real expiry.
    const timer = setTimeout(tick, Math.min(wait, RETRO_TYPING.expiresAfterMs));
    timer.unref();
    s.timers.set(retroId, timer);
  };
  schedule();
}

/** Forgets every writer of a retro (its phase changed). */
export function clearTyping(services: Services, retroId: string): void {
  store(services).retros.delete(retroId);
}
