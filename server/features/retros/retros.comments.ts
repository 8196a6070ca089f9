import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { conflict, notFound } from '../../../shared/app-error.js';
import { commentTextSchema } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { newId } from '../../lib/tokens.js';
import type { Viewer } from '../auth/viewer.js';
import { loadUser } from '../users/users.loaders.js';
import { authorToken, type RetroRow } from './retros.access.js';
import { commentView, type CommentView } from './retros.comments.view.js';
import { accessVia } from './retros.board.view.js';
import { changeRetro } from './retros.live.js';
import { findRetro } from './retros.repo.js';
import type { RetroCommentRow } from './retros.state.js';
import { findGroupInOrg } from './retros.board.repo.js';
import { deleteComment, findComment, findCommentInOrg, insertComment, lastCommentPosition, setCommentText } from './retros.discuss.repo.js';
import { insertParticipant } from './retros.meeting.repo.js';
import { stopTyping } from './retros.typing.js';

type Ctx = MercuriusContext;

/**
 * Comments on the topics of DISCUSS (docs/decisions/0059): each person writes their own, so two
 * people writing at once never overwrite each other. Every change goes through changeRetro (one
 * immediate transaction, the version grows, every subscriber gets the new state). Anonymity is the
 * reflections' (docs/decisions/0047): the author is the HMAC token; signed retros also keep and
 * show the author; anonymous ones show nobody, and the end erases the token (retros.anonymity.ts).
 * Authors edit and delete their own while the discussion runs; someone else's is NOT_FOUND.
 */

const textInput = z.object({ text: commentTextSchema });

function requireDiscussion(retro: RetroRow): void {
  if (retro.ended_at) throw conflict('The retro has ended.');
  if (retro.phase !== 'DISCUSS') throw conflict('Comments are written while the team discusses (the Discuss phase).');
}

/** The viewer's own comment, or NOT_FOUND (an unknown id and someone else's comment are told apart by nothing). */
function ownComment(db: Db, viewer: Viewer, id: string): RetroCommentRow {
  const row = findCommentInOrg(db, viewer.organizationId, id);
  if (!row) throw notFound('Comment');
  const { retro } = accessVia(db, viewer, row.retro_id, 'Comment');
  const token = authorToken(retro, viewer.userId);
  if (!token || row.author_token !== token) throw notFound('Comment');
  return row;
}

function viewOf(db: Db, viewer: Viewer, id: string): CommentView {
  const row = findComment(db, id)!;
  const retro = findRetro(db, viewer.organizationId, row.retro_id)!;
  return commentView(retro, row, authorToken(retro, viewer.userId));
}

/** DISCUSS, anyone taking part: a comment of one's own under a topic, after the topic's last one. */
function addRetroComment(_: unknown, args: { group_id: string; text: string }, ctx: Ctx): CommentView {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const group = findGroupInOrg(db, viewer.organizationId, args.group_id);
  if (!group) throw notFound('Group');
  accessVia(db, viewer, group.retro_id, 'Group');
  const { text } = parseInput(textInput, { text: args.text });
  const id = newId();
  changeRetro(services, group.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, group.retro_id)!;
    requireDiscussion(retro);
    const token = authorToken(retro, viewer.userId);
    if (!token) throw conflict('The retro has ended.');
    const last = lastCommentPosition(db, args.group_id);
    const at = new Date().toISOString();
    insertComment(db, {
      id,
      organization_id: retro.organization_id,
      retro_id: retro.id,
      group_id: args.group_id,
      text,
      author_id: retro.anonymous ? null : viewer.userId,
      author_token: token,
      position: last + 1,
      created_at: at,
      updated_at: at,
    });
    insertParticipant(db, retro.id, viewer.userId);
    // What they wrote is sent: they are no longer "writing" (in this same change, one event).
    stopTyping(services, retro.id, viewer.userId);
  });
  return viewOf(db, viewer, id);
}

/** DISCUSS, the author only: new text. */
function updateRetroComment(_: unknown, args: { id: string; text: string }, ctx: Ctx): CommentView {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const { text } = parseInput(textInput, { text: args.text });
  const row = ownComment(db, viewer, args.id);
  changeRetro(services, row.retro_id, () => {
    requireDiscussion(findRetro(db, viewer.organizationId, row.retro_id)!);
    ownComment(db, viewer, args.id);
    setCommentText(db, row.id, text, new Date().toISOString());
    stopTyping(services, row.retro_id, viewer.userId);
  });
  return viewOf(db, viewer, args.id);
}

/** DISCUSS, the author only. */
function deleteRetroComment(_: unknown, args: { id: string }, ctx: Ctx): boolean {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const row = ownComment(db, viewer, args.id);
  changeRetro(services, row.retro_id, () => {
    requireDiscussion(findRetro(db, viewer.organizationId, row.retro_id)!);
    ownComment(db, viewer, args.id);
    deleteComment(db, row.id);
  });
  return true;
}

export const retroCommentResolvers = {
  Mutation: { addRetroComment, updateRetroComment, deleteRetroComment },
  RetroComment: {
    author: (c: CommentView, _: unknown, ctx: Ctx) => (c.author_id ? loadUser(ctx, c.author_id) : null),
  },
};
