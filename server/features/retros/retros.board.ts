import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { badInput, conflict, notFound } from '../../../shared/app-error.js';
import { reflectionTextSchema } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { newId } from '../../lib/tokens.js';
import type { Viewer } from '../auth/viewer.js';
import { authorToken, retroAccess } from './retros.access.js';
// Also registers the end of a retro's erasure of author links (its onRetroPhase listener).
import { zeroDeletedContent } from './retros.anonymity.js';
import { boardGroupResolvers } from './retros.board.groups.js';
import { accessVia, boardViewResolvers, reflectionView, type ReflectionView } from './retros.board.view.js';
import { boardVoteResolvers } from './retros.board.votes.js';
import { changeRetro } from './retros.live.js';
import type { RetroPart } from './retros.part.js';
import { stopTyping } from './retros.typing.js';
import { findRetro } from './retros.repo.js';
import { countReflectionsOf, deleteReflection, findReflectionInOrg, insertReflection, setReflectionText } from './retros.board.repo.js';
import { insertParticipant } from './retros.meeting.repo.js';

type Ctx = MercuriusContext;

/** How many reflections one person may write in one retro. */
export const REFLECTIONS_PER_PERSON_MAX = 100;

const textInput = z.object({ text: reflectionTextSchema });

/**
 * The viewer's own reflection, or NOT_FOUND: an unknown id, another organization's, a retro the
 * viewer does not take part in, and someone else's reflection are told apart by nothing. "Own" is
 * the HMAC token (signed retros too), so it needs the retro's key: once the retro ended, no
 * reflection is anyone's.
 */
function ownReflection(db: Db, viewer: Viewer, id: string) {
  const row = findReflectionInOrg(db, viewer.organizationId, id);
  if (!row) throw notFound('Reflection');
  const { retro } = accessVia(db, viewer, row.retro_id, 'Reflection');
  const token = authorToken(retro, viewer.userId);
  if (!token || row.author_token !== token) throw notFound('Reflection');
  return { row, token };
}

function requireReflect(phase: string, endedAt: string | null, what: string): void {
  if (endedAt) throw conflict('The retro has ended.');
  if (phase !== 'REFLECT') throw conflict(`Reflections can be ${what} only while the team reflects (the Reflect phase).`);
}

/** REFLECT: a reflection under one of the retro's prompts. Anonymous retros keep no author id, only the author's token. */
function addRetroReflection(_: unknown, args: { retro_id: string; prompt_id: string; text: string }, ctx: Ctx): ReflectionView {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const { text } = parseInput(textInput, { text: args.text });
  const access = retroAccess(db, viewer, args.retro_id);
  if (!access.retro.prompts.some((p) => p.id === args.prompt_id)) {
    throw badInput(`prompt_id: this retro's prompts are ${access.retro.prompts.map((p) => p.title).join(', ')}.`, {
      fields: { prompt_id: "Choose one of this retro's prompts." },
    });
  }
  const id = newId();
  changeRetro(services, access.retro.id, () => {
    const retro = findRetro(db, viewer.organizationId, access.retro.id)!;
    requireReflect(retro.phase, retro.ended_at, 'written');
    const token = authorToken(retro, viewer.userId);
    if (!token) throw conflict('The retro has ended.');
    const written = countReflectionsOf(db, retro.id, token);
    if (written >= REFLECTIONS_PER_PERSON_MAX) throw conflict(`You can write at most ${REFLECTIONS_PER_PERSON_MAX} reflections in one retro.`);
    insertReflection(db, {
      id,
      organization_id: retro.organization_id,
      retro_id: retro.id,
      prompt_id: args.prompt_id,
      text,
      author_id: retro.anonymous ? null : viewer.userId,
      author_token: token,
    });
    insertParticipant(db, retro.id, viewer.userId);
    // What they wrote is sent: they are no longer "writing" (in this same change, one event).
    stopTyping(services, retro.id, viewer.userId);
  });
  return viewOwn(db, viewer, id);
}

function viewOwn(db: Db, viewer: Viewer, id: string): ReflectionView {
  const { row } = ownReflection(db, viewer, id);
  const retro = findRetro(db, viewer.organizationId, row.retro_id)!;
  return reflectionView(retro, row, authorToken(retro, viewer.userId));
}

/** REFLECT, the author only: new text. */
function updateRetroReflection(_: unknown, args: { id: string; text: string }, ctx: Ctx): ReflectionView {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const { text } = parseInput(textInput, { text: args.text });
  const { row } = ownReflection(db, viewer, args.id);
  changeRetro(services, row.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, row.retro_id)!;
    requireReflect(retro.phase, retro.ended_at, 'changed');
    ownReflection(db, viewer, args.id);
    setReflectionText(db, row.id, text, new Date().toISOString());
  });
  return viewOwn(db, viewer, args.id);
}

/** REFLECT, the author only. */
function deleteRetroReflection(_: unknown, args: { id: string }, ctx: Ctx): boolean {
  const viewer = requireViewer(ctx);
  const { services } = ctx;
  const { db } = services;
  const { row } = ownReflection(db, viewer, args.id);
  changeRetro(services, row.retro_id, () => {
    const retro = findRetro(db, viewer.organizationId, row.retro_id)!;
    requireReflect(retro.phase, retro.ended_at, 'deleted');
    ownReflection(db, viewer, args.id);
    deleteReflection(db, row.id);
  });
  return true;
}

/** Retros: reflections (anonymous by default), groups and suggested groups, votes, and the erasure of author links at the end (retros.anonymity.ts). */
export const retroBoardPart: RetroPart = {
  resolvers: {
    ...boardViewResolvers,
    Mutation: {
      addRetroReflection,
      updateRetroReflection,
      deleteRetroReflection,
      ...boardGroupResolvers.Mutation,
      ...boardVoteResolvers.Mutation,
    },
  },
  register: (app) => zeroDeletedContent(app.services.db),
};
