import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { CompletionBand } from '../../../shared/completion.js';
import type { ReviewCycleStatus } from '../../../shared/review-cycle.schemas.js';
import { gql, GraphqlError } from '../../lib/graphql.js';
import { lazySchema } from '../../lib/lazy-schema.js';

export type Completion = { done: number; total: number; percent: number | null; band: CompletionBand; label: string; text: string };
export type PersonProgress = { user_id: string; full_name: string; completion: Completion; late: number };
export type TeamProgress = { team_id: string | null; team_name: string; completion: Completion; people: PersonProgress[] };
export type CycleProgress = { cycle_id: string; cycle_name: string; cycle_status: ReviewCycleStatus; completion: Completion; teams: TeamProgress[] };
/** The server decides who sees progress: a refusal (FORBIDDEN for members) is shown, not thrown. */
export type ProgressAnswer = { kind: 'progress'; progress: CycleProgress } | { kind: 'refused'; code: string; message: string };
export type ReminderResult = { queued: number; already_reminded: number };

/** /reviews/team-progress?cycle=<id>: the cycle whose progress is shown (default: the first running one). */
export const teamProgressSearchSchema = lazySchema(() => z.object({ cycle: z.string().min(1).max(64).optional().catch(undefined) }));
export type TeamProgressSearch = z.infer<typeof teamProgressSearchSchema>;

const C = 'done total percent band label text';
const PROGRESS = `cycle_id cycle_name cycle_status completion { ${C} } teams { team_id team_name completion { ${C} } people { user_id full_name completion { ${C} } late } }`;

export const teamProgressQueryOptions = (cycleId: string) => queryOptions({
  queryKey: ['reviewTeamProgress', cycleId],
  queryFn: async (): Promise<ProgressAnswer> => {
    try {
      const data = await gql<{ reviewTeamProgress: CycleProgress }>(`query ReviewTeamProgress($cycleId: ID!) { reviewTeamProgress(cycleId: $cycleId) { ${PROGRESS} } }`, { cycleId });
      return { kind: 'progress', progress: data.reviewTeamProgress };
    } catch (err) {
      if (err instanceof GraphqlError && (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND')) return { kind: 'refused', code: err.code, message: err.message };
      throw err;
    }
  },
});

/** "2 reminders sent; 1 person was already reminded today." */
export function reminderText(r: ReminderResult): string {
  if (r.queued === 0 && r.already_reminded === 0) return 'Nobody to remind: no pending review is late or due soon.';
  const sent = `${r.queued} reminder${r.queued === 1 ? '' : 's'} sent`;
  if (r.already_reminded === 0) return `${sent}.`;
  return `${sent}; ${r.already_reminded} ${r.already_reminded === 1 ? 'person was' : 'people were'} already reminded today.`;
}

export const useRemindLateReviewers = () => useMutation({
  mutationFn: async (cycleId: string) => (await gql<{ remindLateReviewers: ReminderResult }>(`mutation RemindLateReviewers($cycleId: ID!) { remindLateReviewers(cycleId: $cycleId) { queued already_reminded } }`, { cycleId })).remindLateReviewers,
});

/** Reminds one person of every review they still owe in the cycle (one of their pending requests names them). */
export const useRemindReviewer = () => useMutation({
  mutationFn: async (requestId: string) =>
    (await gql<{ remindReviewer: ReminderResult }>(`mutation RemindReviewer($requestId: ID!) { remindReviewer(requestId: $requestId) { queued already_reminded } }`, { requestId })).remindReviewer,
});
