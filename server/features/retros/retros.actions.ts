import type { RetroPart } from './retros.part.js';

/** Retros: action items: in the meeting, carried over, on the owner dashboard. */
export const retroActionsPart: RetroPart = { resolvers: {} };
