import { notFound } from '../../../shared/app-error.js';
import type { AssistantAskInput, AssistantEvent } from '../../../shared/assistant.js';
import type { Services } from '../../services.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { Viewer } from '../auth/viewer.js';
import { buildAnswer, type Built } from './assistant.answer.js';
import { CitationFilter } from './assistant.citations.js';
import { addMessage, createConversation, findOwnConversation, type ConversationRow } from './assistant.conversations.repo.js';
import { hostOf, ModelError, streamCompletion } from './assistant.model.js';
import { loadNlp } from './assistant.nlp.js';
import { promptFor } from './assistant.prompt.js';
import { retrieve } from './assistant.retrieve.js';
import { resolveScope, type ResolvedScope } from './assistant.scope.js';
import { findSettings, openKey, type AssistantSettings } from './assistant.settings.repo.js';

/**
 * One question to the assistant (docs/decisions/0066). `prepare` checks everything that can be
 * refused (the conversation is the asker's, the scope's objects are theirs to open) before anything
 * is streamed; `run` then sends the sources-only answer at once, then, when the organization set up
 * a model and the answer has sources, the model's answer as it is written, sentence by sentence
 * checked against the sources it may cite, and stores the exchange.
 */
export type Prepared = { scope: ResolvedScope; conversation: ConversationRow | null; settings: AssistantSettings; now: number };

export function prepare(services: Services, viewer: Viewer, input: AssistantAskInput): Prepared {
  const { db } = services;
  const now = services.scheduler.now();
  const conversation = input.conversation_id ? (findOwnConversation(db, viewer.organizationId, viewer.userId, input.conversation_id) ?? null) : null;
  if (input.conversation_id && !conversation) throw notFound('Conversation');
  return { scope: resolveScope(db, viewer, input, now), conversation, settings: findSettings(db, viewer.organizationId), now };
}

export type RunOptions = {
  services: Services;
  viewer: Viewer;
  input: AssistantAskInput;
  prepared: Prepared;
  ip: string | null;
  signal: AbortSignal;
  emit: (event: AssistantEvent) => void;
};

/** The sources-only answer, as the ask route and the history build it. */
export function sourcesAnswer(services: Services, viewer: Viewer, question: string, prepared: Pick<Prepared, 'scope' | 'now'>): Built {
  return buildAnswer(question, prepared.scope, retrieve(services.db, viewer, prepared.scope), prepared.now);
}

/** The model's kept sentences as JSON (assistant_messages.model_text), and the host that wrote them. */
type ModelOutcome = { text: string | null; host: string | null };
const keptJson = (filter: CitationFilter) => (filter.keptCount ? JSON.stringify(filter.kept()) : null);

async function modelAnswer(o: RunOptions, built: Built): Promise<ModelOutcome> {
  const { settings } = o.prepared;
  const baseUrl = settings.endpoint_url!;
  const host = hostOf(baseUrl);
  const passages = built.shown;
  // Every call is in the audit log: who asked, which kinds and objects were sent, to which host; never the text.
  recordAudit(o.services.db, {
    organizationId: o.viewer.organizationId,
    actorUserId: o.viewer.userId,
    actorLabel: o.viewer.email,
    action: 'ASSISTANT_MODEL_CALLED',
    ip: o.ip,
    details: {
      host,
      model: settings.endpoint_model,
      count: passages.length,
      kinds: [...new Set(passages.map((p) => p.kind))].join(','),
      sources: [...new Set(passages.map((p) => p.audit))].join(' ').slice(0, 4000),
    },
  });
  o.emit({ type: 'model_start', host, model: settings.endpoint_model! });
  const filter = new CitationFilter(passages.length, { noRatings: o.prepared.scope.context === 'REVIEW_EVIDENCE' });
  const send = (verdicts: ReturnType<CitationFilter['push']>) => {
    for (const v of verdicts) o.emit({ type: 'sentence', ...v });
  };
  try {
    await streamCompletion({
      outbound: o.services.outbound,
      baseUrl,
      model: settings.endpoint_model!,
      key: openKey(o.services.keys, o.viewer.organizationId, settings.endpoint_key_sealed),
      messages: promptFor(built.answer, o.prepared.scope.context),
      firstTokenMs: settings.first_token_seconds * 1000,
      totalMs: settings.total_seconds * 1000,
      signal: o.signal,
      onDelta: (text) => {
        o.emit({ type: 'delta', text });
        send(filter.push(text));
      },
    });
    send(filter.end());
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    if (error.kind === 'cancelled') return { text: keptJson(filter), host };
    o.emit({ type: 'error', message: error.message });
    o.emit({ type: 'model_done', fallback: true, message: `${error.message} The sources above are the answer.` });
    return { text: keptJson(filter), host };
  }
  if (!filter.keptCount) {
    o.emit({
      type: 'model_done',
      fallback: true,
      message: 'The model’s answer cited none of the sources it was given, so it is not shown: the sources above are the answer.',
    });
    return { text: null, host };
  }
  o.emit({ type: 'model_done', fallback: false, message: null });
  return { text: keptJson(filter), host };
}

export async function run(o: RunOptions): Promise<void> {
  const { services, viewer, input, prepared } = o;
  await loadNlp();
  const built = sourcesAnswer(services, viewer, input.question, prepared);
  o.emit({ type: 'answer', answer: built.answer });
  const { settings } = prepared;
  const model =
    settings.endpoint_url && settings.endpoint_model && input.use_model !== false && built.answer.status === 'ANSWERED'
      ? await modelAnswer(o, built)
      : { text: null, host: null };
  if (o.signal.aborted) return;
  const at = new Date(prepared.now).toISOString();
  const conversation = prepared.conversation ?? createConversation(services.db, viewer.organizationId, viewer.userId, input.question, at);
  const message = addMessage(
    services.db,
    conversation,
    {
      question: input.question,
      scope: input.scope ?? {},
      status: built.answer.status,
      refs: built.shown.map((p) => ({ kind: p.kind, src: p.src, fp: p.fp })),
      model_text: model.text,
      model_host: model.host,
    },
    at,
  );
  o.emit({ type: 'saved', conversation_id: conversation.id, message_id: message.id });
  o.emit({ type: 'done' });
}
