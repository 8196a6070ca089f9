import type { Outbound } from '../../lib/outbound/outbound.policy.js';

/**
 * An OpenAI-compatible endpoint (docs/decisions/0066): Ollama, llama.cpp's server, vLLM, LM Studio,
 * OpenAI. Every request goes through the outbound address guard (services.outbound, docs/decisions/
 * 0054), pinned to the base URL's origin. Failures become one plain sentence (ModelError); the key
 * never appears in one.
 */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'refused' | 'timeout' | 'protocol' | 'cancelled' | 'broken',
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

export const UNREACHABLE =
  'The model endpoint could not be reached: check the base URL and the network. An address on a private network must be allowed by the server’s operator.';

/** The API root: the base URL as typed when it ends with /v1, else with /v1 added. */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

export const hostOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

const headers = (key: string | null, json: boolean) => ({
  accept: json ? 'application/json' : 'text/event-stream, application/json',
  ...(json ? {} : { 'content-type': 'application/json' }),
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});

function statusError(status: number): ModelError {
  if (status === 401 || status === 403) return new ModelError(`The endpoint refused the key (HTTP ${status}).`, 'refused');
  if (status === 404) return new ModelError('The endpoint has nothing at this address (HTTP 404): check the base URL and the model.', 'protocol');
  if (status === 429) return new ModelError('The endpoint is busy or over its quota (HTTP 429). Try again later.', 'refused');
  return new ModelError(`The endpoint answered with an error (HTTP ${status}).`, 'protocol');
}

/** GET /v1/models: the ids of the models the endpoint offers. */
export async function listModels(outbound: Outbound, baseUrl: string, key: string | null, timeoutMs = 10_000): Promise<string[]> {
  let res: Response;
  try {
    res = await outbound.client(baseUrl).fetch(`${apiRoot(baseUrl)}/models`, { headers: headers(key, true), signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new ModelError('The endpoint did not answer in time.', 'timeout');
    throw new ModelError(UNREACHABLE, 'unreachable');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw statusError(res.status);
  }
  const body = (await res.json().catch(() => null)) as { data?: Array<{ id?: unknown }> } | null;
  if (!body || !Array.isArray(body.data))
    throw new ModelError('The endpoint answered, but not with an OpenAI-compatible list of models at /v1/models.', 'protocol');
  return body.data
    .map((m) => (typeof m.id === 'string' ? m.id : null))
    .filter((id): id is string => !!id)
    .slice(0, 500);
}

export type ChatMessage = { role: 'system' | 'user'; content: string };

export type CompletionCall = {
  outbound: Outbound;
  baseUrl: string;
  model: string;
  key: string | null;
  messages: ChatMessage[];
  firstTokenMs: number;
  totalMs: number;
  /** Aborted when the asker leaves. */
  signal: AbortSignal;
  onDelta: (text: string) => void;
};

/** The text of one server-sent event's data for a chat completion chunk (or null: nothing to add). */
function deltaOf(data: string): string | null {
  try {
    const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown }; text?: unknown }> };
    const choice = chunk.choices?.[0];
    const content = choice?.delta?.content ?? choice?.message?.content ?? choice?.text;
    return typeof content === 'string' ? content : null;
  } catch {
    return null;
  }
}

/**
 * POST /v1/chat/completions with `stream: true`; each piece of text is handed to onDelta as it
 * arrives. A server that answers with one JSON completion instead is accepted too. Timeouts: the
 * first words within firstTokenMs, the whole within totalMs.
 */
export async function streamCompletion(call: CompletionCall): Promise<void> {
  const controller = new AbortController();
  let why: ModelError | null = null;
  const stop = (error: ModelError) => {
    why ??= error;
    controller.abort();
  };
  const onLeave = () => stop(new ModelError('The question was cancelled.', 'cancelled'));
  if (call.signal.aborted) throw new ModelError('The question was cancelled.', 'cancelled');
  call.signal.addEventListener('abort', onLeave, { once: true });
  const total = setTimeout(
    () => stop(new ModelError(`The endpoint did not finish within ${Math.round(call.totalMs / 1000)} seconds.`, 'timeout')),
    call.totalMs,
  );
  let first: NodeJS.Timeout | null = setTimeout(
    () => stop(new ModelError(`The endpoint sent nothing within ${Math.round(call.firstTokenMs / 1000)} seconds.`, 'timeout')),
    call.firstTokenMs,
  );
  const started = () => {
    if (first) {
      clearTimeout(first);
      first = null;
    }
  };
  const emit = (text: string) => {
    if (text) {
      started();
      call.onDelta(text);
    }
  };
  try {
    let res: Response;
    try {
      res = await call.outbound.client(call.baseUrl).fetch(`${apiRoot(call.baseUrl)}/chat/completions`, {
        method: 'POST',
        headers: headers(call.key, false),
        signal: controller.signal,
        body: JSON.stringify({ model: call.model, messages: call.messages, stream: true, temperature: 0 }),
      });
    } catch {
      throw why ?? new ModelError(UNREACHABLE, 'unreachable');
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw statusError(res.status);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream')) {
      const body = await res.text().catch(() => {
        throw why ?? new ModelError('The endpoint stopped answering mid-way.', 'broken');
      });
      const text = deltaOf(body);
      if (text === null) throw new ModelError('The endpoint answered, but not like an OpenAI-compatible chat completion.', 'protocol');
      emit(text);
      return;
    }
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    for (;;) {
      let read: ReadableStreamReadResult<string>;
      try {
        read = await reader.read();
      } catch {
        throw why ?? new ModelError('The endpoint stopped answering mid-way.', 'broken');
      }
      if (read.done) break;
      pending += read.value;
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline).replace(/\r$/, '');
        pending = pending.slice(newline + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const text = deltaOf(data);
        if (text) emit(text);
      }
    }
  } finally {
    clearTimeout(total);
    if (first) clearTimeout(first);
    call.signal.removeEventListener('abort', onLeave);
  }
}
