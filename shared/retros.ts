import { z } from 'zod';
import { isoDay } from './iso-day.js';

/**
 * Sprint retrospectives: phases, limits, built-in templates and health checks, and the input rules
 * shared by the server and the forms (docs/decisions/0047).
 */

/** In order. SCHEDULED: created, not started. SUMMARY: ended (author links erased). */
export const RETRO_PHASES = ['SCHEDULED', 'CHECK_IN', 'REVIEW_ACTIONS', 'HEALTH', 'REFLECT', 'GROUP', 'VOTE', 'DISCUSS', 'SUMMARY'] as const;
export type RetroPhase = (typeof RETRO_PHASES)[number];
export const RETRO_PHASE_LABELS: Record<RetroPhase, string> = {
  SCHEDULED: 'Not started',
  CHECK_IN: 'Check-in',
  REVIEW_ACTIONS: 'Last action items',
  HEALTH: 'Health check',
  REFLECT: 'Reflect',
  GROUP: 'Group',
  VOTE: 'Vote',
  DISCUSS: 'Discuss',
  SUMMARY: 'Summary',
};

export const RETRO_ACTION_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE', 'DROPPED'] as const;
export type RetroActionStatus = (typeof RETRO_ACTION_STATUSES)[number];
export const RETRO_ACTION_STATUS_LABELS: Record<RetroActionStatus, string> = { OPEN: 'Open', IN_PROGRESS: 'In progress', DONE: 'Done', DROPPED: 'Dropped' };
/** Not yet finished: carried into the team's next retro, listed on the owner's dashboard. */
export const RETRO_ACTION_OPEN: readonly RetroActionStatus[] = ['OPEN', 'IN_PROGRESS'];

export const RETRO_AUTOMATION_TRIGGERS = ['SPRINT_END', 'CADENCE'] as const;
export type RetroAutomationTrigger = (typeof RETRO_AUTOMATION_TRIGGERS)[number];

export const RETRO_LIMITS = {
  titleMax: 120,
  reflectionMax: 2_000,
  groupTitleMax: 120,
  commentMax: 2_000,
  actionTextMax: 500,
  checkInMax: 500,
  checkInQuestionMax: 300,
  promptsMin: 1,
  promptsMax: 6,
  promptTitleMax: 80,
  promptDescriptionMax: 300,
  templateNameMax: 120,
  templateDescriptionMax: 1_000,
  healthStatementsMin: 1,
  healthStatementsMax: 12,
  healthStatementMax: 200,
  /** Health aggregates are shown only from this many answers to a statement. */
  healthMinAnswers: 3,
  votesDefault: 5,
  votesPerGroupDefault: 3,
  votesMax: 20,
  topicMinutesDefault: 5,
  topicMinutesMax: 60,
} as const;

/**
 * "Is writing" signals (docs/decisions/0059): a client sends one at most every `sendEveryMs` while
 * keys are pressed; the server forgets a person `expiresAfterMs` after their last one.
 */
export const RETRO_TYPING = { sendEveryMs: 2_000, expiresAfterMs: 6_000 } as const;
const L = RETRO_LIMITS;

/** Prompt colours people can pick (the template editor); each has enough contrast with white text. */
export const RETRO_COLOURS = ['#2f7d4f', '#b3261e', '#1d5fa8', '#8a5a00', '#6b3fa0', '#0f6e6e'] as const;

export type RetroPrompt = { id: string; title: string; description: string; colour: string };
export type RetroTemplateDef = { id: string; name: string; description: string; prompts: RetroPrompt[] };
export type RetroHealthCheckDef = { id: string; name: string; statements: string[] };

const p = (id: string, title: string, description: string, colour: string): RetroPrompt => ({ id, title, description, colour });

/** Built-in templates, the same for every organization; copied to be edited. */
export const BUILTIN_RETRO_TEMPLATES: readonly RetroTemplateDef[] = [
  {
    id: 'builtin:start-stop-continue',
    name: 'Start, Stop, Continue',
    description: 'What should the team start doing, stop doing and keep doing?',
    prompts: [
      p('start', 'Start', 'What should we begin doing?', '#2f7d4f'),
      p('stop', 'Stop', 'What is not helping us?', '#b3261e'),
      p('continue', 'Continue', 'What works and should stay?', '#1d5fa8'),
    ],
  },
  {
    id: 'builtin:mad-sad-glad',
    name: 'Mad, Sad, Glad',
    description: 'How did the sprint feel?',
    prompts: [
      p('mad', 'Mad', 'What drove you mad?', '#b3261e'),
      p('sad', 'Sad', 'What disappointed you?', '#1d5fa8'),
      p('glad', 'Glad', 'What made you glad?', '#2f7d4f'),
    ],
  },
  {
    id: 'builtin:4ls',
    name: '4Ls',
    description: 'Liked, Learned, Lacked, Longed for.',
    prompts: [
      p('liked', 'Liked', 'What did you like?', '#2f7d4f'),
      p('learned', 'Learned', 'What did you learn?', '#1d5fa8'),
      p('lacked', 'Lacked', 'What was missing?', '#b3261e'),
      p('longed', 'Longed for', 'What do you wish we had?', '#6b3fa0'),
    ],
  },
  {
    id: 'builtin:sailboat',
    name: 'Sailboat',
    description: 'Wind pushes us, anchors hold us back, rocks are risks ahead, the island is our goal.',
    prompts: [
      p('wind', 'Wind', 'What pushed us forward?', '#2f7d4f'),
      p('anchors', 'Anchors', 'What held us back?', '#b3261e'),
      p('rocks', 'Rocks', 'What risks lie ahead?', '#8a5a00'),
      p('island', 'Island', 'Where do we want to get to?', '#1d5fa8'),
    ],
  },
  {
    id: 'builtin:well-improve',
    name: 'What went well / What to improve',
    description: 'The classic two-column retro.',
    prompts: [
      p('well', 'What went well', 'What should we be proud of?', '#2f7d4f'),
      p('improve', 'What to improve', 'What should change next sprint?', '#b3261e'),
    ],
  },
];

