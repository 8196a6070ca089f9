import { z } from 'zod';
import { isoDay } from './iso-day.js';
import { formatNumber } from './format.js';
import { daysBetween } from './dates.days.js';

/**
 * Goals with key results (docs/decisions/0049): owners, visibility, statuses, key-result kinds, the
 * one progress roll-up (used by the server when it stores a goal's progress and by the forms for a
 * preview), limits and the input rules shared by the server and the forms.
 */

/** PERSON: one person's goal. TEAM: a team's goal. COMPANY: the organization's (admins set them). */
export const GOAL_OWNER_KINDS = ['PERSON', 'TEAM', 'COMPANY'] as const;
export type GoalOwnerKind = (typeof GOAL_OWNER_KINDS)[number];

/**
 * EVERYONE: the whole organization. MANAGER_CHAIN: the owner, everyone above the owner in the
 * reporting line (for a team goal: above the team's manager and lead, and the team's members), and
 * admins. PRIVATE: the owner only (for a team goal: its members, manager and lead); admins included
 * nowhere they are not named. One SQL rule decides it (server/features/goals/goals.visibility.ts).
 */
export const GOAL_VISIBILITIES = ['EVERYONE', 'MANAGER_CHAIN', 'PRIVATE'] as const;
export type GoalVisibility = (typeof GOAL_VISIBILITIES)[number];
export const GOAL_VISIBILITY_LABELS: Record<GoalVisibility, { label: string; description: string }> = {
  EVERYONE: { label: 'Everyone', description: 'Everyone in the organization can see it.' },
  MANAGER_CHAIN: { label: 'Manager chain', description: 'The owner, their managers up the reporting line, and admins.' },
  PRIVATE: { label: 'Private', description: 'Only the owner (for a team goal: the team).' },
};

/** DONE counts as 100 % towards its parent; DROPPED leaves its parent's roll-up. */
export const GOAL_STATUSES = ['ON_TRACK', 'AT_RISK', 'OFF_TRACK', 'DONE', 'DROPPED'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  ON_TRACK: 'On track',
  AT_RISK: 'At risk',
  OFF_TRACK: 'Off track',
  DONE: 'Done',
  DROPPED: 'Dropped',
};
export const OPEN_GOAL_STATUSES: readonly GoalStatus[] = ['ON_TRACK', 'AT_RISK', 'OFF_TRACK'];

