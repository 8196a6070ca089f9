import type { FastifyInstance } from 'fastify';

/** One part of the retros feature (index.ts): its resolvers, guarded by the area, and what it registers (jobs, routes). */
export type RetroPart = { resolvers: Record<string, unknown>; register?: (app: FastifyInstance) => void | Promise<void> };