/** Built-in health check statement sets (agree 1 ... 5 strongly agree). */
export const BUILTIN_RETRO_HEALTH_CHECKS: readonly RetroHealthCheckDef[] = [
  {
    id: 'builtin:team-health',
    name: 'Team health',
    statements: [
      'We deliver value our users care about.',
      'Releasing our work is easy and safe.',
      'Our code base is healthy and easy to change.',
      'We know what we are working on and why.',
      'We learn something new every sprint.',
      'We enjoy working together.',
      'We can raise problems without fear.',
    ],
  },
  { id: 'builtin:quick-pulse', name: 'Quick pulse', statements: ['The sprint went well.', 'Our workload was sustainable.', 'We helped each other.'] },
];

export const HEALTH_SCALE_LABELS = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'] as const;

const trimmed = (max: number, what: string) => z.string().trim().min(1, `${what} cannot be empty.`).max(max, `${what}: at most ${max} characters.`);
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour: a hex colour such as #2f7d4f.');

export const retroPromptSchema = z.object({
  id: z.string().trim().max(40).optional(),
  title: trimmed(L.promptTitleMax, 'Prompt title'),
  description: z.string().trim().max(L.promptDescriptionMax, `Prompt description: at most ${L.promptDescriptionMax} characters.`).default(''),
  colour: hex,
});

export const retroTemplateInputSchema = z.object({
  name: trimmed(L.templateNameMax, 'Name'),
  description: z.string().trim().max(L.templateDescriptionMax, `Description: at most ${L.templateDescriptionMax} characters.`).default(''),
  prompts: z
    .array(retroPromptSchema)
    .min(L.promptsMin, `A template needs ${L.promptsMin} to ${L.promptsMax} prompts.`)
    .max(L.promptsMax, `A template needs ${L.promptsMin} to ${L.promptsMax} prompts.`),
});
export type RetroTemplateInput = z.infer<typeof retroTemplateInputSchema>;

export const retroHealthCheckInputSchema = z.object({
  name: trimmed(L.templateNameMax, 'Name'),
  statements: z
    .array(trimmed(L.healthStatementMax, 'Statement'))
    .min(L.healthStatementsMin, `A health check needs ${L.healthStatementsMin} to ${L.healthStatementsMax} statements.`)
    .max(L.healthStatementsMax, `A health check needs ${L.healthStatementsMin} to ${L.healthStatementsMax} statements.`),
});

const isoInstant = z
  .string()
  .datetime({ offset: true, message: 'A date and time such as 2026-12-01T09:00:00Z.' })
  .refine((s) => {
    const y = new Date(s).getUTCFullYear();
    return y >= 1900 && y <= 2099;
  }, 'Dates must be between 1900 and 2099.');

/** Settings that may change until the retro starts (createRetro takes them all). */
export const retroSettingsSchema = z
  .object({
    title: trimmed(L.titleMax, 'Title').optional(),
    facilitator_id: z.string().min(1).optional(),
    anonymous: z.boolean().optional(),
    max_votes: z.number().int().min(1, 'Votes per person: at least 1.').max(L.votesMax, `Votes per person: at most ${L.votesMax}.`).optional(),
    max_votes_per_group: z.number().int().min(1, 'Votes per group: at least 1.').max(L.votesMax, `Votes per group: at most ${L.votesMax}.`).optional(),
    check_in_question: z.string().trim().max(L.checkInQuestionMax, `Check-in question: at most ${L.checkInQuestionMax} characters.`).nullish(),
    health_check_id: z.string().min(1).nullish(),
    scheduled_at: isoInstant.optional(),
    reflect_deadline: isoInstant.nullish(),
    vote_deadline: isoInstant.nullish(),
    topic_minutes: z.number().int().min(1).max(L.topicMinutesMax, `Minutes per topic: at most ${L.topicMinutesMax}.`).optional(),
  })
  .refine((s) => s.max_votes === undefined || s.max_votes_per_group === undefined || s.max_votes_per_group <= s.max_votes, {
    message: 'Votes per group cannot be more than votes per person.',
    path: ['max_votes_per_group'],
  })
  .refine((s) => !s.reflect_deadline || !s.vote_deadline || s.vote_deadline > s.reflect_deadline, {
    message: 'The vote deadline must be after the reflect deadline.',
    path: ['vote_deadline'],
  });

export const createRetroSchema = z
  .object({
    team_id: z.string().min(1, 'Choose a team.'),
    sprint_id: z.string().min(1).nullish(),
    template_id: z.string().min(1, 'Choose a template.'),
  })
  .and(retroSettingsSchema);
export type CreateRetroInput = z.infer<typeof createRetroSchema>;

export const reflectionTextSchema = trimmed(L.reflectionMax, 'Reflection');
export const commentTextSchema = trimmed(L.commentMax, 'Comment');
export const groupTitleSchema = trimmed(L.groupTitleMax, 'Group title');
export const actionItemInputSchema = z.object({
  text: trimmed(L.actionTextMax, 'Action item').optional(),
  owner_id: z.string().min(1).nullish(),
  due_on: isoDay.nullish(),
  status: z.enum(RETRO_ACTION_STATUSES).optional(),
  group_id: z.string().min(1).nullish(),
});