/** OBJECTIVE: an ordinary goal. GROWTH: a development-plan goal linked to a competency (a PERSON goal). */
export const GOAL_KINDS = ['OBJECTIVE', 'GROWTH'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** BINARY: done / not done (start 0, target 1). The others run from start to target (target may be below start). */
export const KEY_RESULT_KINDS = ['BINARY', 'NUMBER', 'PERCENTAGE', 'CURRENCY'] as const;
export type KeyResultKind = (typeof KEY_RESULT_KINDS)[number];
export const KEY_RESULT_KIND_LABELS: Record<KeyResultKind, string> = {
  BINARY: 'Done / not done',
  NUMBER: 'Number',
  PERCENTAGE: 'Percentage',
  CURRENCY: 'Currency',
};
/** ISO 4217 codes the forms offer; any three capital letters are accepted. */
export const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CAD', 'AUD', 'JPY', 'INR'] as const;

/** Check-in confidence: 1 (not confident) to 5 (sure). */
export const CONFIDENCE_MIN = 1;
export const CONFIDENCE_MAX = 5;
export const CONFIDENCE_LABELS: Record<number, string> = { 1: 'Very low', 2: 'Low', 3: 'Medium', 4: 'High', 5: 'Very high' };

/** How often people are reminded to check in (the organization chooses; weekly by default). */
export const CHECK_IN_CADENCES = ['OFF', 'WEEKLY', 'BIWEEKLY', 'MONTHLY'] as const;
export type CheckInCadence = (typeof CHECK_IN_CADENCES)[number];
export const CHECK_IN_CADENCE_LABELS: Record<CheckInCadence, string> = {
  OFF: 'Never',
  WEEKLY: 'Every week',
  BIWEEKLY: 'Every two weeks',
  MONTHLY: 'Every month',
};

export const GOAL_LIMITS = {
  titleMax: 200,
  descriptionMax: 5_000,
  keyResultsMax: 10,
  keyResultTitleMax: 200,
  commentMax: 2_000,
  weightMax: 100,
  /** Alignment depth from a root to the deepest goal. */
  depthMax: 8,
  /** |values| a key result accepts. */
  valueAbsMax: 1e12,
  dueReminderDaysMax: 60,
  importRowsMax: 5_000,
  /** A file travels inside a GraphQL request (1 MiB body, JSON-escaped): 900 kB of CSV, about 5,000 rows. */
  importBytesMax: 900_000,
} as const;
const L = GOAL_LIMITS;

export const GOAL_SETTINGS_DEFAULTS = { check_in_cadence: 'WEEKLY' as CheckInCadence, check_in_weekday: 1, due_reminder_days: 7 };

const trimmed = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what}: at most ${formatNumber(max)} characters.`);
const value = z.number('A number is required.').refine((n) => Math.abs(n) <= L.valueAbsMax, 'A number is out of range.');

export const keyResultInputSchema = z
  .object({
    /** Present when editing a key result the goal already has (its current value is kept). */
    id: z.string().min(1).nullish(),
    title: trimmed(L.keyResultTitleMax, 'Key result'),
    kind: z.enum(KEY_RESULT_KINDS, 'Choose the kind of key result.'),
    start_value: value.default(0),
    target_value: value.default(1),
    /** New key results start at start_value unless given. */
    current_value: value.nullish(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'A currency code such as EUR.')
      .nullish(),
    weight: z.number('Weight: a number.').min(0, 'Weight: 0 or more.').max(L.weightMax, `Weight: at most ${L.weightMax}.`).default(1),
  })
  .superRefine((kr, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (kr.kind === 'BINARY') return;
    if (kr.target_value === kr.start_value) at('target_value', 'The target must differ from the start.');
    if (kr.kind === 'CURRENCY' && !kr.currency) at('currency', 'A currency key result needs a currency.');
    if (kr.kind === 'PERCENTAGE') {
      for (const key of ['start_value', 'target_value', 'current_value'] as const) {
        const v = kr[key];
        if (v != null && (v < 0 || v > 100)) at(key, 'A percentage runs from 0 to 100.');
      }
    }
  });
export type KeyResultInput = z.input<typeof keyResultInputSchema>;

const goalFields = {
  title: trimmed(L.titleMax, 'Title'),
  description: z
    .string()
    .trim()
    .max(L.descriptionMax, `Description: at most ${formatNumber(L.descriptionMax)} characters.`)
    .default(''),
  parent_id: z.string().min(1).nullish(),
  start_date: isoDay.nullish(),
  due_date: isoDay.nullish(),
  visibility: z.enum(GOAL_VISIBILITIES, 'Choose who can see the goal.'),
  status: z.enum(GOAL_STATUSES, 'Choose a status.').default('ON_TRACK'),
  key_results: z.array(keyResultInputSchema).max(L.keyResultsMax, `At most ${L.keyResultsMax} key results.`).default([]),
};
const datesInOrder = (g: { start_date?: string | null; due_date?: string | null }) => !g.start_date || !g.due_date || g.start_date <= g.due_date;
const DATES_MESSAGE = { message: 'The due date cannot be before the start date.', path: ['due_date'] };

export const goalInputSchema = z
  .object({
    ...goalFields,
    owner_kind: z.enum(GOAL_OWNER_KINDS, 'Choose who owns the goal.'),
    /** PERSON: the owner (default: the viewer). */
    owner_user_id: z.string().min(1).nullish(),
    /** TEAM: the team. */
    owner_team_id: z.string().min(1).nullish(),
    kind: z.enum(GOAL_KINDS).default('OBJECTIVE'),
    /** GROWTH: the competency it develops. */
    competency_id: z.string().min(1).nullish(),
  })
  .refine(datesInOrder, DATES_MESSAGE)
  .refine((g) => g.owner_kind !== 'TEAM' || !!g.owner_team_id, { message: 'Choose the team that owns the goal.', path: ['owner_team_id'] })
  .refine((g) => g.kind !== 'GROWTH' || g.owner_kind === 'PERSON', { message: 'A growth goal belongs to one person.', path: ['owner_kind'] });
export type GoalInput = z.input<typeof goalInputSchema>;

/** Editing keeps the owner and kind; key_results, when given, replace the list (ids keep existing ones). */
export const goalUpdateSchema = z
  .object({
    title: goalFields.title.optional(),
    description: goalFields.description.optional(),
    parent_id: goalFields.parent_id,
    start_date: goalFields.start_date,
    due_date: goalFields.due_date,
    visibility: goalFields.visibility.optional(),
    status: z.enum(GOAL_STATUSES, 'Choose a status.').optional(),
    key_results: z.array(keyResultInputSchema).max(L.keyResultsMax, `At most ${L.keyResultsMax} key results.`).optional(),
    competency_id: z.string().min(1).nullish(),
  })
  .refine(datesInOrder, DATES_MESSAGE);
export type GoalUpdate = z.input<typeof goalUpdateSchema>;

export const checkInInputSchema = z
  .object({
    goal_id: z.string().min(1),
    values: z
      .array(z.object({ key_result_id: z.string().min(1), value }))
      .max(L.keyResultsMax)
      .default([]),
    comment: z
      .string()
      .trim()
      .max(L.commentMax, `Comment: at most ${formatNumber(L.commentMax)} characters.`)
      .default(''),
    confidence: z
      .number()
      .int()
      .min(CONFIDENCE_MIN, `Confidence: ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}.`)
      .max(CONFIDENCE_MAX, `Confidence: ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}.`)
      .nullish(),
    status: z.enum(GOAL_STATUSES).nullish(),
  })
  .refine((c) => c.values.length > 0 || c.comment.length > 0 || !!c.status, {
    message: 'A check-in needs a new value, a status or a comment.',
    path: ['comment'],
  });
export type CheckInInput = z.input<typeof checkInInputSchema>;

export const goalSettingsSchema = z.object({
  check_in_cadence: z.enum(CHECK_IN_CADENCES),
  /** 1 = Monday ... 7 = Sunday (ISO). */
  check_in_weekday: z.number().int().min(1, 'A weekday from Monday to Sunday.').max(7, 'A weekday from Monday to Sunday.'),
  /** Days before the due date for the reminder; 0 = none. */
  due_reminder_days: z
    .number()
    .int()
    .min(0, 'Days before the due date: 0 or more.')
    .max(L.dueReminderDaysMax, `Days before the due date: at most ${L.dueReminderDaysMax}.`),
});
export type GoalSettings = z.infer<typeof goalSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Progress: one roll-up.

export type KeyResultValues = { kind: KeyResultKind; start_value: number; target_value: number; current_value: number; weight: number };
export type ChildProgress = { status: GoalStatus; progress: number };

/** A key result's progress in 0..100 (not rounded): BINARY is 0 or 100; others (current - start) / (target - start), clamped. */
export function keyResultProgress(kr: Omit<KeyResultValues, 'weight'>): number {
  if (kr.kind === 'BINARY') return kr.current_value >= 1 ? 100 : 0;
  const span = kr.target_value - kr.start_value;
  if (span === 0) return 0;
  const p = ((kr.current_value - kr.start_value) / span) * 100;
  return Math.min(100, Math.max(0, p));
}

/**
 * A goal's progress in 0..100, rounded to one decimal. DONE is 100. Otherwise the weighted mean of
 * its key results (their weights) and its aligned child goals (weight 1 each; a DONE child counts
 * 100, a DROPPED child is left out). Nothing to roll up: 0. Key results whose weights are all 0
 * count equally.
 */
export function goalProgress(status: GoalStatus, keyResults: readonly KeyResultValues[], children: readonly ChildProgress[]): number {
  if (status === 'DONE') return 100;
  const allZero = keyResults.length > 0 && keyResults.every((k) => k.weight === 0);
  let sum = 0;
  let weights = 0;
  for (const kr of keyResults) {
    const w = allZero ? 1 : kr.weight;
    sum += keyResultProgress(kr) * w;
    weights += w;
  }
  for (const child of children) {
    if (child.status === 'DROPPED') continue;
    sum += child.status === 'DONE' ? 100 : child.progress;
    weights += 1;
  }
  if (weights === 0) return 0;
  return Math.round((sum / weights) * 10) / 10;
}

/**
 * How far along an open goal would be today if its progress moved evenly from its start date to its
 * due date, in whole percent (rounded down): 0 on or before the start, 100 on or after the due date.
 * A hint beside the progress, never a status: the status is the one the owner sets at check-in
 * (docs/decisions/0060). Null without both dates (or with a due date before the start), and for a
 * goal that is done or dropped. `today` is a `YYYY-MM-DD` day.
 */
export function expectedProgress(goal: { status: GoalStatus; start_date: string | null; due_date: string | null }, today: string): number | null {
  if (goal.status === 'DONE' || goal.status === 'DROPPED' || !goal.start_date || !goal.due_date) return null;
  const length = daysBetween(goal.start_date, goal.due_date);
  if (!(length > 0)) return null;
  return Math.floor(Math.min(100, Math.max(0, (daysBetween(goal.start_date, today) / length) * 100)));
}

/** The CSV columns of goal import and export: one row per key result (a goal without any: one row, key-result columns empty). */
export const GOAL_CSV_COLUMNS = [
  'goal_ref',
  'title',
  'description',
  'owner_kind',
  'owner_email',
  'owner_team',
  'parent_ref',
  'start_date',
  'due_date',
  'visibility',
  'status',
  'key_result',
  'kr_kind',
  'kr_start',
  'kr_target',
  'kr_current',
  'kr_currency',
  'kr_weight',
] as const;
export type GoalCsvColumn = (typeof GOAL_CSV_COLUMNS)[number];
