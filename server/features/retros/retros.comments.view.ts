import type { RetroRow } from './retros.access.js';
import type { RetroCommentRow, RetroState } from './retros.state.js';

/** A comment as the viewer sees it (docs/decisions/0059): `author_id` only in signed retros, `mine` from the viewer's token. */
export type CommentView = { id: string; group_id: string; text: string; mine: boolean; author_id: string | null; from_notes: boolean; edited: boolean };

type RetroLike = Pick<RetroRow, 'anonymous'>;

export function commentView(r: RetroLike, c: RetroCommentRow, token: string | null): CommentView {
  return {
    id: c.id,
    group_id: c.group_id,
    text: c.text,
    mine: !!token && c.author_token === token,
    author_id: r.anonymous ? null : c.author_id,
    from_notes: c.from_notes,
    edited: c.updated_at !== c.created_at,
  };
}

/** The comments of every group, each group's in the order written. */
export function commentsByGroup(r: RetroLike, state: RetroState, token: string | null): Map<string, CommentView[]> {
  const out = new Map<string, CommentView[]>();
  for (const c of state.comments) {
    const list = out.get(c.group_id);
    const view = commentView(r, c, token);
    if (list) list.push(view);
    else out.set(c.group_id, [view]);
  }
  return out;
}
