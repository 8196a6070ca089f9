import type { MercuriusContext } from 'mercurius';
import { requireViewer } from '../../graphql/context.js';
import type { Services } from '../../services.js';
import { loadUser } from '../users/users.loaders.js';
import { authorToken, retroAccess, type RetroRow } from './retros.access.js';
import { changeRetro, onRetroPhase } from './retros.live.js';
import type { RetroPart } from './retros.part.js';
import { presentUserIds } from './retros.presence.js';
import { loadRetroState } from './retros.state.js';
import { isGroupOfRetro } from './retros.actions.repo.js';
import { clearTyping, markTyping, stopTyping, watchExpiry, writersNow } from './retros.typing.js';

type Ctx = MercuriusContext;

/**
 * What the facilitator needs to know when to move on (docs/decisions/0059), computed when an
 * answer is made, never stored:
 * - who is writing now (REFLECT: a reflection; DISCUSS: a comment, per topic), from the throttled
 *   "is writing" signals (retros.typing.ts). Never any text; in anonymous retros only how many,
 *   in signed retros also who (their reflections and comments are signed anyway);
 * - in VOTE, who has voted and who has votes left: never on what. Anonymous retros get counts
 *   only (people with votes cast, people done, people here who have not voted); signed retros
 *   also the names with the votes each used.
 */

/** Any change of who is writing is a change of the live state: the version grows and everyone is told. */
const announce = (services: Services, retroId: string) => changeRetro(services, retroId, () => undefined);

// A phase change ends every "is writing" of the phase before.
onRetroPhase(({ services, retroId }) => clearTyping(services, retroId));

/** REFLECT or DISCUSS: the viewer is writing (or, `writing` false, stopped: emptied the box). Late or misplaced signals do nothing. */
function setRetroTyping(_: unknown, args: { retro_id: string; group_id?: string | null; writing: boolean }, ctx: Ctx): boolean {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { retro } = retroAccess(services.db, viewer, args.retro_id);
  if (!args.writing) {
    if (stopTyping(services, retro.id, viewer.userId)) announce(services, retro.id);
    return true;
  }
  if (retro.ended_at || (retro.phase !== 'REFLECT' && retro.phase !== 'DISCUSS')) return false;
  let groupId: string | null = null;
  if (retro.phase === 'DISCUSS') {
    if (!args.group_id) return false;
    if (!isGroupOfRetro(services.db, retro.id, args.group_id)) return false;
    groupId = args.group_id;
  }
  if (markTyping(services, retro.id, viewer.userId, groupId)) announce(services, retro.id);
  watchExpiry(services, retro.id, () => announce(services, retro.id));
  return true;
}

type Writers = { count: number; user_ids: string[] };
type TypingView = Writers & { per_group: Array<Writers & { group_id: string }> };

function typingOf(r: RetroRow, ctx: Ctx): TypingView {
  const none: TypingView = { count: 0, user_ids: [], per_group: [] };
  if (r.ended_at || (r.phase !== 'REFLECT' && r.phase !== 'DISCUSS')) return none;
  const writers = writersNow(ctx.services, r.id).filter((w) => (r.phase === 'REFLECT' ? w.groupId === null : w.groupId !== null));
  // Writers expire with the clock, not with a write: such an answer is not kept by the response cache (graphql.plugin.ts).
  if (writers.length && ctx.cache) ctx.cache.noStore = true;
  const named = (ids: string[]) => (r.anonymous ? [] : ids);
  const byGroup = new Map<string, string[]>();
  for (const w of writers) if (w.groupId) byGroup.set(w.groupId, [...(byGroup.get(w.groupId) ?? []), w.userId]);
  return {
    count: writers.length,
    user_ids: named(writers.map((w) => w.userId)),
    per_group: [...byGroup].map(([group_id, ids]) => ({ group_id, count: ids.length, user_ids: named(ids) })),
  };
}

type VotingView = { voted: number; done: number; waiting: number; people: Array<{ user_id: string; used: number; left: number }> };

function votingOf(r: RetroRow, ctx: Ctx): VotingView {
  if (r.phase !== 'VOTE' || !r.author_key) return { voted: 0, done: 0, waiting: 0, people: [] };
  const state = loadRetroState(ctx.services.db, r.id, r.version);
  const used = new Map<string, number>();
  for (const v of state.votes) used.set(v.voter_token, (used.get(v.voter_token) ?? 0) + 1);
  const here = presentUserIds(ctx.services, r.id);
  // Who a token belongs to is worked out for the people here and those who took part, on the server only.
  const known = [...new Set([...here, ...state.participants.map((p) => p.user_id)])].map((userId) => ({ userId, token: authorToken(r, userId)! }));
  const hereSet = new Set(here);
  const people = known
    .filter((k) => hereSet.has(k.userId) || used.has(k.token))
    .map((k) => ({ user_id: k.userId, used: used.get(k.token) ?? 0, left: Math.max(0, r.max_votes - (used.get(k.token) ?? 0)) }));
  return {
    voted: used.size,
    done: [...used.values()].filter((n) => n >= r.max_votes).length,
    waiting: people.filter((p) => p.used === 0 && hereSet.has(p.user_id)).length,
    people: r.anonymous ? [] : people,
  };
}

const usersOf = async (ids: string[], ctx: Ctx) => (await Promise.all(ids.map((id) => loadUser(ctx, id)))).filter((u) => u);

export const retroCollabPart: RetroPart = {
  resolvers: {
    Mutation: { setRetroTyping },
    Retro: {
      typing: (r: RetroRow, _: unknown, ctx: Ctx) => typingOf(r, ctx),
      voting: (r: RetroRow, _: unknown, ctx: Ctx) => votingOf(r, ctx),
    },
    RetroTyping: { people: (t: Writers, _: unknown, ctx: Ctx) => usersOf(t.user_ids, ctx) },
    RetroGroupTyping: { people: (t: Writers, _: unknown, ctx: Ctx) => usersOf(t.user_ids, ctx) },
    RetroVoterStatus: { user: (p: { user_id: string }, _: unknown, ctx: Ctx) => loadUser(ctx, p.user_id) },
  },
};
