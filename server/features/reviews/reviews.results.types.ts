import type { Perspective, QuestionKind } from '../../../shared/review-template.schemas.js';

/** Perspectives whose answers are shown only as aggregates and unsigned comments. */
export const ANONYMOUS_PERSPECTIVES: readonly Perspective[] = ['PEER', 'DIRECT_REPORT'];
/** The product's floor for a cycle's anonymity threshold (default 5). */
export const MIN_ANONYMITY_THRESHOLD = 3;

/** The viewer's relation to the reviewee, decided by the caller's policy. */
export const RESULT_VIEWER_ROLES = ['REVIEWEE', 'MANAGER', 'ADMIN', 'OTHER'] as const;
export type ResultViewerRole = (typeof RESULT_VIEWER_ROLES)[number];

// ---- input: the cycle's question snapshot and the submitted answers ----

export interface ResultQuestionInput {
  id: string;
  kind: QuestionKind;
  prompt: string;
  /** Rating kinds: the five point labels; choice kinds: the choices. */
  options: readonly string[];
  perspectives: readonly Perspective[];
  private: boolean;
  competency?: string | null;
}

export interface ResultSectionInput {
  id: string;
  title: string;
  questions: readonly ResultQuestionInput[];
}

export interface ResultAnswerInput {
  question_id: string;
  rating?: number | null;
  text?: string | null;
  choices?: readonly string[] | null;
}

/** One submitted review (drafts never reach results). */
export interface ResultSubmissionInput {
  reviewer_id: string;
  perspective: Perspective;
  answers: readonly ResultAnswerInput[];
}

export interface ReviewResultsInput {
  sections: readonly ResultSectionInput[];
  submissions: readonly ResultSubmissionInput[];
  /** The cycle's anonymity threshold: a whole number, at least 3. */
  threshold: number;
  viewer: { user_id: string; role: ResultViewerRole };
  /**
   * Reviews asked for per perspective (requests not declined). When given, a perspective nobody
   * was asked for (no direct reports, perspective off) is left out of the results altogether.
   */
  asked?: Partial<Record<Perspective, number>>;
}

// ---- output: only what this viewer may see ----

export type WithheldReason =
  /** The perspective as a whole has fewer submitted reviews than the threshold. */
  | 'FEWER_THAN_THRESHOLD'
  /** The perspective is shown, but fewer than the threshold answered this (optional) question. */
  | 'QUESTION_FEWER_THAN_THRESHOLD';

export interface Withheld {
  reason: WithheldReason;
  /** Answers that count toward the threshold (the viewer's own answer does not). */
  have: number;
  need: number;
  /** True when the viewer answered in this perspective and that answer was not counted. */
  own_answer_excluded: boolean;
}

/** Ratings on the 1-5 scale: `distribution[i]` is how many gave `i + 1`. */
export interface RatingFigure {
  count: number;
  /** Rounded to two decimals; null when nobody rated. */
  average: number | null;
  distribution: number[];
}

export interface ChoiceCount {
  option: string;
  count: number;
}

/** A comment: signed (self and manager) names its reviewer, anonymous ones have null. */
export interface ResultComment {
  text: string;
  reviewer_id: string | null;
}

/** A self or manager answer, shown as given. */
export interface SignedAnswer {
  reviewer_id: string;
  rating: number | null;
  text: string | null;
  choices: string[];
}

/** One question seen from one perspective. When withheld, every figure is empty. */
export interface QuestionCell {
  perspective: Perspective;
  signed: boolean;
  withheld: Withheld | null;
  /** How many reviewers of this perspective answered the question; null when withheld. */
  respondents: number | null;
  rating: RatingFigure | null;
  choices: ChoiceCount[] | null;
  /** Signed in reviewer order; anonymous ones in a fixed order derived from the text only. */
  comments: ResultComment[];
  /** Signed perspectives only. */
  answers: SignedAnswer[];
}

/** A figure built from several shown cells; `excluded` says what was left out and why. */
export interface CombinedFigure extends RatingFigure {
  includes: Perspective[];
  excluded: { perspective: Perspective; reason: WithheldReason }[];
}

export interface QuestionResult {
  id: string;
  section_id: string;
  kind: QuestionKind;
  prompt: string;
  options: string[];
  competency: string | null;
  private: boolean;
  cells: QuestionCell[];
  /** Everyone but self, rating kinds only: the shown cells only. */
  others: CombinedFigure | null;
  /** Self average minus others' average; null unless both exist. */
  self_others_gap: number | null;
}

/** A perspective's ratings over several questions (a section or the whole review). */
export interface PooledCell {
  perspective: Perspective;
  signed: boolean;
  withheld: Withheld | null;
  rating: RatingFigure | null;
  /** Questions left out of this figure because this perspective was withheld on them. */
  excluded_questions: number;
}

export interface PooledFigures {
  cells: PooledCell[];
  others: CombinedFigure | null;
  self_others_gap: number | null;
}

export interface SectionResult extends PooledFigures {
  id: string;
  title: string;
  questions: QuestionResult[];
}

export interface PerspectiveSummary {
  perspective: Perspective;
  signed: boolean;
  /** Submitted reviews in this perspective; null when the perspective is withheld. */
  respondents: number | null;
  /** Reviews asked for in this perspective (null when the caller did not say). */
  asked: number | null;
  withheld: Withheld | null;
}

export interface ReviewResults {
  threshold: number;
  viewer_role: Exclude<ResultViewerRole, 'OTHER'>;
  perspectives: PerspectiveSummary[];
  sections: SectionResult[];
  overall: PooledFigures;
}
