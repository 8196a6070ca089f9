import { checkpointAndTruncateWal, enableSecureDelete, type Db } from '../../db/connection.js';
import { eraseAuthorLinks } from './retros.anonymity.repo.js';
import { onRetroPhase } from './retros.live.js';

/** Deleted content is overwritten with zeros on this connection (old tokens and keys do not stay in free space). */
export function zeroDeletedContent(db: Db): void {
  enableSecureDelete(db);
}

/**
 * After the transaction that ended a retro: copy the WAL into the database file and truncate it,
 * so the frames that still hold the erased key and tokens are gone. Best effort: a busy reader
 * only delays it to SQLite's next automatic checkpoint (where the zeroed pages replace the old ones).
 */
function checkpointSoon(db: Db): void {
  setImmediate(() => {
    try {
      checkpointAndTruncateWal(db);
    } catch {
      // The database is closing (shutdown) or busy: nothing to do.
    }
  });
}

/** The end of a retro: the author links erased (retros.anonymity.repo.ts, docs/decisions/0047), deleted content zeroed, the WAL truncated. */
onRetroPhase(({ services, retroId, to, at }) => {
  if (to !== 'SUMMARY') return;
  zeroDeletedContent(services.db);
  eraseAuthorLinks(services.db, retroId, at);
  checkpointSoon(services.db);
});
