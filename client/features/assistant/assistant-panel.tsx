import { useEffect, useId, useState, type FormEvent } from 'react';
import { ASSISTANT_LIMITS, type AssistantScope } from '../../../shared/assistant.js';
import { AnswerView, Cite } from './assistant-answer.js';
import { useAssistant, writingOf, type ModelState } from './use-assistant.js';
import './assistant.css';

/**
 * The assistant, wherever it is used (docs/decisions/0066): a question (prefilled where the screen
 * knows what to ask), the answer made of the sources, and, when the organization set up a model, its
 * summary as it is written, each sentence with the passages it cites. Loading, "not enough", refusal
 * and error states; Stop while an answer arrives; leaving the screen cancels it.
 */
type Props = {
  title: string;
  /** What the screen asks (the question field starts with it). */
  question?: string;
  scope?: AssistantScope;
  /** Continue this conversation (the admin page). */
  conversationId?: string;
  onSaved?: (conversationId: string, messageId: string) => void;
  /** A sentence under the title: what this use of the assistant looks at. */
  intro?: string;
};

function ModelPart({ model, idPrefix, error }: { model: ModelState; idPrefix: string; error: string | null }) {
  const writing = writingOf(model);
  return (
    <section className="ai-model" aria-label="Summary written by a model">
      <h3>
        Summary <span className="muted ai-model-host">written by the model at {model.host}, from the sources below</span>
      </h3>
      {model.sentences.length > 0 && (
        <p className="ai-model-text">
          {model.sentences.map((s) => (
            <span key={s.index}>
              {s.text.replace(/\s*(\[[\d, ]+\])+\s*([.!?]?)$/, '$2')}{' '}
              {s.cites.map((n) => (
                <Cite key={n} n={n} idPrefix={idPrefix} />
              ))}{' '}
            </span>
          ))}
        </p>
      )}
      {writing && (
        <p className="ai-writing" aria-hidden="true">
          {writing}
        </p>
      )}
      {!model.done && !writing && model.sentences.length === 0 && (
        <p className="muted" role="status">
          The model is writing…
        </p>
      )}
      {error && (
        <p role="alert" className="ai-error">
          {error}
        </p>
      )}
      {model.done && model.fallback && <p className="notice notice-warning ai-fallback">{model.fallback}</p>}
      <p className="field-hint">Sentences that do not cite a source they were given are removed before they are shown.</p>
    </section>
  );
}

export function AssistantPanel({ title, question: preset = '', scope, conversationId, onSaved, intro }: Props) {
  const { state, ask, cancel } = useAssistant();
  const [question, setQuestion] = useState(preset);
  const base = useId();
  const idPrefix = `ai${base.replace(/[^a-zA-Z0-9]/g, '')}`;
  const inputId = `${idPrefix}-question`;
  const errorId = `${idPrefix}-error`;
  const streaming = state.phase === 'loading' || (state.phase === 'answered' && state.streaming);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = question.trim();
    if (!text || streaming) return;
    await ask({ question: text, ...(scope ? { scope } : {}), ...(conversationId ? { conversation_id: conversationId } : {}) });
  };
  const saved =
    state.phase === 'answered' && !state.streaming && state.conversationId && state.messageId ? ([state.conversationId, state.messageId] as const) : null;
  const [savedConversation, savedMessage] = saved ?? [null, null];
  useEffect(() => {
    if (savedConversation && savedMessage) onSaved?.(savedConversation, savedMessage);
  }, [savedConversation, savedMessage, onSaved]);

  const fieldError = state.phase === 'refused' ? state.message : null;
  return (
    <section className="ai-panel" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`} className="ai-title">
        {title}
      </h2>
      {intro && <p className="muted ai-intro">{intro}</p>}
      <form className="ai-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={inputId} className="sr-only">
          Question
        </label>
        <textarea
          id={inputId}
          value={question}
          rows={2}
          maxLength={ASSISTANT_LIMITS.questionMax}
          placeholder="Ask about what your organization wrote…"
          onChange={(e) => setQuestion(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit(e);
            }
          }}
        />
        <div className="ai-actions">
          <button type="submit" className="button" disabled={streaming || !question.trim()}>
            {state.phase === 'idle' ? 'Ask' : 'Ask again'}
          </button>
          {streaming && (
            <button type="button" className="button button-secondary" onClick={cancel}>
              Stop
            </button>
          )}
        </div>
        {fieldError && (
          <p id={errorId} role="alert" className="field-error">
            {fieldError}
          </p>
        )}
      </form>
      {state.phase === 'loading' && (
        <div className="pending ai-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" /> <span>Looking through what you may read…</span>
        </div>
      )}
      {state.phase === 'answered' && (
        <div className="ai-result" aria-busy={state.streaming || undefined}>
          {state.model && <ModelPart model={state.model} idPrefix={idPrefix} error={state.error} />}
          {!state.model && state.error && (
            <p role="alert" className="ai-error">
              {state.error}
            </p>
          )}
          <AnswerView answer={state.answer} idPrefix={idPrefix} />
          <p className="sr-only" role="status">
            {state.streaming
              ? ''
              : state.answer.status === 'ANSWERED'
                ? `Answer ready, from ${state.answer.considered} passages.`
                : 'Not enough behind this question.'}
          </p>
        </div>
      )}
    </section>
  );
}
