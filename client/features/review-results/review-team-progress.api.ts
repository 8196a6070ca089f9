import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { gql, graphql, GraphqlError, type ResultOf } from '../../lib/graphql.js';
import { lazySchema } from '../../lib/lazy-schema.js';

/** The server decides who sees progress: a refusal (FORBIDDEN for members) is shown, not thrown. */
export type ProgressAnswer = { kind: 'progress'; progress: CycleProgress } | { kind: 'refused'; code: string; message: string };
export type ReminderResult = { queued: number; already_reminded: number };

/** /reviews/team-progress?cycle=<id>: the cycle whose progress is shown (default: the first running one). */
export const teamProgressSearchSchema = lazySchema(() => z.object({ cycle: z.string().min(1).max(64).optional().catch(undefined) }));
export type TeamProgressSearch = z.infer<typeof teamProgressSearchSchema>;

const C = 'done total percent band label text';
const PROGRESS = `cycle_id cycle_name cycle_status completion { ${C} } teams { team_id team_name completion { ${C} } people { user_id full_name completion { ${C} } late } }`;

export const REVIEW_TEAM_PROGRESS = graphql(`query ReviewTeamProgress($cycleId: ID!) { reviewTeamProgress(cycleId: $cycleId) { ${PROGRESS} } }`);

export type CycleProgress = ResultOf<typeof REVIEW_TEAM_PROGRESS>['reviewTeamProgress'];
export type Completion = CycleProgress['completion'];
export type TeamProgress = CycleProgress['teams'][number];
export type PersonProgress = TeamProgress['people'][number];

export const teamProgressQueryOptions = (cycleId: string) =>
  queryOptions({
    queryKey: ['reviewTeamProgress', cycleId],
    queryFn: async (): Promise<ProgressAnswer> => {
      try {
        const data = await gql(REVIEW_TEAM_PROGRESS, { cycleId });
        return { kind: 'progress', progress: data.reviewTeamProgress };
      } catch (err) {
        if (err instanceof GraphqlError && (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND'))
          return { kind: 'refused', code: err.code, message: err.message };
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

export const REMIND_LATE_REVIEWERS = graphql(
  `mutation RemindLateReviewers($cycleId: ID!) { remindLateReviewers(cycleId: $cycleId) { queued already_reminded } }`,
);

export const useRemindLateReviewers = () =>
  useMutation({
    mutationFn: async (cycleId: string) => (await gql(REMIND_LATE_REVIEWERS, { cycleId })).remindLateReviewers,
  });

export const REMIND_REVIEWER = graphql(`mutation RemindReviewer($requestId: ID!) { remindReviewer(requestId: $requestId) { queued already_reminded } }`);

/** Reminds one person of every review they still owe in the cycle (one of their pending requests names them). */
export const useRemindReviewer = () =>
  useMutation({
    mutationFn: async (requestId: string) => (await gql(REMIND_REVIEWER, { requestId })).remindReviewer,
  });
