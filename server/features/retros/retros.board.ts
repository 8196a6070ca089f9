import type { RetroPart } from './retros.part.js';

/** Retros: reflections (anonymous by default), groups and suggested groups, votes, and the erasure of author links at the end. */
export const retroBoardPart: RetroPart = { resolvers: {} };
