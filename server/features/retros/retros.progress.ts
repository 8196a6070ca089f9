import type { RetroPart } from './retros.part.js';

/** Retros: team progress and recurring themes. */
export const retroProgressPart: RetroPart = { resolvers: {} };
