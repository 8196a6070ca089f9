import type { FastifyInstance } from 'fastify';

/** graphql-transport-ws at /graphql. Filled in by the subscriptions work. */
export async function subscriptionsPlugin(_app: FastifyInstance): Promise<void> {}
