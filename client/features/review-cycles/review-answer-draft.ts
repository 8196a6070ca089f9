import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from './review-cycles.search.js';
import { saveReviewDraft, type Answer, type ReviewRequest } from './review-cycles.api.js';

export type SaveStatus = { state: 'idle' | 'saving' | 'saved' } | { state: 'error'; message: string };
type Local = Record<string, { answer: Answer; at: number }>;

const storageKey = (requestId: string) => `teamlens.review-draft.${requestId}`;
function readLocal(requestId: string): Local {
  try {
    return JSON.parse(localStorage.getItem(storageKey(requestId)) ?? '{}') as Local;
  } catch {
    return {};
  }
}
function writeLocal(requestId: string, local: Local): void {
  try {
    if (Object.keys(local).length) localStorage.setItem(storageKey(requestId), JSON.stringify(local));
    else localStorage.removeItem(storageKey(requestId));
  } catch {
    // Storage full or blocked: the server draft is still saved as usual.
  }
}
export const forgetLocalDraft = (requestId: string) => writeLocal(requestId, {});

const same = (a: Answer, b: Answer) => JSON.stringify([a.rating, a.text, a.choices]) === JSON.stringify([b.rating, b.text, b.choices]);

/** The saved draft, plus answers typed on this device that did not reach the server yet (newer than the saved one). */
function initial(request: ReviewRequest): { answers: Record<string, Answer>; unsent: string[] } {
  const answers: Record<string, Answer> = {};
  for (const a of request.answers) answers[a.question_id] = { question_id: a.question_id, rating: a.rating, text: a.text, choices: a.choices };
  const unsent: string[] = [];
  if (request.status !== 'PENDING') return { answers, unsent };
  const saved = new Map(request.answers.map((a) => [a.question_id, Date.parse(a.updated_at)]));
  const questions = new Set(request.questions.map((q) => q.id));
  for (const [id, { answer, at }] of Object.entries(readLocal(request.id))) {
    if (!questions.has(id) || (saved.get(id) ?? 0) >= at) continue;
    answers[id] = answer;
    unsent.push(id);
  }
  return { answers, unsent };
}

/**
 * Answers as typed, saved as a draft `delay` ms after the last change. Only the questions changed since
 * the last save are sent (the server keeps the last write per question, so two tabs never erase each
 * other's other answers); until saved they are also kept in localStorage, so a reload loses nothing.
 */
export function useDraftAnswers(request: ReviewRequest, delay = 800) {
  const [start] = useState(() => initial(request));
  const [answers, setAnswers] = useState(start.answers);
  const current = useRef(start.answers);
  const dirty = useRef(new Set(start.unsent));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const requestId = request.id;

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    const ids = [...dirty.current];
    if (!ids.length) return;
    dirty.current.clear();
    const batch = ids.map((id) => current.current[id]!);
    setStatus({ state: 'saving' });
    const run = saveReviewDraft(requestId, batch).then(
      () => {
        const local = readLocal(requestId);
        for (const a of batch) if (local[a.question_id] && same(local[a.question_id]!.answer, a)) delete local[a.question_id];
        writeLocal(requestId, local);
        setStatus(dirty.current.size ? { state: 'saving' } : { state: 'saved' });
      },
      (err: unknown) => {
        for (const id of ids) dirty.current.add(id);
        setStatus({ state: 'error', message: messageOf(err) });
      },
    );
    inFlight.current = run.finally(() => {
      inFlight.current = null;
    });
    await run;
  }, [requestId]);

  const change = useCallback(
    (questionId: string, patch: Partial<Answer>) => {
      const next: Answer = { question_id: questionId, rating: null, text: null, choices: null, ...current.current[questionId], ...patch };
      current.current = { ...current.current, [questionId]: next };
      setAnswers(current.current);
      dirty.current.add(questionId);
      writeLocal(requestId, { ...readLocal(requestId), [questionId]: { answer: next, at: Date.now() } });
      setStatus({ state: 'saving' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delay);
    },
    [delay, flush, requestId],
  );

  useEffect(() => {
    if (dirty.current.size) void flush();
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      void flush();
    };
  }, [flush]);

  /** Before submitting (which sends every answer): stops autosaving and waits for a save under way. */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    dirty.current.clear();
    while (inFlight.current) await inFlight.current;
  }, []);

  return { answers, status, change, flush, settle, current };
}
