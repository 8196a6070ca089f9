import type { AssistantEvent } from '../../../shared/assistant.js';

/**
 * Server-sent events (text/event-stream) as the ask route writes them: frames separated by a blank
 * line, the whole event as JSON on its `data:` line. Frames may arrive split anywhere; each complete
 * one is handed on at once (the first words of a model show as soon as they arrive).
 */
export function eventsOf(buffer: string): { events: AssistantEvent[]; rest: string } {
  const frames = buffer.split('\n\n');
  const rest = frames.pop() ?? '';
  const events: AssistantEvent[] = [];
  for (const frame of frames) {
    const data = frame
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      events.push(JSON.parse(data) as AssistantEvent);
    } catch {
      // A frame that is not ours (a comment, a proxy's keep-alive): skipped.
    }
  }
  return { events, rest };
}

export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: AssistantEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { events, rest } = eventsOf(buffer + decoder.decode(value, { stream: true }));
    buffer = rest;
    for (const event of events) onEvent(event);
  }
  for (const event of eventsOf(`${buffer}\n\n`).events) onEvent(event);
}
