import type { MercuriusContext } from 'mercurius';
import type { RetroPhase } from '../../../shared/retros.js';
import { requireViewer } from '../../graphql/context.js';
import { loadUser } from '../users/users.loaders.js';
import { notFound } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { authorToken, retroAccess, type RetroAccess, type RetroRow } from './retros.access.js';
import { commentsByGroup, type CommentView } from './retros.comments.view.js';
import { loadRetroState, type RetroGroupRow, type RetroReflectionRow, type RetroState } from './retros.state.js';
import { findRetro } from './retros.repo.js';

/**
 * What each viewer sees of the board (docs/decisions/0047). Computed from the live state rows of
 * one version (shared by every viewer) and the viewer's HMAC token, never from who wrote what:
 * - before GROUP a viewer gets the text of their own reflections only; others' come back as
 *   placeholders (id "hidden-<n>", text null) so counts show but nothing can be matched later;
 * - from GROUP on everyone sees every text; `author` only in signed retros, never in anonymous
 *   ones (their author is not even stored);
 * - `votes` (the tally) from DISCUSS on; `my_votes` and `my_votes_left` from the viewer's token;
 * - comments of each topic as reflections are shown: authors only in signed retros (docs/decisions/0059).
 */

/** retroAccess for a thing found by its own id: refused access reads as "no such <what>" (nothing tells the two apart). */
export function accessVia(db: Db, viewer: Viewer, retroId: string, what: string): RetroAccess {
  try {
    return retroAccess(db, viewer, retroId);
  } catch {
    throw notFound(what);
  }
}

/** Phases in which every text is shown. */
const REVEALED: ReadonlySet<RetroPhase> = new Set(['GROUP', 'VOTE', 'DISCUSS', 'SUMMARY']);
/** Phases in which the tally is shown (VOTE has ended). */
const TALLIED: ReadonlySet<RetroPhase> = new Set(['DISCUSS', 'SUMMARY']);

export const isRevealed = (phase: RetroPhase): boolean => REVEALED.has(phase);

export type ReflectionView = { id: string; prompt_id: string; text: string | null; group_id: string | null; mine: boolean; author_id: string | null };
export type GroupView = {
  id: string;
  title: string;
  reflection_ids: string[];
  votes: number | null;
  my_votes: number;
  comments: CommentView[];
  discussed_seconds: number;
  viewed: true;
};

type RetroLike = Pick<RetroRow, 'phase' | 'anonymous' | 'ended_at' | 'author_key'>;

/** The viewer's token while the retro runs (null once it ended: then nothing is anyone's). */
export const viewerToken = (r: RetroLike, userId: string): string | null => (r.ended_at ? null : authorToken(r, userId));

export function reflectionView(r: RetroLike, x: RetroReflectionRow, token: string | null): ReflectionView {
  const mine = !!token && x.author_token === token;
  const revealed = isRevealed(r.phase);
  return {
    id: x.id,
    prompt_id: x.prompt_id,
    text: x.text,
    group_id: revealed ? x.group_id : null,
    mine,
    author_id: revealed && !r.anonymous ? x.author_id : null,
  };
}

export function reflectionsView(r: RetroLike, state: RetroState, token: string | null): ReflectionView[] {
  const revealed = isRevealed(r.phase);
  let hidden = 0;
  return state.reflections.map((x) => {
    if (revealed || (token && x.author_token === token)) return reflectionView(r, x, token);
    hidden += 1;
    return { id: `hidden-${hidden}`, prompt_id: x.prompt_id, text: null, group_id: null, mine: false, author_id: null };
  });
}

/** The viewer's votes per group (while votes exist and the viewer has a token). */
function myVotes(state: RetroState, token: string | null): Map<string, number> {
  const out = new Map<string, number>();
  if (!token) return out;
  for (const v of state.votes) if (v.voter_token === token) out.set(v.group_id, (out.get(v.group_id) ?? 0) + 1);
  return out;
}

