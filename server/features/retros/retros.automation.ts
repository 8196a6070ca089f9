import type { RetroPart } from './retros.part.js';

/** Retros: automation rules and async deadlines. */
export const retroAutomationPart: RetroPart = { resolvers: {} };
