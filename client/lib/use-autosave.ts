import { useCallback, useEffect, useRef, useState } from 'react';
import { GraphqlError } from './graphql.js';

export const AUTOSAVE_DELAY_MS = 800;

export type AutosaveStatus =
  { kind: 'idle' } | { kind: 'unsaved' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error'; reason: string } | { kind: 'conflict' };

export type AutosaveOptions<V> = {
  /** What the server has when the page opens, and its version. */
  initial: V;
  version: number;
  /** Saves `value` over `baseVersion`; answers the new version. A stale base is refused with CONFLICT. */
  send: (value: V, baseVersion: number) => Promise<{ version: number }>;
  /** Why `value` cannot be saved (it is then not sent), or null. */
  invalid?: (value: V) => string | null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sentence = (text: string) => text.trim().replace(/[.!]+$/, '');

/**
 * The one autosave of the client (notes, assessments): a change is saved ~800 ms after the last
 * one, one save at a time, each with the version it is based on. Until it is saved the status says
 * "unsaved" (never an older "saved at"). A save that fails (network, refused, changed elsewhere)
 * never touches what is on screen: the status says why and the next change or `flush` tries again;
 * after a CONFLICT nothing is sent until the caller `replace`s the value with the server's or
 * `rebase`s onto the latest version. A page that goes out of view (another tab, a locked phone, a
 * reload) sends what is unsaved at once; leaving the screen sends it too, and closing the tab with
 * unsaved words asks first.
 */
export function useAutosave<V>({ initial, version, send, invalid }: AutosaveOptions<V>) {
  const [value, setValue] = useState<V>(initial);
  const [savedValue, setSavedValue] = useState<V>(initial);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const current = useRef(initial);
  const saved = useRef(initial);
  const base = useRef(version);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const conflict = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const opts = useRef({ send, invalid });
  useEffect(() => {
    opts.current = { send, invalid };
  }, [send, invalid]);

  const markSaved = useCallback((next: V) => {
    saved.current = next;
    setSavedValue(next);
  }, []);

  const flushRef = useRef<() => Promise<boolean>>(async () => true);
  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), AUTOSAVE_DELAY_MS);
  }, []);

  /** Sends what is unsaved now (after the save on its way, if any); true once the server has it. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    while (inFlight.current) await inFlight.current;
    if (conflict.current) return false;
    const sending = current.current;
    if (same(sending, saved.current)) return true;
    const reason = opts.current.invalid?.(sending);
    if (reason) {
      setStatus({ kind: 'error', reason: sentence(reason) });
      return false;
    }
    setStatus({ kind: 'saving' });
    const run = (async () => {
      try {
        const answer = await opts.current.send(sending, base.current);
        base.current = answer.version;
        markSaved(sending);
        setStatus(same(current.current, sending) ? { kind: 'saved', at: new Date() } : { kind: 'unsaved' });
        return true;
      } catch (err) {
        if (err instanceof GraphqlError && err.code === 'CONFLICT') {
          conflict.current = true;
          setStatus({ kind: 'conflict' });
        } else {
          setStatus({ kind: 'error', reason: sentence(err instanceof Error ? err.message : 'something went wrong') });
        }
        return false;
      }
    })();
    inFlight.current = run;
    let ok: boolean;
    try {
      ok = await run;
    } finally {
      inFlight.current = null;
    }
    // Typed on while the save was on its way: save that too, after the delay.
    if (ok && !same(current.current, saved.current)) schedule();
    return ok;
  }, [markSaved, schedule]);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  /** A change made on screen: the new value, or how to make it from the latest one. */
  const change = useCallback(
    (update: V | ((latest: V) => V)) => {
      const next = typeof update === 'function' ? (update as (latest: V) => V)(current.current) : update;
      current.current = next;
      setValue(next);
      if (conflict.current) return;
      if (!inFlight.current) setStatus({ kind: 'unsaved' });
      schedule();
    },
    [schedule],
  );

  /** The server's value replaces what is on screen (its version becomes the base); a conflict ends. */
  const replace = useCallback(
    (theirs: V, theirVersion: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      base.current = theirVersion;
      conflict.current = false;
      markSaved(theirs);
      current.current = theirs;
      setValue(theirs);
      setStatus({ kind: 'idle' });
    },
    [markSaved],
  );

  /** Keeps what is on screen and saves it over the server's latest version (after a conflict). */
  const rebase = useCallback(
    async (theirs: V, theirVersion: number) => {
      base.current = theirVersion;
      markSaved(theirs);
      conflict.current = false;
      return flush();
    },
    [markSaved, flush],
  );

  /** Nothing more is to be saved (the draft was deleted). */
  const forget = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    markSaved(current.current);
  }, [markSaved]);

  /** True when a newer version of the server's may replace the screen: nothing here unsaved or on its way. */
  const canTake = useCallback(
    (theirVersion: number) => theirVersion > base.current && !inFlight.current && !conflict.current && same(current.current, saved.current),
    [],
  );

  // Out of view (another tab, a locked phone) or going away (a reload): send now, not after the delay.
  useEffect(() => {
    const now = () => {
      if (timer.current) void flushRef.current();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') now();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', now);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', now);
    };
  }, []);

  // Leaving the screen with a change not saved yet: send it now rather than drop it.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      const left = current.current;
      if (!inFlight.current && !conflict.current && !same(left, saved.current) && !opts.current.invalid?.(left)) {
        void opts.current.send(left, base.current).catch(() => undefined);
      }
    },
    [],
  );

  const dirty = !same(value, savedValue);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { value, change, status, flush, replace, rebase, forget, canTake, dirty };
}
