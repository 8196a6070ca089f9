import { z } from 'zod';
import type { FeatureArea } from './feature-areas.js';

/**
 * The AI assistant (docs/decisions/0066): answers made of the organization's own data, as the asker
 * may read it. What it may read is grouped into sources an admin switches on or off; each source
 * belongs to a feature area, and a switched-off area is never read.
 */
export const ASSISTANT_SOURCES = ['RETROS', 'FEEDBACK', 'NOTES', 'GOALS', 'REVIEWS', 'ASSESSMENTS', 'DEVELOPMENT_PLANS'] as const;
export type AssistantSource = (typeof ASSISTANT_SOURCES)[number];

export const ASSISTANT_SOURCE_INFO: Record<AssistantSource, { label: string; area: FeatureArea; description: string }> = {
  RETROS: {
    label: 'Retros',
    area: 'SPRINT_RETROS',
    description: 'Reflections, comments and action items of ended retros; in anonymous retros nothing is attributed.',
  },
  FEEDBACK: { label: 'Feedback', area: 'CONTINUOUS_FEEDBACK', description: 'Feedback and answers to requests, by their visibility.' },
  NOTES: { label: 'Notes and 1:1s', area: 'NOTES', description: 'Your own notes, and of a shared 1:1 its talking points and your own private part.' },
  GOALS: { label: 'Goals and check-ins', area: 'GOALS', description: 'Goals and check-in comments, by their visibility.' },
  REVIEWS: {
    label: 'Review answers',
    area: 'REVIEWS',
    description: 'Your own answers, and comments in results you may open (with their anonymity thresholds).',
  },
  ASSESSMENTS: {
    label: 'Assessments',
    area: 'ASSESSMENT',
    description: 'Assessment summaries and comments: drafts to their writer, submitted ones to the person and their managers.',
  },
  DEVELOPMENT_PLANS: { label: 'Development plans', area: 'DEVELOPMENT_PLAN', description: 'The focus and actions of plans you may open.' },
};

/** What one passage is, inside its source. */
export const PASSAGE_KINDS = [
  'retro_reflection',
  'retro_discussion',
  'retro_action',
  'feedback',
  'note',
  'note_private',
  'note_agenda',
  'goal',
  'goal_check_in',
  'review_answer',
  'assessment',
  'development_plan',
] as const;
export type PassageKind = (typeof PASSAGE_KINDS)[number];

export const PASSAGE_KIND_INFO: Record<PassageKind, { source: AssistantSource; label: string; plural: string; one: string }> = {
  retro_reflection: { source: 'RETROS', label: 'Retro reflection', plural: 'retro reflections', one: 'retro reflection' },
  retro_discussion: { source: 'RETROS', label: 'Retro discussion', plural: 'retro comments', one: 'retro comment' },
  retro_action: { source: 'RETROS', label: 'Retro action item', plural: 'retro action items', one: 'retro action item' },
  feedback: { source: 'FEEDBACK', label: 'Feedback', plural: 'pieces of feedback', one: 'piece of feedback' },
  note: { source: 'NOTES', label: 'Note', plural: 'notes', one: 'note' },
  note_private: { source: 'NOTES', label: 'Your private 1:1 notes', plural: 'private 1:1 notes', one: 'private 1:1 note' },
  note_agenda: { source: 'NOTES', label: '1:1 talking point', plural: '1:1 talking points', one: '1:1 talking point' },
  goal: { source: 'GOALS', label: 'Goal', plural: 'goals', one: 'goal' },
  goal_check_in: { source: 'GOALS', label: 'Goal check-in', plural: 'goal check-ins', one: 'goal check-in' },
  review_answer: { source: 'REVIEWS', label: 'Review answer', plural: 'review answers', one: 'review answer' },
  assessment: { source: 'ASSESSMENTS', label: 'Assessment', plural: 'assessments', one: 'assessment' },
  development_plan: { source: 'DEVELOPMENT_PLANS', label: 'Development plan', plural: 'development plans', one: 'development plan' },
};

export const ASSISTANT_LIMITS = {
  questionMax: 500,
  retentionMin: 1,
  retentionMax: 3650,
  retentionDefault: 90,
  firstTokenSecondsDefault: 20,
  totalSecondsDefault: 120,
  historyPageMax: 50,
} as const;

const id = z.string().trim().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.');

/**
 * Where a question looks. `person_id`: about this person (feedback received, their goals, reviews
 * about them, 1:1 notes about them); `team_id`: that team's retros and goals. `note_id` (prepare a
 * shared 1:1) and `review_request_id` (evidence for a review being written) let the server derive the
 * rest from what the asker may open.
 */
export const assistantScopeSchema = z
  .object({
    sources: z.array(z.enum(ASSISTANT_SOURCES)).max(ASSISTANT_SOURCES.length).optional(),
    person_id: id.optional(),
    team_id: id.optional(),
    since: day.optional(),
    until: day.optional(),
    note_id: id.optional(),
    review_request_id: id.optional(),
  })
  .strict();
