import type { Services } from '../../services.js';

/**
 * Who has a retro open now: per retro, user id -> open retroChanged subscriptions. In memory
 * (per app), gone with the process: after a restart clients reconnect and are present again.
 * Presence is signed (it shows who is here), never linked to a reflection.
 */
const stores = new WeakMap<Services, Map<string, Map<string, number>>>();

function store(services: Services): Map<string, Map<string, number>> {
  let s = stores.get(services);
  if (!s) stores.set(services, (s = new Map()));
  return s;
}

/** Adds one open subscription; true when the person was not present before. */
export function joinPresence(services: Services, retroId: string, userId: string): boolean {
  const s = store(services);
  let people = s.get(retroId);
  if (!people) s.set(retroId, (people = new Map()));
  const n = people.get(userId) ?? 0;
  people.set(userId, n + 1);
  return n === 0;
}

/** Removes one open subscription; true when it was the person's last one (they left). */
export function leavePresence(services: Services, retroId: string, userId: string): boolean {
  const s = store(services);
  const people = s.get(retroId);
  const n = people?.get(userId) ?? 0;
  if (!people || n === 0) return false;
  if (n > 1) {
    people.set(userId, n - 1);
    return false;
  }
  people.delete(userId);
  if (people.size === 0) s.delete(retroId);
  return true;
}

/** Ids of the people who have the retro open, in the order they came. */
export function presentUserIds(services: Services, retroId: string): string[] {
  return [...(store(services).get(retroId)?.keys() ?? [])];
}
