import { z } from 'zod';

/** When reviewers are reminded of reviews they still owe (per organization, /reviews/automation). */
export const REVIEW_REMINDER_DEFAULTS = { days_before: 2, when_overdue: true } as const;
export const REVIEW_REMINDER_LIMITS = { daysBeforeMax: 30 } as const;

/** Form fields arrive as text (a checkbox as "on", or not at all); GraphQL sends a number and a boolean. */
const number = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v);
const checked = (v: unknown) => v === true || v === 'on';

export const reviewReminderSettingsSchema = z.object({
  days_before: z.preprocess(
    number,
    z
      .number('Enter a number of days.')
      .int('Use a whole number of days.')
      .min(0, 'At least 0 (0 sends no reminder before the due date).')
      .max(REVIEW_REMINDER_LIMITS.daysBeforeMax, `At most ${REVIEW_REMINDER_LIMITS.daysBeforeMax} days.`),
  ),
  when_overdue: z.preprocess(checked, z.boolean()),
});
export type ReviewReminderSettingsData = z.infer<typeof reviewReminderSettingsSchema>;
