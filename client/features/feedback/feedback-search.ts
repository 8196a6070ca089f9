import { z } from 'zod';
import type { FeedbackBoxName, FeedbackListFilter } from './feedback.api.js';
import { lazySchema } from '../../lib/lazy-schema.js';

/**
 * The address of /continuous-feedback: its tab and filters. A module of its own: the route's
 * validateSearch stays in the app's entry chunk, and must not pull the page in with it.
 */
export const FEEDBACK_TABS = ['received', 'given', 'requested', 'praise'] as const;
export type FeedbackTab = (typeof FEEDBACK_TABS)[number];

/** ?tab=received|given|requested|praise and the filters of Received and Given (person, tag, from, to); anything else is dropped. */
export const feedbackSearchSchema = lazySchema(() => {
  const day = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined);
  const id = z.string().min(1).max(64).optional().catch(undefined);
  return z.object({ tab: z.enum(FEEDBACK_TABS).optional().catch(undefined), person: id, tag: id, from: day, to: day });
});
export type FeedbackSearch = z.infer<typeof feedbackSearchSchema>;

export const boxOfTab = (tab: FeedbackTab | undefined): FeedbackBoxName | null => (!tab || tab === 'received' ? 'RECEIVED' : tab === 'given' ? 'GIVEN' : null);
export const filterOfSearch = (s: FeedbackSearch): FeedbackListFilter => ({ person: s.person, tag: s.tag, from: s.from, to: s.to });
