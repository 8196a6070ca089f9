import { z } from 'zod';
import { RETRO_AUTOMATION_TRIGGERS, RETRO_LIMITS } from './retros.js';

/**
 * Retro automation rules (docs/decisions/0047, item 9): the input rules shared by the server and the
 * rule form. SPRINT_END: one retro per ended sprint of the team; CADENCE: one every `every_weeks`
 * weeks from `anchor_at`. Async rules (both hour fields set) open the retro straight in REFLECT and
 * close REFLECT and VOTE by themselves.
 */
export const RETRO_AUTOMATION_LIMITS = { everyWeeksMin: 1, everyWeeksMax: 12, everyWeeksDefault: 2, hoursMin: 1, hoursMax: 336 } as const;
const A = RETRO_AUTOMATION_LIMITS;

const instant = z
  .string()
  .datetime({ offset: true, message: 'A date and time such as 2027-01-04T10:00:00Z.' })
  .refine((s) => {
    const y = new Date(s).getUTCFullYear();
    return y >= 2000 && y <= 2099;
  }, 'Dates must be between 2000 and 2099.');
const hours = (what: string) =>
  z
    .number()
    .int(`${what}: a whole number of hours.`)
    .min(A.hoursMin, `${what}: at least ${A.hoursMin} hour.`)
    .max(A.hoursMax, `${what}: at most ${A.hoursMax} hours (two weeks).`);
const votes = (what: string) => z.number().int().min(1, `${what}: at least 1.`).max(RETRO_LIMITS.votesMax, `${what}: at most ${RETRO_LIMITS.votesMax}.`);

export const retroAutomationRuleSchema = z
  .object({
    team_id: z.string().min(1, 'Choose a team.'),
    trigger: z.enum(RETRO_AUTOMATION_TRIGGERS),
    every_weeks: z
      .number()
      .int('Every: a whole number of weeks.')
      .min(A.everyWeeksMin, `Every: at least ${A.everyWeeksMin} week.`)
      .max(A.everyWeeksMax, `Every: at most ${A.everyWeeksMax} weeks.`)
      .nullish()
      .transform((v) => v ?? A.everyWeeksDefault),
    anchor_at: instant.nullish().transform((v) => (v ? new Date(v).toISOString() : null)),
    template_id: z.string().min(1, 'Choose a template.'),
    health_check_id: z
      .string()
      .min(1)
      .nullish()
      .transform((v) => v ?? null),
    facilitator_id: z
      .string()
      .min(1)
      .nullish()
      .transform((v) => v ?? null),
    anonymous: z
      .boolean()
      .nullish()
      .transform((v) => v ?? true),
    max_votes: votes('Votes per person')
      .nullish()
      .transform((v) => v ?? RETRO_LIMITS.votesDefault),
    max_votes_per_group: votes('Votes per group').nullish(),
    reflect_hours: hours('Reflect hours')
      .nullish()
      .transform((v) => v ?? null),
    vote_hours: hours('Vote hours')
      .nullish()
      .transform((v) => v ?? null),
  })
  .transform((r) => ({ ...r, max_votes_per_group: r.max_votes_per_group ?? Math.min(RETRO_LIMITS.votesPerGroupDefault, r.max_votes) }))
  .refine((r) => r.trigger !== 'CADENCE' || r.anchor_at !== null, { message: 'Choose the date and time of the first retro.', path: ['anchor_at'] })
  .refine((r) => r.max_votes_per_group <= r.max_votes, { message: 'Votes per group cannot be more than votes per person.', path: ['max_votes_per_group'] })
  .refine((r) => (r.reflect_hours === null) === (r.vote_hours === null), {
    message: 'An async retro needs both the reflect hours and the vote hours.',
    path: ['vote_hours'],
  });
export type RetroAutomationRuleData = z.output<typeof retroAutomationRuleSchema>;

/** Period key of a cadence rule's retro (unique per rule: retros(automation_rule_id, period_key); sprint ends: `sprint:<id>`). */
export const cadencePeriodKey = (periodStartIso: string) => `cadence:${periodStartIso}`;
