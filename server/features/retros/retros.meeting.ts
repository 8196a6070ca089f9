import type { RetroPart } from './retros.part.js';

/** Retros: the live meeting: retros, phases, presence, check-in, health, reflections, groups, votes, the retroChanged subscription. */
export const retroMeetingPart: RetroPart = { resolvers: {} };