export function groupsView(r: RetroLike, state: RetroState, token: string | null): GroupView[] {
  const mine = myVotes(state, token);
  const tallied = TALLIED.has(r.phase);
  const comments = commentsByGroup(r, state, token);
  const members = new Map<string, string[]>();
  for (const x of state.reflections) {
    if (!x.group_id) continue;
    const list = members.get(x.group_id);
    if (list) list.push(x.id);
    else members.set(x.group_id, [x.id]);
  }
  const out = state.groups.map((g: RetroGroupRow): GroupView => ({
    id: g.id,
    title: g.title,
    reflection_ids: members.get(g.id) ?? [],
    votes: tallied ? g.votes : null,
    my_votes: mine.get(g.id) ?? 0,
    comments: comments.get(g.id) ?? [],
    discussed_seconds: g.discussed_seconds,
    viewed: true,
  }));
  // Array.prototype.sort is stable: equal tallies keep the board's order.
  if (tallied) out.sort((a, b) => (b.votes ?? 0) - (a.votes ?? 0));
  return out;
}

export function votesLeft(r: RetroLike & Pick<RetroRow, 'max_votes'>, state: RetroState, token: string | null): number {
  if (!token) return 0;
  return Math.max(0, r.max_votes - state.votes.filter((v) => v.voter_token === token).length);
}

export function writingView(state: RetroState) {
  const perPrompt = new Map<string, number>();
  for (const x of state.reflections) perPrompt.set(x.prompt_id, (perPrompt.get(x.prompt_id) ?? 0) + 1);
  return {
    // Distinct authors while the retro runs; after the end no row tells authors apart any more (0).
    people: new Set(state.reflections.map((x) => x.author_token).filter((t) => t)).size,
    reflections: state.reflections.length,
    per_prompt: [...perPrompt].map(([prompt_id, count]) => ({ prompt_id, count })),
  };
}

type Ctx = MercuriusContext;
const stateFor = (ctx: Ctx, r: RetroRow): RetroState => loadRetroState(ctx.services.db, r.id, r.version);
const tokenFor = (ctx: Ctx, r: RetroRow): string | null => viewerToken(r, requireViewer(ctx).userId);

/** The group as the viewer sees it now (for a plain retro_groups row returned by a mutation). */
export function groupViewById(ctx: Ctx, retroId: string, groupId: string): GroupView | null {
  const viewer = requireViewer(ctx);
  const r = findRetro(ctx.services.db, viewer.organizationId, retroId);
  if (!r) return null;
  return groupsView(r, stateFor(ctx, r), tokenFor(ctx, r)).find((g) => g.id === groupId) ?? null;
}

type GroupParent = (GroupView | RetroGroupRow) & { viewed?: true };
const viewOf = (g: GroupParent, ctx: Ctx): GroupView | null => (g.viewed ? (g as GroupView) : groupViewById(ctx, (g as RetroGroupRow).retro_id, g.id));

export const boardViewResolvers = {
  Retro: {
    reflections: (r: RetroRow, _: unknown, ctx: Ctx) => reflectionsView(r, stateFor(ctx, r), tokenFor(ctx, r)),
    groups: (r: RetroRow, _: unknown, ctx: Ctx) => groupsView(r, stateFor(ctx, r), tokenFor(ctx, r)),
    writing: (r: RetroRow, _: unknown, ctx: Ctx) => writingView(stateFor(ctx, r)),
    my_votes_left: (r: RetroRow, _: unknown, ctx: Ctx) => votesLeft(r, stateFor(ctx, r), tokenFor(ctx, r)),
  },
  RetroReflection: {
    author: (x: ReflectionView, _: unknown, ctx: Ctx) => (x.author_id ? loadUser(ctx, x.author_id) : null),
  },
  // Other parts return plain retro_groups rows (renameRetroGroup): computed here for them.
  RetroGroup: {
    reflection_ids: (g: GroupParent, _: unknown, ctx: Ctx) => viewOf(g, ctx)?.reflection_ids ?? [],
    votes: (g: GroupParent, _: unknown, ctx: Ctx) => viewOf(g, ctx)?.votes ?? null,
    my_votes: (g: GroupParent, _: unknown, ctx: Ctx) => viewOf(g, ctx)?.my_votes ?? 0,
    comments: (g: GroupParent, _: unknown, ctx: Ctx) => viewOf(g, ctx)?.comments ?? [],
  },
};
