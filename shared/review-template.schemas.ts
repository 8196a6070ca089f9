import { z } from 'zod';

/** Review template rules, one source for the template editor and the resolvers. */
export const REVIEW_TEMPLATE_TYPES = ['360', 'sprint', 'any'] as const;
export type ReviewTemplateType = (typeof REVIEW_TEMPLATE_TYPES)[number];
export const REVIEW_TEMPLATE_TYPE_LABELS: Record<ReviewTemplateType, string> = { '360': '360 review', sprint: 'Sprint review', any: 'Any review' };

export const QUESTION_KINDS = ['RATING', 'TEXT', 'RATING_COMMENT', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'COMPETENCY_RATING'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  RATING: 'Rating (1-5)',
  TEXT: 'Text answer',
  RATING_COMMENT: 'Rating and comment',
  SINGLE_CHOICE: 'Single choice',
  MULTIPLE_CHOICE: 'Multiple choice',
  COMPETENCY_RATING: 'Competency rating',
};
/** Kinds answered on the 1-5 scale: their `options` are the five point labels. */
export const RATING_KINDS: readonly QuestionKind[] = ['RATING', 'RATING_COMMENT', 'COMPETENCY_RATING'];
/** Kinds answered by picking: their `options` are the choices. */
export const CHOICE_KINDS: readonly QuestionKind[] = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE'];

export const PERSPECTIVES = ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'] as const;
export type Perspective = (typeof PERSPECTIVES)[number];
export const PERSPECTIVE_LABELS: Record<Perspective, string> = { SELF: 'Self', MANAGER: 'Manager', PEER: 'Peer', DIRECT_REPORT: 'Direct report' };

export const RATING_POINTS = 5;
export const DEFAULT_RATING_LABELS = [
  'Needs significant improvement',
  'Needs improvement',
  'Meets expectations',
  'Exceeds expectations',
  'Exceptional',
] as const;

export const REVIEW_TEMPLATE_LIMITS = {
  nameMax: 120,
  descriptionMax: 2_000,
  sectionsMax: 20,
  questionsMax: 100,
  sectionTitleMax: 120,
  promptMax: 500,
  helpTextMax: 1_000,
  choicesMin: 2,
  choicesMax: 20,
  optionMax: 200,
  ratingLabelMax: 60,
  competencyMax: 80,
} as const;
const L = REVIEW_TEMPLATE_LIMITS;

const optionalId = z.string().trim().max(64).nullish();
/** Optional text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const SELF_PROMPT_WITHOUT_SELF = 'Only questions the person answers about themselves have a self-review wording.';

export const reviewTemplateNameSchema = z.string().trim().min(1, 'Enter a template name.').max(L.nameMax, `At most ${L.nameMax} characters.`);

export const reviewQuestionSchema = z
  .object({
    id: optionalId,
    kind: z.enum(QUESTION_KINDS, 'Choose a question kind.'),
    prompt: z.string().trim().min(1, 'Enter the question.').max(L.promptMax, `At most ${L.promptMax} characters.`),
    /** How the person reads the question in their own self review ("How clearly do you communicate?"). */
    self_prompt: optionalText(L.promptMax),
    help_text: optionalText(L.helpTextMax),
    options: z
      .array(z.string().trim())
      .max(L.choicesMax, `At most ${L.choicesMax} options.`)
      .nullish()
      .transform((v) => v ?? []),
    competency: optionalText(L.competencyMax),
    /** COMPETENCY_RATING: the framework competency it rates (its name goes in `competency` too). */
    competency_id: optionalId.transform((v) => v || null),
    /** Show the reviewee's goals of the review period under the question (default false). */
    show_goals: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    perspectives: z
      .array(z.enum(PERSPECTIVES, 'Unknown perspective.'))
      .min(1, 'Choose at least one perspective that answers this question.')
      .transform((v) => PERSPECTIVES.filter((p) => v.includes(p))),
    required: z
      .boolean()
      .nullish()
      .transform((v) => v ?? true),
    private: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
  })
  .superRefine((q, ctx) => {
    const at = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (RATING_KINDS.includes(q.kind)) {
      if (q.options.length !== RATING_POINTS) at(['options'], `Give a label for each of the ${RATING_POINTS} rating points.`);
      q.options.forEach((label, i) => {
        if (!label) at(['options', i], `Enter a label for point ${i + 1}.`);
        else if (label.length > L.ratingLabelMax) at(['options', i], `At most ${L.ratingLabelMax} characters.`);
      });
    } else if (CHOICE_KINDS.includes(q.kind)) {
      const filled = q.options.filter(Boolean);
      if (filled.length < L.choicesMin) at(['options'], `Give at least ${L.choicesMin} options.`);
      const seen = new Set<string>();
      q.options.forEach((option, i) => {
        if (!option) at(['options', i], 'Enter the option or remove it.');
        else if (option.length > L.optionMax) at(['options', i], `At most ${L.optionMax} characters.`);
        else if (seen.has(option.toLowerCase())) at(['options', i], 'This option is already listed.');
        seen.add(option.toLowerCase());
      });
    }
    if (q.kind === 'COMPETENCY_RATING' && !q.competency) at(['competency'], 'Name the competency this question rates.');
    if (q.self_prompt && !q.perspectives.includes('SELF')) at(['self_prompt'], SELF_PROMPT_WITHOUT_SELF);
  })
  .transform((q) => ({
    ...q,
    // Fields a kind does not use are dropped, so switching kinds in the editor leaves nothing stale.
    options: RATING_KINDS.includes(q.kind) || CHOICE_KINDS.includes(q.kind) ? q.options : [],
    competency: q.kind === 'COMPETENCY_RATING' ? q.competency : null,
    competency_id: q.kind === 'COMPETENCY_RATING' ? q.competency_id : null,
  }));

export const reviewTemplateSectionSchema = z.object({
  id: optionalId,
  title: z.string().trim().min(1, 'Enter a section title.').max(L.sectionTitleMax, `At most ${L.sectionTitleMax} characters.`),
  description: optionalText(L.helpTextMax),
  questions: z.array(reviewQuestionSchema).min(1, 'Add at least one question to this section.').max(L.questionsMax, `At most ${L.questionsMax} questions.`),
});

export const reviewTemplateInputSchema = z
  .object({
    name: reviewTemplateNameSchema,
    description: optionalText(L.descriptionMax),
    review_type: z.enum(REVIEW_TEMPLATE_TYPES, 'Choose 360, sprint or any.'),
    sections: z.array(reviewTemplateSectionSchema).min(1, 'Add at least one section.').max(L.sectionsMax, `At most ${L.sectionsMax} sections.`),
  })
  .superRefine((t, ctx) => {
    const total = t.sections.reduce((n, s) => n + s.questions.length, 0);
    if (total > L.questionsMax)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: `A template holds at most ${L.questionsMax} questions (this one has ${total}).` });
  });

export type ReviewTemplateInput = z.input<typeof reviewTemplateInputSchema>;
export type ReviewTemplateData = z.output<typeof reviewTemplateInputSchema>;
export type ReviewQuestionData = z.output<typeof reviewQuestionSchema>;

export const copyReviewTemplateSchema = z.object({ name: reviewTemplateNameSchema });
