import type { RetroPart } from './retros.part.js';

/** Retros: templates and health check sets. */
export const retroTemplatesPart: RetroPart = { resolvers: {} };