export type AssistantScope = z.infer<typeof assistantScopeSchema>;

export const assistantAskSchema = z
  .object({
    question: z.string().trim().min(1, 'Ask a question.').max(ASSISTANT_LIMITS.questionMax, `At most ${ASSISTANT_LIMITS.questionMax} characters.`),
    scope: assistantScopeSchema.optional(),
    /** Continue this conversation (the asker's own); none: a new one. */
    conversation_id: id.optional(),
    /** False: the sources only, even when the organization configured a model. */
    use_model: z.boolean().optional(),
  })
  .strict();
export type AssistantAskInput = z.infer<typeof assistantAskSchema>;

/** A base URL an admin types: https, or http to an address the operator may allow; no user name or password. */
export const assistantBaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, 'An http(s) address without a user name, password, query or fragment, e.g. https://llm.example.com/v1.');

export const assistantSettingsInputSchema = z
  .object({
    sources: z.array(z.enum(ASSISTANT_SOURCES)).max(ASSISTANT_SOURCES.length),
    retention_days: z
      .number()
      .int()
      .min(ASSISTANT_LIMITS.retentionMin, `At least ${ASSISTANT_LIMITS.retentionMin} day.`)
      .max(ASSISTANT_LIMITS.retentionMax, `At most ${ASSISTANT_LIMITS.retentionMax} days.`),
    /** Null: no model, the sources only. */
    endpoint_url: assistantBaseUrlSchema.nullable(),
    endpoint_model: z.string().trim().max(200).nullable(),
    /** Undefined: keep the stored key; '': remove it; else the new key (write-only). */
    api_key: z.string().max(500).optional(),
    first_token_seconds: z.number().int().min(1).max(300),
    total_seconds: z.number().int().min(5).max(1800),
  })
  .strict()
  .refine((s) => !s.endpoint_url || !!s.endpoint_model, { message: 'Choose a model for the endpoint.', path: ['endpoint_model'] })
  .refine((s) => s.total_seconds >= s.first_token_seconds, {
    message: 'The total time must be at least the time to the first words.',
    path: ['total_seconds'],
  });
export type AssistantSettingsInput = z.infer<typeof assistantSettingsInputSchema>;

export const assistantEndpointTestSchema = z
  .object({
    base_url: assistantBaseUrlSchema,
    /** Undefined: the stored key (when the base URL is the stored one). */
    api_key: z.string().max(500).optional(),
  })
  .strict();

// ---- what an answer is (the ask route's events and the history's messages) ----

export type PassageTone = 'positive' | 'negative' | 'neutral';

export type AssistantPassage = {
  /** The number a model's answer cites: [n]. */
  n: number;
  kind: PassageKind;
  /** The words as written (never changed; a long text is cut at sentence ends with "…"). */
  text: string;
  at: string;
  /** Who wrote it, when the area shows it to the asker; null when anonymous or unsigned. */
  author: string | null;
  /** What it is, e.g. "Anonymous reflection, under “What went well”". */
  label: string;
  tone: PassageTone | null;
};

export type AssistantSourceGroup = {
  key: string;
  source: AssistantSource;
  title: string;
  /** Where it lives in the app (a path of this app). */
  link: string;
  passages: AssistantPassage[];
};

export type AssistantTheme = { term: string; count: number; by_month: Array<{ month: string; count: number }> };

export type AssistantSummary = {
  /** The most central sentences, each quoted from a passage. */
  central: Array<{ text: string; n: number }>;
  themes: AssistantTheme[];
  counts: Array<{ kind: PassageKind; label: string; count: number }>;
  /** Feedback and retros only: passages by tone (wink-nlp's English model). */
  tone: { positive: number; negative: number; neutral: number } | null;
};

export type AssistantAnswerStatus = 'ANSWERED' | 'NOT_ENOUGH';

export type AssistantAnswer = {
  status: AssistantAnswerStatus;
  /** For NOT_ENOUGH: why, in words. */
  message: string | null;
  question: string;
  /** What was searched, in words: "Retros of Core since Mar 1, 2027". */
  scope_text: string;
  /** Readable items behind the answer. */
  considered: number;
  groups: AssistantSourceGroup[];
  summary: AssistantSummary | null;
};

/** One event of the ask stream (text/event-stream; `event:` is the type, `data:` the JSON). */
export type AssistantEvent =
  | { type: 'answer'; answer: AssistantAnswer }
  | { type: 'model_start'; host: string; model: string }
  | { type: 'delta'; text: string }
  /** A finished sentence, checked: `end` is how much of the raw text (all deltas so far) it took. */
  | { type: 'sentence'; index: number; text: string; cites: number[]; kept: boolean; end: number }
  | { type: 'model_done'; fallback: boolean; message: string | null }
  | { type: 'saved'; conversation_id: string; message_id: string }
  | { type: 'error'; message: string }
  | { type: 'done' };
