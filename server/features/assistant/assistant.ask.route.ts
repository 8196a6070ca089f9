import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from '../../../shared/app-error.js';
import { assistantAskSchema, type AssistantEvent } from '../../../shared/assistant.js';
import { sendAppError } from '../../lib/http-status.js';
import { parseInput } from '../../lib/parse.js';
import { bearerToken, viewerFromAccessToken } from '../auth/viewer.js';
import { featureAreaOffMessage, isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { prepare, run } from './assistant.ask.js';

/** One server-sent event: its type as `event:`, the whole event as JSON `data:` (one line). */
export const sseFrame = (event: AssistantEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * POST /api/assistant/ask (docs/decisions/0066): the question as JSON, answered as server-sent events
 * (text/event-stream) on the same response. Authenticated like /graphql, with the Bearer access
 * token: a browser never adds that header by itself, so another site's form or fetch cannot ask in
 * someone's name (no cookie is read), and no CORS header lets another origin read the answer. Errors
 * found before the first event (sign-in, the area switched off, bad input, a conversation or scope
 * object the asker may not open) are plain JSON with their status, like the CSV routes; later ones
 * are `error` events. When the asker leaves (the connection closes), the model call is cancelled.
 */
export async function assistantAskRoute(app: FastifyInstance): Promise<void> {
  app.post('/api/assistant/ask', { config: { rule: 'SIGNED_IN' } }, async (request, reply) => {
    const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
    if (!viewer) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    let prepared;
    let input;
    try {
      if (!isFeatureAreaOn(app.services.db, viewer.organizationId, 'AI_ASSISTANT')) throw forbidden(featureAreaOffMessage('AI_ASSISTANT'));
      input = parseInput(assistantAskSchema, request.body ?? {});
      prepared = prepare(app.services, viewer, input);
    } catch (error) {
      if (error instanceof AppError) return sendAppError(reply, error);
      throw error;
    }
    const stream = new PassThrough();
    const leave = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) leave.abort();
    });
    const emit = (event: AssistantEvent) => {
      if (!stream.writableEnded) stream.write(sseFrame(event));
    };
    void run({ services: app.services, viewer, input, prepared, ip: request.ip, signal: leave.signal, emit })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'assistant answer failed');
        emit({ type: 'error', message: 'The answer could not be finished. Try again.' });
      })
      .finally(() => stream.end());
    return reply.header('Content-Type', 'text/event-stream; charset=utf-8').header('Cache-Control', 'no-store').header('X-Accel-Buffering', 'no').send(stream);
  });
}
