import type { UseMutationResult } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
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

/** What `meetingOutcome` reads of a TanStack Query mutation (useMutation's result). */
type MeetingMutation = Pick<UseMutationResult<unknown, Error, never>, 'error' | 'isPending' | 'submittedAt'>;

/**
 * What a part of the meeting says about its actions, each a TanStack Query mutation (useMutation, as
 * in every feature; the action itself updates the cached retro, retro-meeting.api.ts): busy while one
 * runs, and the refusal (the server's message) of the one sent last, for the part's live region
 * (sending another clears it).
 */
export function meetingOutcome(mutations: MeetingMutation[]): { busy: boolean; error: string | null } {
  let last: MeetingMutation | undefined;
  for (const m of mutations) if (!last || m.submittedAt > last.submittedAt) last = m;
  return { busy: mutations.some((m) => m.isPending), error: last?.error ? messageOf(last.error) : null };
}

/** A live region for an action's refusal; empty (but present, so screen readers hear the next one) otherwise. */
export function LiveError({ error, id }: { error: string | null; id?: string }) {
  return (
    <p id={id} className="retro-live-error" role="status" aria-live="polite">
      {error ?? ''}
    </p>
  );
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
