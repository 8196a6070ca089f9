import { z } from 'zod';
import { isoDay } from './iso-day.js';

/**
 * Continuous feedback: visibilities, reactions, limits, built-in request templates and the input
 * rules shared by the server and the forms (docs/decisions/0048).
 */

/**
 * PRIVATE: the giver and the recipient. MANAGER: also the recipient's managers (direct manager,
 * team manager or lead). PUBLIC: praise the whole organization sees on the praise wall.
 * REQUESTER: an answer to a request: the giver and the requester; the subject too once the
 * requester shared it (or when the subject asked). Admins have no extra right to read feedback.
 */
export const FEEDBACK_VISIBILITIES = ['PRIVATE', 'MANAGER', 'PUBLIC', 'REQUESTER'] as const;
export type FeedbackVisibility = (typeof FEEDBACK_VISIBILITIES)[number];
/** What a giver may choose before sending (REQUESTER only comes from answering a request). */
export const FEEDBACK_GIVE_VISIBILITIES = ['PRIVATE', 'MANAGER', 'PUBLIC'] as const satisfies readonly FeedbackVisibility[];
export const FEEDBACK_VISIBILITY_LABELS: Record<FeedbackVisibility, { label: string; description: string }> = {
  PRIVATE: { label: 'Private', description: 'Only the recipient sees it.' },
  MANAGER: { label: 'Recipient and their manager', description: 'The recipient and their managers see it.' },
  PUBLIC: { label: 'Public praise', description: 'Everyone in the organization sees it on the praise wall.' },
  REQUESTER: { label: 'Requested', description: 'The person who asked for it; the person it is about once shared.' },
};

export const FEEDBACK_REACTIONS = ['CLAP', 'HEART', 'PARTY', 'ROCKET', 'THANKS'] as const;
export type FeedbackReaction = (typeof FEEDBACK_REACTIONS)[number];
export const FEEDBACK_REACTION_LABELS: Record<FeedbackReaction, { emoji: string; label: string }> = {
  CLAP: { emoji: '👏', label: 'Applause' },
  HEART: { emoji: '❤️', label: 'Love' },
  PARTY: { emoji: '🎉', label: 'Celebrate' },
  ROCKET: { emoji: '🚀', label: 'Impressive' },
  THANKS: { emoji: '🙏', label: 'Thanks' },
};

export const FEEDBACK_TAG_KINDS = ['VALUE', 'COMPETENCY'] as const;
export type FeedbackTagKind = (typeof FEEDBACK_TAG_KINDS)[number];

/** PENDING: waiting for an answer. ANSWERED once (never twice). DECLINED with a reason. CANCELLED by the requester. */
export const FEEDBACK_ASK_STATUSES = ['PENDING', 'ANSWERED', 'DECLINED', 'CANCELLED'] as const;
export type FeedbackAskStatus = (typeof FEEDBACK_ASK_STATUSES)[number];

export const FEEDBACK_AUTOMATION_TRIGGERS = ['SPRINT_END', 'MONTHLY', 'START_DATE'] as const;
export type FeedbackAutomationTrigger = (typeof FEEDBACK_AUTOMATION_TRIGGERS)[number];
export const FEEDBACK_RESPONDERS = ['TEAMMATES', 'MANAGER', 'BOTH'] as const;
export type FeedbackResponders = (typeof FEEDBACK_RESPONDERS)[number];

export type FeedbackAnswer = { question: string; answer: string };

export const FEEDBACK_LIMITS = {
  bodyMax: 5_000,
  answerMax: 5_000,
  questionMax: 300,
  questionsMin: 1,
  questionsMax: 10,
  messageMax: 1_000,
  declineReasonMax: 500,
  tagsPerFeedbackMax: 5,
  tagNameMax: 60,
  tagDescriptionMax: 300,
  templateNameMax: 120,
  templateDescriptionMax: 1_000,
  respondersMax: 10,
  pageMax: 100,
  /** Team progress: people with no feedback received for this many days are highlighted, their manager nudged once. */
  quietDays: 60,
  /** Unanswered requests are reminded once after this many working days (the organization's time zone). */
  reminderWorkingDays: 3,
  daysAfterStartMax: 365,
} as const;
const L = FEEDBACK_LIMITS;

export type FeedbackTemplateDef = { id: string; name: string; description: string; questions: string[] };

