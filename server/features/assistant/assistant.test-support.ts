import type { FastifyInstance } from 'fastify';
import type { AssistantAnswer, AssistantEvent, AssistantScope } from '../../../shared/assistant.js';

/**
 * Test support for the assistant: asking through the real route (POST /api/assistant/ask) and reading
 * its server-sent events.
 */
export type Asked = { status: number; events: AssistantEvent[]; answer: AssistantAnswer | null; json: Record<string, unknown> | null };

/** Parses a text/event-stream body into its events (each `data:` line holds the whole event). */
export function parseEvents(body: string): AssistantEvent[] {
  return body
    .split('\n\n')
    .map((frame) => frame.split('\n').find((l) => l.startsWith('data: ')))
    .filter((l): l is string => !!l)
    .map((l) => JSON.parse(l.slice(6)) as AssistantEvent);
}

export async function ask(
  app: FastifyInstance,
  token: string | null,
  body: { question: string; scope?: AssistantScope; conversation_id?: string; use_model?: boolean } | Record<string, unknown>,
): Promise<Asked> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/assistant/ask',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
  if (!String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) return { status: res.statusCode, events: [], answer: null, json: res.json() };
  const events = parseEvents(res.body);
  const first = events.find((e) => e.type === 'answer');
  return { status: res.statusCode, events, answer: first && first.type === 'answer' ? first.answer : null, json: null };
}

/** Every passage text of an answer. */
export const passageTexts = (answer: AssistantAnswer | null) => (answer?.groups ?? []).flatMap((g) => g.passages.map((p) => p.text));
/** The whole answer as one string (to search it for what must never be in it). */
export const answerText = (asked: Asked) => JSON.stringify(asked.events);
