import type { MercuriusContext } from 'mercurius';
import { badInput } from '../../../shared/app-error.js';
import { NOTE_MATCH_END, NOTE_MATCH_START } from '../../../shared/notes.js';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { requireViewer } from '../../graphql/context.js';
import type { FeaturePart } from '../feature-part.js';
import { loadUser } from '../users/users.loaders.js';
import { listReadableNotes, pinnedNotes, readableTagCounts, recentNotes, upcomingOneOnOnes, type NoteCursor, type NoteRow } from './notes.repo.js';
import { searchReadableNotes } from './notes.search.repo.js';

import { todayIn, UTC } from '../../../shared/dates.js';
import { isTimeZone } from '../../../shared/format.js';

type Ctx = MercuriusContext;

/** Words after this many are left out of a search (a bound on its cost). */
const MAX_TERMS = 12;

/**
 * The user's search as an FTS5 MATCH expression, never their raw text: every word becomes a quoted
 * string ("…" with inner quotes doubled), all of them required, the last one a prefix ("…"*), so
 * FTS5 operators (`"`, `*`, `NEAR(`, `AND`, `OR`, `NOT`, `-`, `^`, `:` and parentheses) are plain
 * words. Words with no letter or digit (nothing the tokenizer would index) are dropped; null when
 * nothing searchable is left (the answer is then an empty list, never an error).
 */
export function toMatchExpression(query: string): string | null {
  // Control characters (a NUL ends the text FTS5's parser reads) are spaces.
  const words = query
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .split(/\s+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, MAX_TERMS);
  if (!words.length) return null;
  return words.map((w, i) => `"${w.replaceAll('"', '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

const encodeCursor = (c: NoteCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(after: string, searching: boolean): NoteCursor {
  const refuse = () => badInput('after: not a cursor of this list. Load the list again.', { fields: { after: 'Not a cursor of this list.' } });
  let c: NoteCursor;
  try {
    c = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as NoteCursor;
  } catch {
    throw refuse();
  }
  if (!c || typeof c !== 'object' || !Number.isInteger(c.i)) throw refuse();
  if (searching ? typeof c.r !== 'number' : typeof c.p !== 'number' || typeof c.u !== 'string') throw refuse();
  return c;
}

type FilterArgs = {
  query?: string | null;
  tag?: string | null;
  about_user_id?: string | null;
  pinned?: boolean | null;
  shared_with_me?: boolean | null;
  first?: number | null;
  after?: string | null;
};

/** Today as YYYY-MM-DD in the viewer's time zone (UTC when unset or unknown), by the scheduler's clock. */
function todayFor(now: number, timeZone: string | null | undefined): string {
  return todayIn(timeZone && isTimeZone(timeZone) ? timeZone : UTC, now);
}

const notesSearchResolvers = {
  Query: {
    /** Mine and shared with me: pinned first, then the latest change (keyset pages); with a query, ranked by bm25. */
    notes: (_: unknown, args: { filter?: FilterArgs | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const f = args.filter ?? {};
      const text = (f.query ?? '').trim();
      if (text.length > NOTE_LIMITS.searchMax)
        throw badInput(`Search: at most ${NOTE_LIMITS.searchMax} characters.`, { fields: { query: `At most ${NOTE_LIMITS.searchMax} characters.` } });
      const first = f.first ?? 30;
      if (!Number.isInteger(first) || first < 1 || first > NOTE_LIMITS.pageMax)
        throw badInput(`first: 1 to ${NOTE_LIMITS.pageMax} notes per page.`, { fields: { first: `1 to ${NOTE_LIMITS.pageMax}.` } });
      const match = text ? toMatchExpression(text) : null;
      if (text && !match) return { items: [], total: 0, next_cursor: null };
      const after = f.after ? decodeCursor(f.after, !!match) : null;
      const tag = f.tag?.trim().toLowerCase() || null;
      const who = { org: viewer.organizationId, viewer: viewer.userId };
      const filter = { tag, aboutUserId: f.about_user_id || null, pinned: f.pinned ?? null, sharedWithMe: f.shared_with_me ?? null };
      const { rows, total } = match
        ? searchReadableNotes(ctx.services.db, who, filter, match, after, first + 1, { start: NOTE_MATCH_START, end: NOTE_MATCH_END })
        : listReadableNotes(ctx.services.db, who, filter, after, first + 1);
      const page = rows.slice(0, first);
      return {
        items: page.map((r) => ({ note: r.note, title_match: r.title_match, snippet: r.snippet })),
        total,
        next_cursor: rows.length > first ? encodeCursor(page[page.length - 1]!.cursor) : null,
      };
    },
    noteTags: (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      return readableTagCounts(ctx.services.db, { org: viewer.organizationId, viewer: viewer.userId });
    },
    /** The NOTES widget: my pinned notes, the 5 latest changes, and the next 1:1s from today. */
    notesOverview: async (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { db } = ctx.services;
      const who = { org: viewer.organizationId, viewer: viewer.userId };
      const me = await loadUser(ctx, viewer.userId);
      const today = todayFor(ctx.services.scheduler.now(), me?.time_zone);
      const upcoming = upcomingOneOnOnes(db, who, today, 10);
      const withWhom = await Promise.all(upcoming.map((n: NoteRow) => loadUser(ctx, n.author_id === viewer.userId ? n.about_user_id : n.author_id)));
      return {
        pinned: pinnedNotes(db, who, 10),
        recent: recentNotes(db, who, 5),
        next_one_on_ones: upcoming
          .map((note, i) => ({ note, with: withWhom[i], date: note.next_one_on_one }))
          .filter((o) => o.with)
          .slice(0, 5),
      };
    },
  },
};

export const notesSearchPart: FeaturePart = { resolvers: notesSearchResolvers };
