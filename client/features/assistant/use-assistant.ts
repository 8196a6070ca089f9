import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssistantAnswer, AssistantEvent } from '../../../shared/assistant.js';
import { askAssistant, AskRefused, conversationsQueryOptions, type AskBody } from './assistant.api.js';

/**
 * One question's life on a screen (docs/decisions/0066): loading, the sources-only answer, then (when a
 * model is set up) its words as they arrive, each sentence kept or dropped by the server's check.
 * Leaving the screen, or asking again, cancels what is still on its way.
 */
export type ModelState = {
  host: string;
  /** Sentences the server kept, in order, with the passages they cite. */
  sentences: Array<{ index: number; text: string; cites: number[] }>;
  /** Everything the model wrote so far, and how much of it finished sentences took. */
  raw: string;
  checked: number;
  done: boolean;
  /** The model's answer was not used: why (no sentence cited a source, an error). */
  fallback: string | null;
};

/** The words of the sentence being written (not yet checked by the server). */
export const writingOf = (m: ModelState) => (m.done ? '' : m.raw.slice(m.checked));

export type AskState =
  | { phase: 'idle' }
  | { phase: 'loading'; question: string }
  | {
      phase: 'answered';
      question: string;
      answer: AssistantAnswer;
      model: ModelState | null;
      error: string | null;
      conversationId: string | null;
      messageId: string | null;
      streaming: boolean;
    }
  | { phase: 'refused'; question: string; message: string; fields: Record<string, string> };

export function reduceAsk(state: AskState, event: AssistantEvent): AskState {
  if (event.type === 'answer')
    return {
      phase: 'answered',
      question: event.answer.question,
      answer: event.answer,
      model: null,
      error: null,
      conversationId: null,
      messageId: null,
      streaming: true,
    };
  if (state.phase !== 'answered') return state;
  const model = state.model;
  switch (event.type) {
    case 'model_start':
      return { ...state, model: { host: event.host, sentences: [], raw: '', checked: 0, done: false, fallback: null } };
    case 'delta':
      return model ? { ...state, model: { ...model, raw: model.raw + event.text } } : state;
    case 'sentence':
      return model
        ? {
            ...state,
            model: {
              ...model,
              checked: event.end,
              sentences: event.kept ? [...model.sentences, { index: event.index, text: event.text, cites: event.cites }] : model.sentences,
            },
          }
        : state;
    case 'model_done':
      return model ? { ...state, model: { ...model, done: true, fallback: event.fallback ? event.message : null } } : state;
    case 'error':
      return { ...state, error: event.message };
    case 'saved':
      return { ...state, conversationId: event.conversation_id, messageId: event.message_id };
    case 'done':
      return { ...state, streaming: false };
    default:
      return state;
  }
}

export function useAssistant() {
  const [state, setState] = useState<AskState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    async (body: AskBody) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'loading', question: body.question });
      try {
        await askAssistant(
          body,
          (event) => {
            if (!current.signal.aborted) setState((s) => reduceAsk(s, event));
          },
          current.signal,
        );
        if (!current.signal.aborted) {
          setState((s) => (s.phase === 'answered' ? { ...s, streaming: false } : s));
          void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
        }
      } catch (error) {
        if (current.signal.aborted) return;
        setState((s) =>
          s.phase === 'answered'
            ? { ...s, streaming: false, error: 'The answer stopped before it was finished. Try again.' }
            : {
                phase: 'refused',
                question: body.question,
                message: error instanceof Error ? error.message : 'Something went wrong. Try again.',
                fields: error instanceof AskRefused ? error.fields : {},
              },
        );
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState((s) => (s.phase === 'answered' ? { ...s, streaming: false } : s.phase === 'loading' ? { phase: 'idle' } : s));
  }, []);

  return { state, ask, cancel };
}
