import { z } from 'zod';
import { daysBetween } from './dates.days.js';

/** A team's sprint, one source for the sprints form and the resolvers (docs/decisions/0021, 0073). */
export const SPRINT_LIMITS = { nameMax: 80, daysMax: 120 } as const;

/** A calendar day YYYY-MM-DD that exists (2027-02-30 does not), with the message to show when it is not one. */
export const dateOnly = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00.000Z`)) && new Date(`${v}T00:00:00.000Z`).toISOString().startsWith(v), message);

export const sprintSchema = z
  .object({
    team_id: z.string('Choose a team.').trim().min(1, 'Choose a team.').max(64),
    name: z.string('Enter a sprint name.').trim().min(1, 'Enter a sprint name.').max(SPRINT_LIMITS.nameMax, `At most ${SPRINT_LIMITS.nameMax} characters.`),
    starts_on: dateOnly('Enter the first day of the sprint.'),
    ends_on: dateOnly('Enter the last day of the sprint.'),
  })
  .superRefine((s, ctx) => {
    if (s.ends_on < s.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'The sprint ends on or after its first day.' });
    else if (daysBetween(s.starts_on, s.ends_on) > SPRINT_LIMITS.daysMax)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: `A sprint lasts at most ${SPRINT_LIMITS.daysMax} days.` });
  });
export type SprintInput = z.input<typeof sprintSchema>;
export type SprintData = z.output<typeof sprintSchema>;
