import type { Services } from '../../services.js';
import { topics } from '../../graphql/pubsub.js';
import type { RetroPhase } from '../../../shared/retros.js';
import { bumpRetroVersion } from './retros.meeting.repo.js';

/**
 * The one way to change a retro's live state (docs/decisions/0047): `fn` runs in one transaction
 * (better-sqlite3: synchronous, so changes of all clients are applied one after the other, in the
 * order the server received them), the retro's `version` grows by one in the same transaction, and
 * after the commit subscribers are told (retroChanged). A failing `fn` changes nothing and tells no one.
 */
export function changeRetro<T>(services: Services, retroId: string, fn: () => T): T {
  const { db } = services;
  let version = 0;
  const result = db.transaction(
    () => {
      const out = fn();
      version = bumpRetroVersion(db, retroId, new Date().toISOString());
      return out;
    },
    { behavior: 'immediate' },
  );
  if (version) services.pubsub.publish(topics.retroChanged(retroId), { version });
  return result;
}

/** Tells subscribers without a database change (presence, which lives in memory). */
export function announceRetro(services: Services, retroId: string): void {
  services.pubsub.publish(topics.retroChanged(retroId), { version: 0 });
}

export type PhaseChange = { services: Services; organizationId: string; retroId: string; from: RetroPhase; to: RetroPhase; at: string };
type PhaseListener = (change: PhaseChange) => void;
const phaseListeners: PhaseListener[] = [];

/**
 * Work that follows a phase change, inside its transaction (e.g. entering SUMMARY erases the author
 * links and tallies votes; the summary notification is queued). Registered once at module load by
 * the parts that need it.
 */
export function onRetroPhase(listener: PhaseListener): void {
  phaseListeners.push(listener);
}

export function runPhaseListeners(change: PhaseChange): void {
  for (const listener of phaseListeners) listener(change);
}
