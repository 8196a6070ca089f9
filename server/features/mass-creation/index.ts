import type { FastifyInstance } from 'fastify';

/** Mass creation of users (GraphQL + CSV upload). Filled in by the mass-creation work. */
export async function massCreationFeature(_app: FastifyInstance): Promise<void> {}
