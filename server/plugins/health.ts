import type { FastifyInstance } from 'fastify';

export const HEALTH_PATH = '/api/health';

/**
 * GET /api/health, for a monitor or a load balancer: 200 `{ status: 'ok' }` while the server can
 * write to its storage, 503 `{ status: 'failing', storage: {...} }` with the code and cause while it
 * cannot (docs/decisions/0058). It names no path or file: the log line says where.
 */
export async function healthPlugin(app: FastifyInstance): Promise<void> {
  app.get(HEALTH_PATH, { config: { rule: 'PUBLIC' } }, async (_request, reply) => {
    const storage = app.services.storage.check();
    reply.header('Cache-Control', 'no-store');
    return reply.code(storage.status === 'ok' ? 200 : 503).send({ status: storage.status, storage });
  });
}
