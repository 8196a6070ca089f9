import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_CSP } from './csp.js';

/** Security headers on every answer, and one error handler that never leaks 5xx details (storage failures: 503 with their code). */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs for every answer (an async hook costs each a promise).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (app.services.config.secureCookies) reply.header('Strict-Transport-Security', 'max-age=31536000');
    // Pages carry their own policy (spa.ts); every other answer may load nothing (docs/decisions/0045).
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', API_CSP);
    done(null, payload);
  });

  app.setErrorHandler((error, request, reply) => {
    const err = error as { statusCode?: number; code?: string; message?: string };
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    // The disk is full or failing: its code and a plain message, one log line (docs/decisions/0058).
    const storage = status >= 500 ? app.services.storage.report(error, `${request.method} ${request.routeOptions.url ?? request.url}`) : null;
    if (storage) return reply.code(503).send({ error: storage.code, message: storage.message, requestId: request.id });
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.code(500).send({ error: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', requestId: request.id });
    }
    return reply.code(status).send({ error: err.code ?? 'BAD_REQUEST', message: err.message ?? 'Bad request' });
  });
});
