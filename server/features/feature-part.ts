import type { FastifyInstance } from 'fastify';

/** One part of a feature (retros, feedback, notes): its resolvers, guarded by the feature's area in its index.ts, and what it registers (jobs, routes). */
export type FeaturePart = { resolvers: Record<string, unknown>; register?: (app: FastifyInstance) => void | Promise<void> };
