import crypto from 'node:crypto';
import type { AssistantSource, PassageKind, PassageTone } from '../../../shared/assistant.js';
import type Database from 'better-sqlite3';
import type { Db } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { Viewer } from '../auth/viewer.js';
import { findUsersByIds } from '../users/users.repo.js';
import type { AudienceClass } from './assistant.audience.repo.js';
import type { IndexDeclaration } from './assistant.index.repo.js';
import { formatDay } from '../../../shared/format.js';

/**
 * A source kind of the assistant (docs/decisions/0066): what it indexes (its declaration, made into
 * a view and triggers by assistant.index.repo.ts) and how a passage found in the index is read again
 * for the asker. `load` is the guard: it re-reads the rows now and keeps only what the area's own rule
 * (the function its GraphQL uses) lets the asker read, as the area shows it to them (an anonymous
 * author stays unnamed). The index only narrows the candidates.
 *
 * Adding a kind: a declaration with an unused code, a `load` that calls the area's rule, one line in
 * ASSISTANT_KINDS (assistant.kinds.ts), one entry in PASSAGE_KINDS (shared/assistant.ts).
 */
export type LoadedPassage = {
  kind: PassageKind;
  /** The source row's rowid (the index's key) and a fingerprint of its id (tells a reused rowid in a stored answer). */
  src: number;
  fp: string;
  text: string;
  at: string;
  author: string | null;
  label: string;
  /**
   * Whether positive/negative tone is counted (feedback and retros): `true` to read it from the words
   * (wink-nlp), or the tone the passage was written with when the area says it (a retro's "Glad" column).
   */
  tone: boolean | PassageTone;
  /** Goals, talking points and action items: still open or not (a 1:1's preparation lists open ones). */
  open?: boolean;
  group: { key: string; source: AssistantSource; title: string; link: string };
  /** What the audit log names when it is sent to a model: the kind and the id of the object the area shows (a retro, not a reflection). */
  audit: string;
};

export type LoadContext = { db: Db; viewer: Viewer; names: (ids: ReadonlyArray<string | null>) => Map<string, string> };

export type SourceKind = {
  kind: PassageKind;
  index: IndexDeclaration;
  /** The audience token classes its documents hold (assistant.audience.repo.ts). */
  audience: readonly AudienceClass[];
  load(ctx: LoadContext, srcs: readonly number[]): LoadedPassage[];
};

export const fingerprint = (kind: PassageKind, id: string) => crypto.createHash('sha256').update(`${kind}:${id}`).digest('base64url').slice(0, 12);

/** Full names of people of the organization (removed ones too: they wrote what is quoted), one statement per call. */
export function nameLookup(db: Db, orgId: string): LoadContext['names'] {
  const known = new Map<string, string>();
  return (ids) => {
    const missing = [...new Set(ids.filter((id): id is string => !!id && !known.has(id)))];
    if (missing.length) for (const u of findUsersByIds(db, orgId, missing, { includeDeleted: true })) known.set(u.id, u.full_name);
    return known;
  };
}

/** A day for people, as shared/format.ts writes it: "Mar 3, 2027" (the UTC day of an instant). */
export const dayOf = (iso: string) => formatDay(iso, null);
/** YYYY-MM-DD of an instant (UTC). */
export const isoDay = (iso: string) => iso.slice(0, 10);

/** A statement prepared once per connection (preparing costs more than running an indexed read). */
export const stmt = (db: Db, text: string): Database.Statement => prepared(db, `assistant:${text}`, () => db.$client.prepare(text));

/** Rowids as a JSON list for `in (select value from json_each(?))`. */
export const srcList = (srcs: readonly number[]) => JSON.stringify([...new Set(srcs)]);
