import { z } from 'zod';
import { REVIEW_CYCLE_DEFAULTS, REVIEW_CYCLE_LIMITS } from './review-cycle.schemas.js';
import { PERSPECTIVES } from './review-template.schemas.js';
import { dateOnly } from './sprints.schemas.js';

/** Review automation rules, one source for the screen and the resolvers (docs/decisions/0021). */
export const REVIEW_AUTOMATION_RULE_TYPES = ['REPEAT', 'AFTER_START', 'SPRINT_END'] as const;
export type ReviewAutomationRuleType = (typeof REVIEW_AUTOMATION_RULE_TYPES)[number];
export const REVIEW_AUTOMATION_RULE_TYPE_LABELS: Record<ReviewAutomationRuleType, string> = {
  REPEAT: 'Repeat every few months',
  AFTER_START: 'Days after a person starts',
  SPRINT_END: 'At the end of each sprint',
};

export const REVIEW_AUTOMATION_LIMITS = { nameMax: 120, monthsMax: 24, daysAfterStartMax: 730, phaseDaysMax: 90 } as const;
const L = REVIEW_AUTOMATION_LIMITS;
const C = REVIEW_CYCLE_LIMITS;

const id = z.string().trim().min(1).max(64);
/** Form fields arrive as text; GraphQL sends numbers. Blank text means "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v);
const whole = (min: number, max: number, what: string) =>
  z.preprocess(blankToNull, z.number(`Enter ${what}.`).int('Use a whole number.').min(min, `At least ${min}.`).max(max, `At most ${max}.`));
const optionalWhole = (min: number, max: number) =>
  z
    .preprocess(blankToNull, z.number().int('Use a whole number.').min(min, `At least ${min}.`).max(max, `At most ${max}.`).nullish())
    .transform((v) => v ?? null);
const list = (max: number) => z.preprocess((v) => (typeof v === 'string' ? (v ? [v] : []) : (v ?? [])), z.array(id).max(max)).transform((v) => [...new Set(v)]);

export const reviewAutomationRuleSchema = z
  .object({
    name: z.string('Enter a rule name.').trim().min(1, 'Enter a rule name.').max(L.nameMax, `At most ${L.nameMax} characters.`),
    type: z.enum(REVIEW_AUTOMATION_RULE_TYPES, 'Choose when cycles start.'),
    /** Blank for SPRINT_END means the built-in sprint review template. */
    template_id: z.preprocess((v) => (v === '' ? null : v), id.nullish()).transform((v) => v ?? null),
    /** REPEAT: months between cycles. AFTER_START: days after the start date. */
    every_count: optionalWhole(1, L.daysAfterStartMax),
    anchor_on: z.preprocess((v) => (v === '' ? null : v), dateOnly('Enter a date like 2026-12-01.').nullish()).transform((v) => v ?? null),
    user_ids: list(C.participantsMax),
    team_ids: list(C.teamsMax),
    perspectives: z
      .preprocess(
        (v) => (typeof v === 'string' ? [v] : (v ?? [])),
        z.array(z.enum(PERSPECTIVES, 'Unknown perspective.')).min(1, 'Turn on at least one perspective.'),
      )
      .transform((v) => PERSPECTIVES.filter((p) => v.includes(p))),
    min_peers: optionalWhole(0, C.peersMax).transform((v) => v ?? REVIEW_CYCLE_DEFAULTS.min_peers),
    max_peers: optionalWhole(1, C.peersMax).transform((v) => v ?? REVIEW_CYCLE_DEFAULTS.max_peers),
    anonymity_threshold: optionalWhole(C.thresholdMin, C.thresholdMax).transform((v) => v ?? REVIEW_CYCLE_DEFAULTS.anonymity_threshold),
    nomination_days: optionalWhole(0, L.phaseDaysMax).transform((v) => v ?? 0),
    review_days: whole(1, L.phaseDaysMax, 'how many days reviewers have'),
    release_days: optionalWhole(0, L.phaseDaysMax),
  })
  .superRefine((r, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (r.min_peers > r.max_peers) at('max_peers', 'The maximum must be at least the minimum.');
    if (r.type === 'REPEAT') {
      if (r.every_count === null || r.every_count > L.monthsMax) at('every_count', `Repeat every 1 to ${L.monthsMax} months.`);
      if (!r.anchor_on) at('anchor_on', 'Choose the date of the first cycle.');
      if (!r.user_ids.length && !r.team_ids.length) at('team_ids', 'Add at least one person or team.');
    }
    if (r.type === 'AFTER_START' && r.every_count === null) at('every_count', 'Enter how many days after the start date.');
    if (r.type === 'SPRINT_END' && r.team_ids.length !== 1) at('team_ids', 'Choose the one team whose sprints end the cycle.');
    if (r.type !== 'SPRINT_END' && !r.template_id) at('template_id', 'Choose a template.');
    if (r.perspectives.includes('PEER') && r.min_peers > 0 && r.nomination_days < 1) at('nomination_days', 'Give people at least 1 day to nominate peers.');
  });
export type ReviewAutomationRuleInput = z.input<typeof reviewAutomationRuleSchema>;
export type ReviewAutomationRuleData = z.output<typeof reviewAutomationRuleSchema>;

/** Peers must be nominated and approved first: such cycles start as drafts; others launch at once. */
export const needsNominations = (r: { perspectives: readonly string[]; min_peers: number }): boolean => r.perspectives.includes('PEER') && r.min_peers > 0;