/** Built-in request templates, the same for every organization; copied to be edited. */
export const BUILTIN_FEEDBACK_TEMPLATES: readonly FeedbackTemplateDef[] = [
  {
    id: 'builtin:general',
    name: 'General',
    description: 'Open feedback at any time.',
    questions: ['What should I keep doing?', 'What could I do differently or better?'],
  },
  {
    id: 'builtin:after-project',
    name: 'After a project',
    description: 'Feedback when a project ends.',
    questions: [
      'What did I contribute most to this project?',
      'Where could I have helped the project more?',
      'What should I do differently on the next project?',
    ],
  },
  {
    id: 'builtin:after-sprint',
    name: 'After a sprint',
    description: 'A short check after each sprint.',
    questions: ['What went well working with me this sprint?', 'What one thing should I change next sprint?'],
  },
];

const trimmed = (max: number, what: string) => z.string().trim().min(1, `${what} cannot be empty.`).max(max, `${what}: at most ${max} characters.`);

export const giveFeedbackSchema = z.object({
  recipient_id: z.string().min(1, 'Choose who the feedback is for.'),
  body: trimmed(L.bodyMax, 'Feedback'),
  visibility: z.enum(FEEDBACK_GIVE_VISIBILITIES, { message: 'Choose who can see it: private, recipient and their manager, or public praise.' }),
  tag_ids: z.array(z.string().min(1)).max(L.tagsPerFeedbackMax, `At most ${L.tagsPerFeedbackMax} tags.`).default([]),
  share_to_slack: z.boolean().default(false),
});
export type GiveFeedbackInput = z.infer<typeof giveFeedbackSchema>;

export const feedbackTagInputSchema = z.object({
  name: trimmed(L.tagNameMax, 'Name'),
  kind: z.enum(FEEDBACK_TAG_KINDS, { message: 'A tag is a value or a competency.' }),
  description: z.string().trim().max(L.tagDescriptionMax, `Description: at most ${L.tagDescriptionMax} characters.`).default(''),
});

export const feedbackTemplateInputSchema = z.object({
  name: trimmed(L.templateNameMax, 'Name'),
  description: z.string().trim().max(L.templateDescriptionMax, `Description: at most ${L.templateDescriptionMax} characters.`).default(''),
  questions: z
    .array(trimmed(L.questionMax, 'Question'))
    .min(L.questionsMin, `A template needs ${L.questionsMin} to ${L.questionsMax} questions.`)
    .max(L.questionsMax, `A template needs ${L.questionsMin} to ${L.questionsMax} questions.`),
});
export type FeedbackTemplateInput = z.infer<typeof feedbackTemplateInputSchema>;

/** A request: about the requester (subject_id omitted or the requester) or, for a manager, one of their reports. */
export const requestFeedbackSchema = z
  .object({
    subject_id: z.string().min(1).nullish(),
    responder_ids: z.array(z.string().min(1)).min(1, 'Choose at least one person to ask.').max(L.respondersMax, `Ask at most ${L.respondersMax} people.`),
    template_id: z.string().min(1).nullish(),
    /** Without a template: the questions themselves. */
    questions: z.array(trimmed(L.questionMax, 'Question')).max(L.questionsMax, `At most ${L.questionsMax} questions.`).nullish(),
    message: z.string().trim().max(L.messageMax, `Message: at most ${L.messageMax} characters.`).default(''),
    due_on: isoDay.nullish(),
  })
  .refine((r) => !!r.template_id || (r.questions?.length ?? 0) > 0, { message: 'Choose a template or write at least one question.', path: ['questions'] });
export type RequestFeedbackInput = z.infer<typeof requestFeedbackSchema>;

export const answerFeedbackSchema = z.object({
  answers: z
    .array(z.string().trim().max(L.answerMax, `Each answer: at most ${L.answerMax} characters.`))
    .min(1)
    .refine((a) => a.some((x) => x.length > 0), 'Answer at least one question.'),
});
export const declineReasonSchema = trimmed(L.declineReasonMax, 'Reason');

export const feedbackAutomationRuleInputSchema = z
  .object({
    /** Null: the whole organization (admins only). */
    team_id: z.string().min(1).nullish(),
    trigger: z.enum(FEEDBACK_AUTOMATION_TRIGGERS, { message: 'Choose when requests are sent.' }),
    days_after_start: z
      .number()
      .int()
      .min(1, 'Days after the start date: at least 1.')
      .max(L.daysAfterStartMax, `Days after the start date: at most ${L.daysAfterStartMax}.`)
      .nullish(),
    template_id: z.string().min(1, 'Choose a template.'),
    responders: z.enum(FEEDBACK_RESPONDERS).default('TEAMMATES'),
    responder_count: z.number().int().min(1, 'Ask at least 1 person.').max(L.respondersMax, `Ask at most ${L.respondersMax} people.`).default(3),
  })
  .refine((r) => r.trigger !== 'START_DATE' || !!r.days_after_start, { message: 'Say how many days after the start date.', path: ['days_after_start'] });
export type FeedbackAutomationRuleInput = z.infer<typeof feedbackAutomationRuleInputSchema>;
