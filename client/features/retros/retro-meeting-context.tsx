import { createContext, useCallback, useContext, useState } from 'react';
import type { Me } from '../users/api.js';
import type { MeetingApi } from './retro-meeting.api.js';
import type { Person, Retro } from './retro.types.js';

/** What every part of the meeting screen reads: the retro as last seen, who I am, the mutations, the team's people. */
export type Meeting = { retro: Retro; me: Me; api: MeetingApi; people: Person[]; managerIds: string[] };

const MeetingContext = createContext<Meeting | null>(null);
export const MeetingProvider = MeetingContext.Provider;

export function useMeeting(): Meeting {
  const meeting = useContext(MeetingContext);
  if (!meeting) throw new Error('useMeeting outside the meeting screen');
  return meeting;
}

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/**
 * Runs one meeting action at a time and keeps its refusal (the server's message) to show in a live
 * region. A CONFLICT means the meeting moved on meanwhile: the new state arrives by itself.
 */
export function useRun() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Resolves to true when the action succeeded; a refusal whose code is in `quiet` is not shown. */
  const run = useCallback(async (action: () => Promise<unknown>, quiet: readonly string[] = []): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      if (!quiet.includes((err as { code?: string }).code ?? '')) setError(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, error, setError, busy };
}

/** A live region for an action's refusal; empty (but present, so screen readers hear the next one) otherwise. */
export function LiveError({ error, id }: { error: string | null; id?: string }) {
  return <p id={id} className="retro-live-error" role="status" aria-live="polite">{error ?? ''}</p>;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
