/** One part of the retros feature (index.ts): its resolvers, guarded by the area, and what it registers (jobs, routes). */
export type { FeaturePart as RetroPart } from '../feature-part.js';
