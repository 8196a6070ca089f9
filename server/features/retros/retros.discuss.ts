import type { MercuriusContext } from 'mercurius';
import { conflict, forbidden, notFound } from '../../../shared/app-error.js';
import { RETRO_LIMITS } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import type { Services } from '../../services.js';
import { retroAccess, type RetroRow } from './retros.access.js';
import { retroCommentResolvers } from './retros.comments.js';
import { changeRetro, onRetroPhase } from './retros.live.js';
import type { RetroPart } from './retros.part.js';
import { isGroupOfRetro } from './retros.actions.repo.js';
import { addDiscussedSeconds, topGroup } from './retros.discuss.repo.js';
import { patchRetro } from './retros.meeting.repo.js';
import { findRetro, findRetroById } from './retros.repo.js';

/** The server's clock (the scheduler's: tests move it by hand), as an ISO instant. */
const serverNow = (services: Services): string => new Date(services.scheduler.now()).toISOString();
const secondsBetween = (from: string, to: string): number => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 1000));

/** Adds the running topic's time to its group and stops the timer (in the caller's transaction). */
function closeTopic(db: Db, retro: Pick<RetroRow, 'id' | 'topic_group_id' | 'topic_started_at'>, at: string): void {
  if (retro.topic_group_id && retro.topic_started_at) {
    addDiscussedSeconds(db, retro.id, retro.topic_group_id, secondsBetween(retro.topic_started_at, at));
  }
}

// Entering DISCUSS starts on the most voted topic; leaving it (SUMMARY) adds the running topic's time.
onRetroPhase(({ services, retroId, to }) => {
  const { db } = services;
  const retro = findRetroById(db, retroId);
  if (!retro) return;
  const at = serverNow(services);
  if (to === 'DISCUSS') {
    closeTopic(db, retro, at);
    const first = topGroup(db, retroId);
    patchRetro(db, retroId, { topic_group_id: first, topic_started_at: first ? at : null });
  } else if (retro.topic_started_at || retro.topic_group_id) {
    closeTopic(db, retro, at);
    patchRetro(db, retroId, { topic_group_id: null, topic_started_at: null });
  }
});

/** Retro.discussion: the topic and its timer at the server's clock now. */
function discussion(r: RetroRow, _: unknown, ctx: MercuriusContext) {
  const row = 'topic_minutes' in r ? r : findRetro(ctx.services.db, ctx.viewer?.organizationId ?? '', (r as { id: string }).id);
  if (!row) return { group_id: null, started_at: null, elapsed_seconds: 0, topic_minutes: RETRO_LIMITS.topicMinutesDefault };
  const discussing = row.phase === 'DISCUSS' && row.topic_group_id;
  // A running timer: the answer is true for this second only (graphql.plugin.ts: not kept by the response cache).
  if (discussing && row.topic_started_at && ctx.cache) ctx.cache.noStore = true;
  return {
    group_id: discussing ? row.topic_group_id : null,
    started_at: discussing ? row.topic_started_at : null,
    elapsed_seconds: discussing && row.topic_started_at ? secondsBetween(row.topic_started_at, serverNow(ctx.services)) : 0,
    topic_minutes: row.topic_minutes,
  };
}

/** DISCUSS, facilitators only: the topic discussed now. The previous topic's time is added to it; the new one's timer starts. */
function setRetroTopic(_: unknown, args: { retro_id: string; group_id: string }, ctx: MercuriusContext): RetroRow {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const access = retroAccess(db, viewer, args.retro_id);
  if (!access.canFacilitate) throw forbidden("Only the facilitator, the team's manager or lead, or an admin can choose the topic.");
  if (!isGroupOfRetro(db, args.retro_id, args.group_id)) throw notFound('Group');
  changeRetro(services, args.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, args.retro_id)!;
    if (retro.phase !== 'DISCUSS') throw conflict('Topics are chosen in the discussion.');
    if (retro.topic_group_id === args.group_id && retro.topic_started_at) return;
    const at = serverNow(services);
    closeTopic(db, retro, at);
    patchRetro(db, retro.id, { topic_group_id: args.group_id, topic_started_at: at });
  });
  return findRetro(db, viewer.organizationId, args.retro_id)!;
}

/** Retros: DISCUSS: topics in vote order, the server-kept timer, each person's comments (retros.comments.ts). */
export const retroDiscussPart: RetroPart = {
  resolvers: {
    Mutation: { setRetroTopic, ...retroCommentResolvers.Mutation },
    Retro: { discussion },
    RetroComment: retroCommentResolvers.RetroComment,
  },
};
