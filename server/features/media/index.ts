import type { FastifyInstance } from 'fastify';
import { mediaRoutes } from './media.routes.js';

/**
 * Profile pictures: POST /api/media (Bearer-authenticated multipart upload) and
 * GET /api/media/:orgId/:mediaId (signed, resized serving). Registered encapsulated,
 * so the multipart parser it adds applies to these routes only.
 */
export async function mediaFeature(app: FastifyInstance): Promise<void> {
  await app.register(mediaRoutes);
}
