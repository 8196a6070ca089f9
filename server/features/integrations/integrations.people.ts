import type { FeaturePart } from '../feature-part.js';

/** Stub of the contract: filled in by its owner. */
export const integrationsPeoplePart: FeaturePart = { resolvers: {} };
