import { z } from 'zod';
import { PERSPECTIVES, type Perspective } from './review-template.schemas.js';

/** Review cycle rules, one source for the cycle screens and the resolvers (docs/decisions/0016). */
export const REVIEW_CYCLE_TYPES = ['360', 'sprint'] as const;
export type ReviewCycleType = (typeof REVIEW_CYCLE_TYPES)[number];

export const REVIEW_CYCLE_STATUSES = ['DRAFT', 'ACTIVE', 'CLOSED', 'RELEASED'] as const;
export type ReviewCycleStatus = (typeof REVIEW_CYCLE_STATUSES)[number];

export const NOMINATION_STATUSES = ['PROPOSED', 'APPROVED', 'REJECTED'] as const;
export type NominationStatus = (typeof NOMINATION_STATUSES)[number];

export const REVIEW_REQUEST_STATUSES = ['PENDING', 'DECLINED', 'SUBMITTED'] as const;
export type ReviewRequestStatus = (typeof REVIEW_REQUEST_STATUSES)[number];

export const REVIEW_CYCLE_LIMITS = {
  nameMax: 120,
  participantsMax: 5_000,
  teamsMax: 200,
  peersMax: 20,
  thresholdMin: 3,
  thresholdMax: 50,
  declineReasonMax: 500,
  answerTextMax: 5_000,
  answersPerSaveMax: 100,
} as const;
const L = REVIEW_CYCLE_LIMITS;

/** Minimum peers = the anonymity threshold, so everyone who gets the minimum sees peer results (docs/decisions/0031). */
export const REVIEW_CYCLE_DEFAULTS = {
  perspectives: [...PERSPECTIVES] as Perspective[],
  min_peers: 5,
  max_peers: 8,
  anonymity_threshold: 5,
} as const;

const id = z.string().trim().min(1).max(64);
const ids = (max: number, message: string) =>
  z
    .array(id)
    .max(max, message)
    .transform((v) => [...new Set(v)]);

/** A date or date-time; stored as ISO-8601 UTC (a bare date means the end of that day, UTC). */
const when = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform((v, ctx) => {
      const withTime = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v;
      const t = Date.parse(withTime);
      if (Number.isNaN(t)) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid date.' });
        return z.NEVER;
      }
      return new Date(t).toISOString();
    });
const optionalWhen = when('Enter a valid date.')
  .nullish()
  .transform((v) => v ?? null);

const cycleFields = {
  name: z.string().trim().min(1, 'Enter a cycle name.').max(L.nameMax, `At most ${L.nameMax} characters.`),
  type: z.enum(REVIEW_CYCLE_TYPES, 'Choose 360 or sprint.'),
  template_id: id,
  participant_ids: ids(L.participantsMax, `At most ${L.participantsMax} people.`)
    .nullish()
    .transform((v) => v ?? []),
  team_ids: ids(L.teamsMax, `At most ${L.teamsMax} teams.`)
    .nullish()
    .transform((v) => v ?? []),
  nomination_end: optionalWhen,
  review_end: when('Choose when reviews are due.'),
  results_release: optionalWhen,
  perspectives: z
    .array(z.enum(PERSPECTIVES, 'Unknown perspective.'))
    .min(1, 'Turn on at least one perspective.')
    .nullish()
    .transform((v) => PERSPECTIVES.filter((p) => (v ?? REVIEW_CYCLE_DEFAULTS.perspectives).includes(p))),
  min_peers: z
    .number()
    .int('Use a whole number.')
    .min(0, 'At least 0.')
    .max(L.peersMax, `At most ${L.peersMax}.`)
    .nullish()
    .transform((v) => v ?? REVIEW_CYCLE_DEFAULTS.min_peers),
  max_peers: z
    .number()
    .int('Use a whole number.')
    .min(1, 'At least 1.')
    .max(L.peersMax, `At most ${L.peersMax}.`)
    .nullish()
    .transform((v) => v ?? REVIEW_CYCLE_DEFAULTS.max_peers),
  anonymity_threshold: z
    .number()
    .int('Use a whole number.')
    .min(L.thresholdMin, `The anonymity threshold is at least ${L.thresholdMin}, so no answer can be traced to one person.`)
    .max(L.thresholdMax, `At most ${L.thresholdMax}.`)
    .nullish()
    .transform((v) => v ?? REVIEW_CYCLE_DEFAULTS.anonymity_threshold),
};

