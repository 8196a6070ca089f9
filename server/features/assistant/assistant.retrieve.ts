import { PASSAGE_KIND_INFO, type PassageKind } from '../../../shared/assistant.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { askerAudience, audienceFor } from './assistant.audience.repo.js';
import { token } from './assistant.index.repo.js';
import { ASSISTANT_KINDS } from './assistant.kinds.js';
import type { ResolvedScope } from './assistant.scope.js';
import { candidates } from './assistant.search.repo.js';
import { nameLookup, type LoadedPassage } from './assistant.sources.js';

/**
 * Retrieval runs as the asker (docs/decisions/0066): for each kind of the sources in scope, the index
 * gives candidates (the asker's organization, their audience tokens, the scope, the words), and the
 * kind's `load` reads the rows again and keeps what the area's own rule lets the asker read. What
 * comes out is only ever that.
 */
const CAP_SEARCH = 150;
const CAP_BROWSE = 100;

/** Which scope tokens a kind's documents must hold. Kinds that cannot be about the scope's object are skipped (null). */
function scopeTokens(kind: PassageKind, scope: ResolvedScope): string[] | null {
  const isNote = kind === 'note' || kind === 'note_private' || kind === 'note_agenda';
  if (scope.context === 'ONE_ON_ONE') {
    // The 1:1 itself for notes (its talking points and one's own private part), the other person for the rest.
    if (isNote) return kind === 'note' ? null : [token('n', scope.noteId!)];
    return scope.personId ? [token('s', scope.personId)] : null;
  }
  const out: string[] = [];
  if (scope.personId) out.push(token('s', scope.personId));
  if (scope.teamId) out.push(token('t', scope.teamId));
  return out;
}

export type Retrieved = { passages: LoadedPassage[]; byKind: Map<PassageKind, number> };

export function retrieve(db: Db, viewer: Viewer, scope: ResolvedScope): Retrieved {
  const audience = askerAudience(db, viewer);
  const names = nameLookup(db, viewer.organizationId);
  const passages: LoadedPassage[] = [];
  const byKind = new Map<PassageKind, number>();
  for (const kind of ASSISTANT_KINDS) {
    if (!scope.sources.includes(PASSAGE_KIND_INFO[kind.kind].source)) continue;
    const tokens = scopeTokens(kind.kind, scope);
    if (tokens === null) continue;
    const readers = audienceFor(audience, kind.audience);
    // No token at all: nobody the asker is may read this kind's documents (no team for retros, say).
    if (readers && !readers.length) continue;
    const srcs = candidates(db, {
      orgId: viewer.organizationId,
      code: kind.index.code,
      audience: readers,
      scope: tokens,
      terms: scope.terms,
      since: scope.since,
      until: scope.until,
      cap: scope.terms.length ? CAP_SEARCH : CAP_BROWSE,
    });
    if (!srcs.length) continue;
    const loaded = kind
      .load({ db, viewer, names }, srcs)
      // A review's own answers are not evidence for it; a 1:1 is prepared from what is still open.
      .filter((p) => p.audit !== scope.excludeAudit && !(scope.context === 'ONE_ON_ONE' && p.open === false));
    byKind.set(kind.kind, loaded.length);
    passages.push(...loaded);
  }
  return { passages, byKind };
}
