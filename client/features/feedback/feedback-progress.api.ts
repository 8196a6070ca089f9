import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { isoDay } from '../../../shared/iso-day.js';
import { gql, graphql } from '../../lib/graphql.js';
import { FEEDBACK_FIELDS, FEEDBACK_TEAM_PROGRESS_FIELDS } from './feedback.types.js';
import { lazySchema } from '../../lib/lazy-schema.js';

/**
 * Feedback team progress (/continuous-feedback/team-progress) and the feedback beside a review
 * being written (feedbackAbout): the queries and the period they cover.
 */

export const PROGRESS_PRESETS = ['30', '90'] as const;
export type ProgressPeriod = (typeof PROGRESS_PRESETS)[number] | 'custom';

/** ?period=30|90|custom&from=…&to=…&quiet=true: anything else falls back to the last 90 days, everyone. */
export const feedbackProgressSearchSchema = lazySchema(() =>
  z.object({
    period: z.enum(['30', '90', 'custom']).optional().catch(undefined),
    from: isoDay.optional().catch(undefined),
    to: isoDay.optional().catch(undefined),
    quiet: z.boolean().optional().catch(undefined),
  }),
);
export type FeedbackProgressSearch = z.infer<typeof feedbackProgressSearchSchema>;

const pad = (n: number) => String(n).padStart(2, '0');
/** The viewer's local day as YYYY-MM-DD. */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** A local day `days` before (negative: after) the given one. */
export function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d - days));
}

/** The days a search covers (both ends included): a custom period as chosen, else the last 30 or 90 days up to today. */
export function progressRange(search: FeedbackProgressSearch, now = new Date()): { from: string; to: string } {
  if (search.period === 'custom' && search.from && search.to && search.from <= search.to) return { from: search.from, to: search.to };
  const to = localDay(now);
  return { from: daysBefore(to, search.period === '30' ? 30 : 90), to };
}

export const FEEDBACK_TEAM_PROGRESS = graphql(
  `query FeedbackTeamProgress($from: String, $to: String) { feedbackTeamProgress(from: $from, to: $to) { ${FEEDBACK_TEAM_PROGRESS_FIELDS} } }`,
);

export const feedbackTeamProgressQueryOptions = ({ from, to }: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['feedbackTeamProgress', from, to],
    queryFn: async () => (await gql(FEEDBACK_TEAM_PROGRESS, { from, to })).feedbackTeamProgress,
  });

export const FEEDBACK_ABOUT = graphql(
  `query FeedbackAbout($userId: ID!, $from: String, $to: String) { feedbackAbout(user_id: $userId, from: $from, to: $to) { ${FEEDBACK_FIELDS} } }`,
);

/** Feedback about a person in a period that the viewer may read (the server leaves out the rest). */
export const feedbackAboutQueryOptions = (userId: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['feedbackAbout', userId, from, to],
    // An answer without the list (an older server) is read as nothing to show.
    queryFn: async () => (await gql(FEEDBACK_ABOUT, { userId, from, to })).feedbackAbout ?? [],
  });

/**
 * The period of a review whose feedback is shown beside it: the sprint (the 30 days) or, for a
 * 360, the 6 months up to the review's due date (never beyond today).
 */
export function reviewFeedbackPeriod(cycleType: string, dueAt: string, now = new Date()): { from: string; to: string } {
  const due = localDay(new Date(dueAt));
  const today = localDay(now);
  const to = due < today ? due : today;
  return { from: cycleType === 'sprint' ? daysBefore(to, 30) : daysBefore(to, 182), to };
}