type CycleShape = {
  nomination_end: string | null;
  review_end: string;
  results_release: string | null;
  min_peers: number;
  max_peers: number;
  participant_ids: string[];
  team_ids: string[];
};
function checkCycle(c: CycleShape, ctx: z.RefinementCtx): void {
  const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (c.min_peers > c.max_peers) at('max_peers', 'The maximum must be at least the minimum.');
  if (c.nomination_end && c.nomination_end > c.review_end) at('nomination_end', 'Nominations must end before reviews are due.');
  if (c.results_release && c.results_release < c.review_end) at('results_release', 'Results are released after reviews are due.');
  if (!c.participant_ids.length && !c.team_ids.length) at('participant_ids', 'Add at least one person or team.');
}

export const createReviewCycleSchema = z.object(cycleFields).superRefine(checkCycle);
export type CreateReviewCycleData = z.output<typeof createReviewCycleSchema>;
/** A draft is changed as a whole, like it is created. */
export const updateReviewCycleSchema = createReviewCycleSchema;
export type ReviewCycleInput = z.input<typeof createReviewCycleSchema>;

/** Peers for one reviewee, within the cycle's min and max (checked against the cycle by peerCountProblem). */
export const peerIdsSchema = z
  .array(id)
  .max(L.peersMax, `At most ${L.peersMax} peers.`)
  .transform((v) => [...new Set(v)]);

export function peerCountProblem(count: number, cycle: { min_peers: number; max_peers: number }): string | null {
  if (count < cycle.min_peers) return `Choose at least ${cycle.min_peers} peer${cycle.min_peers === 1 ? '' : 's'}.`;
  if (count > cycle.max_peers) return `Choose at most ${cycle.max_peers} peer${cycle.max_peers === 1 ? '' : 's'}.`;
  return null;
}

type PeerSettings = { perspectives: readonly string[]; min_peers: number; anonymity_threshold: number };

/**
 * Why peer results may be withheld for some people with these settings, or null: peer answers are
 * shown only from `anonymity_threshold` peers on, so a minimum below it lets people launch with too
 * few (docs/decisions/0031). Shown next to the numbers in the cycle and automation rule forms.
 */
export function peerThresholdWarning(s: PeerSettings): string | null {
  if (!s.perspectives.includes('PEER') || !Number.isFinite(s.min_peers) || !Number.isFinite(s.anonymity_threshold)) return null;
  if (s.min_peers >= s.anonymity_threshold) return null;
  const t = s.anonymity_threshold;
  const who = s.min_peers === 0 ? 'Peers are optional here, so anyone' : `With a minimum of ${s.min_peers} peer${s.min_peers === 1 ? '' : 's'}, anyone`;
  return `Peer answers are shown only when at least ${t} peers answered (the anonymity threshold). ${who} with fewer than ${t} approved peers will see no peer results. Set the minimum to ${t} or more.`;
}

export const declineReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why you decline, so the person can ask someone else.')
    .max(L.declineReasonMax, `At most ${L.declineReasonMax} characters.`),
});

/** One answer as typed: blank text and empty choices mean "not answered". */
export const reviewAnswerInputSchema = z.object({
  question_id: id,
  rating: z
    .number()
    .int('Pick a point from 1 to 5.')
    .min(1, 'Pick a point from 1 to 5.')
    .max(5, 'Pick a point from 1 to 5.')
    .nullish()
    .transform((v) => v ?? null),
  text: z
    .string()
    .max(L.answerTextMax, `At most ${L.answerTextMax} characters.`)
    .nullish()
    .transform((v) => (v && v.trim() ? v : null)),
  choices: z
    .array(z.string().max(200))
    .max(20)
    .nullish()
    .transform((v) => (v?.length ? [...new Set(v)] : null)),
});
export type ReviewAnswerData = z.output<typeof reviewAnswerInputSchema>;

export const reviewAnswersSchema = z.array(reviewAnswerInputSchema).max(L.answersPerSaveMax, `At most ${L.answersPerSaveMax} answers at once.`);
/** A save or submit: field errors are keyed `answers.<i>.<field>`. */
export const reviewAnswersInputSchema = z.object({ answers: reviewAnswersSchema });

export const isEmptyAnswer = (a: Pick<ReviewAnswerData, 'rating' | 'text' | 'choices'>): boolean => a.rating === null && a.text === null && !a.choices?.length;
