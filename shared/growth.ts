import { z } from 'zod';
import { isoDay } from './iso-day.js';
import { formatNumber } from './format.js';

/**
 * Competency framework, assessments and development plans (docs/decisions/0050): the rating scale,
 * limits and the input rules shared by the server and the forms. The built-in starting framework
 * lives in shared/growth.builtin-framework.ts.
 */

/**
 * How a competency is rated against the expectation of the person's level: 1 not yet, 2 partly,
 * 3 meets the level, 4 meets the next level. The gap of a rating is rating - 3 (0 = at level).
 */
export const ASSESSMENT_RATINGS = [1, 2, 3, 4] as const;
export type AssessmentRatingValue = (typeof ASSESSMENT_RATINGS)[number];
export const ASSESSMENT_RATING_LABELS: Record<AssessmentRatingValue, { label: string; description: string }> = {
  1: { label: 'Not yet', description: 'Does not yet show what the level expects.' },
  2: { label: 'Partly', description: 'Shows some of what the level expects, not consistently.' },
  3: { label: 'Meets', description: 'Consistently shows what the level expects.' },
  4: { label: 'Next level', description: 'Consistently shows what the next level expects.' },
};
export const MEETS_RATING = 3;

/** SELF: the person about themself. MANAGER: their manager (direct manager, team manager or lead) or an admin. */
export const ASSESSMENT_KINDS = ['SELF', 'MANAGER'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
/** DRAFT: being written (only its assessor sees it). SUBMITTED: final, shown side by side. */
export const ASSESSMENT_STATUSES = ['DRAFT', 'SUBMITTED'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

export const GROWTH_LIMITS = {
  trackNameMax: 80,
  levelNameMax: 60,
  competencyNameMax: 80,
  descriptionMax: 1_000,
  expectationMax: 1_000,
  levelsMin: 1,
  levelsMax: 12,
  competenciesMin: 1,
  competenciesMax: 30,
  tracksMax: 30,
  commentMax: 2_000,
  actionTitleMax: 200,
  actionsMax: 50,
  focusMax: 2_000,
} as const;
const L = GROWTH_LIMITS;

const trimmed = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what}: at most ${formatNumber(max)} characters.`);
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what}: at most ${formatNumber(max)} characters.`)
    .default('');

/**
 * A whole track saved at once (levels in order, competencies in order, each competency's
 * expectations one per level in the levels' order). Ids keep existing levels and competencies
 * (placements and ratings refer to them); a level someone is placed on cannot be removed.
 */
export const competencyTrackInputSchema = z
  .object({
    name: trimmed(L.trackNameMax, 'Track name'),
    description: optionalText(L.descriptionMax, 'Description'),
    levels: z
      .array(
        z.object({
          id: z.string().min(1).nullish(),
          name: trimmed(L.levelNameMax, 'Level name'),
          description: optionalText(L.descriptionMax, 'Level description'),
        }),
      )
      .min(L.levelsMin, `A track needs ${L.levelsMin} to ${L.levelsMax} levels.`)
      .max(L.levelsMax, `A track needs ${L.levelsMin} to ${L.levelsMax} levels.`),
    competencies: z
      .array(
        z.object({
          id: z.string().min(1).nullish(),
          name: trimmed(L.competencyNameMax, 'Competency name'),
          description: optionalText(L.descriptionMax, 'Competency description'),
          expectations: z.array(optionalText(L.expectationMax, 'Expectation')),
        }),
      )
      .min(L.competenciesMin, `A track needs ${L.competenciesMin} to ${L.competenciesMax} competencies.`)
      .max(L.competenciesMax, `A track needs ${L.competenciesMin} to ${L.competenciesMax} competencies.`),
  })
  .superRefine((t, ctx) => {
    const seen = new Set<string>();
    t.levels.forEach((l, i) => {
      const key = l.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['levels', i, 'name'], message: `Two levels are called ${l.name}.` });
      seen.add(key);
    });
    const names = new Set<string>();
    t.competencies.forEach((c, i) => {
      const key = c.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['competencies', i, 'name'], message: `Two competencies are called ${c.name}.` });
      names.add(key);
      if (c.expectations.length !== t.levels.length)
        ctx.addIssue({ code: 'custom', path: ['competencies', i, 'expectations'], message: `${c.name}: one expectation per level (${t.levels.length}).` });
    });
  });
export type CompetencyTrackInput = z.input<typeof competencyTrackInputSchema>;

export const placementInputSchema = z.object({
  user_id: z.string().min(1),
  track_id: z.string().min(1, 'Choose a track.'),
  level_id: z.string().min(1, 'Choose a level.'),
});

export const assessmentRatingsSchema = z.object({
  ratings: z
    .array(
      z.object({
        competency_id: z.string().min(1),
        /** Null: not rated yet (a draft). */
        rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], 'A rating from 1 to 4.').nullable(),
        comment: optionalText(L.commentMax, 'Comment'),
      }),
    )
    .max(L.competenciesMax),
  summary: optionalText(L.commentMax, 'Summary'),
});
export type AssessmentRatingsInput = z.input<typeof assessmentRatingsSchema>;

export const developmentActionInputSchema = z.object({
  title: trimmed(L.actionTitleMax, 'Action'),
  due_date: isoDay.nullish(),
  competency_id: z.string().min(1).nullish(),
  /** A growth goal of the plan this action serves. */
  goal_id: z.string().min(1).nullish(),
});
export type DevelopmentActionInput = z.input<typeof developmentActionInputSchema>;

export const developmentPlanInputSchema = z.object({
  mentor_id: z.string().min(1).nullable(),
  focus: optionalText(L.focusMax, 'Focus'),
});

/**
 * A plan's progress in 0..100 (whole numbers, for the completion bands): the mean over its items,
 * each growth goal counting its progress (dropped ones left out) and each action 0 or 100. Null
 * when the plan has nothing in it yet.
 */
export function developmentPlanProgress(goals: ReadonlyArray<{ status: string; progress: number }>, actions: ReadonlyArray<{ done: boolean }>): number | null {
  const items = [
    ...goals.filter((g) => g.status !== 'DROPPED').map((g) => (g.status === 'DONE' ? 100 : g.progress)),
    ...actions.map((a) => (a.done ? 100 : 0)),
  ];
  if (!items.length) return null;
  return Math.floor(items.reduce((a, b) => a + b, 0) / items.length + 1e-9);
}

/** A built-in framework track (written for Teamlens): admins copy it into their organization and edit the copy. */
export type BuiltinTrack = {
  key: string;
  name: string;
  description: string;
  levels: Array<{ name: string; description: string }>;
  competencies: Array<{ name: string; description: string; expectations: string[] }>;
};
