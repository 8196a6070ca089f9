import type { FastifyInstance } from 'fastify';

/** Profile pictures: upload and signed, resized serving. Filled in by the media work. */
export async function mediaFeature(_app: FastifyInstance): Promise<void> {}
