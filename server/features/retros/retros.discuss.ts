import type { RetroPart } from './retros.part.js';

/** Retros: DISCUSS: topics in vote order, the server-kept timer, notes. */
export const retroDiscussPart: RetroPart = { resolvers: {} };
