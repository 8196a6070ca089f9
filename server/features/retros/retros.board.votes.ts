import type { MercuriusContext } from 'mercurius';
import { conflict, notFound } from '../../../shared/app-error.js';
import { requireViewer } from '../../graphql/context.js';
import { newId } from '../../lib/tokens.js';
import { authorToken, type RetroRow } from './retros.access.js';
import { accessVia } from './retros.board.view.js';
import { changeRetro } from './retros.live.js';
import { findRetro } from './retros.repo.js';
import { deleteOneVote, findGroupInOrg, groupExists, insertVote, votesOfToken } from './retros.board.repo.js';
import { insertParticipant } from './retros.meeting.repo.js';

type Ctx = MercuriusContext;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The group (of the viewer's organization, in a retro the viewer takes part in) or NOT_FOUND. */
function reachGroup(ctx: Ctx, groupId: string) {
  const viewer = requireViewer(ctx);
  const { db } = ctx.services;
  const group = findGroupInOrg(db, viewer.organizationId, groupId);
  if (!group) throw notFound('Group');
  accessVia(db, viewer, group.retro_id, 'Group');
  return group;
}

/**
 * VOTE: one more vote on a group. Both limits (max_votes in all, max_votes_per_group on one group)
 * are checked and the vote written in ONE immediate transaction (changeRetro), so concurrent clicks
 * are applied one after the other and can never pass a limit together. The voter is kept only as
 * the retro's HMAC token (the rows are deleted when the retro ends).
 */
function voteRetroGroup(_: unknown, args: { group_id: string }, ctx: Ctx): RetroRow {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const group = reachGroup(ctx, args.group_id);
  changeRetro(services, group.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, group.retro_id)!;
    if (retro.phase !== 'VOTE') throw conflict(retro.ended_at ? 'The retro has ended.' : 'Votes are cast in the Vote phase.');
    if (!groupExists(db, group.id)) throw notFound('Group');
    const token = authorToken(retro, viewer.userId);
    if (!token) throw conflict('The retro has ended.');
    const mine = votesOfToken(db, retro.id, token);
    const total = mine.reduce((s, v) => s + v.n, 0);
    const here = mine.find((v) => v.group_id === group.id)?.n ?? 0;
    if (total >= retro.max_votes)
      throw conflict(retro.max_votes === 1 ? 'You have used your only vote.' : `You have used all ${retro.max_votes} of your votes.`);
    if (here >= retro.max_votes_per_group) throw conflict(`You can put at most ${plural(retro.max_votes_per_group, 'vote')} on one group.`);
    insertVote(db, { id: newId(), retro_id: retro.id, group_id: group.id, voter_token: token });
    insertParticipant(db, retro.id, viewer.userId);
  });
  return findRetro(db, viewer.organizationId, group.retro_id)!;
}

/** VOTE: takes back one of the viewer's votes on a group. */
function unvoteRetroGroup(_: unknown, args: { group_id: string }, ctx: Ctx): RetroRow {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const group = reachGroup(ctx, args.group_id);
  changeRetro(services, group.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, group.retro_id)!;
    if (retro.phase !== 'VOTE') throw conflict(retro.ended_at ? 'The retro has ended.' : 'Votes can be taken back only in the Vote phase.');
    const token = authorToken(retro, viewer.userId);
    if (!token) throw conflict('The retro has ended.');
    if (!deleteOneVote(db, retro.id, group.id, token)) throw conflict('You have no vote on this group to take back.');
  });
  return findRetro(db, viewer.organizationId, group.retro_id)!;
}

export const boardVoteResolvers = { Mutation: { voteRetroGroup, unvoteRetroGroup } };
