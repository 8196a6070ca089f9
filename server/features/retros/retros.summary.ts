import type { RetroPart } from './retros.part.js';

/** Retros: the end: summary notification, CSV export. */
export const retroSummaryPart: RetroPart = { resolvers: {} };
