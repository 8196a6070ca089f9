import type { FeaturePart } from '../feature-part.js';

/** TODO(helper): this part of notes (see index.ts). */
export const notesSearchPart: FeaturePart = { resolvers: {} };
