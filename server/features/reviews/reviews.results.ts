import { createHash } from 'node:crypto';
import { badInput, forbidden } from '../../../shared/app-error.js';
import { CHOICE_KINDS, PERSPECTIVES, RATING_KINDS, RATING_POINTS, type Perspective } from '../../../shared/review-template.schemas.js';
import { emptyDistribution, gapOf, othersOf, poolQuestions, ratingFigure } from './reviews.results.pool.js';
import {
  ANONYMOUS_PERSPECTIVES,
  MIN_ANONYMITY_THRESHOLD,
  type PerspectiveSummary,
  type QuestionCell,
  type QuestionResult,
  type ResultAnswerInput,
  type ResultComment,
  type ResultQuestionInput,
  type ResultSectionInput,
  type ResultSubmissionInput,
  type ReviewResults,
  type ReviewResultsInput,
  type Withheld,
} from './reviews.results.types.js';

/**
 * What one viewer may see of one reviewee's submitted answers (pure: no database, no clock).
 * The rules, with examples, are in docs/decisions/0017-completion-bands-and-review-results-anonymity.md:
 * - PEER and DIRECT_REPORT are anonymous: aggregates and unsigned comments only, and only when
 *   the perspective has at least `threshold` submitted reviews and the question at least
 *   `threshold` answers (the viewer's own answer never counts toward either);
 * - SELF and MANAGER are signed and always shown;
 * - private questions reach MANAGER and ADMIN viewers only;
 * - every combined figure (others, sections, overall, gaps) is added up from shown cells only.
 */

/** Throws BAD_USER_INPUT unless the threshold is a whole number of at least 3. */
export function assertAnonymityThreshold(threshold: number): void {
  if (!Number.isInteger(threshold) || threshold < MIN_ANONYMITY_THRESHOLD) {
    const message = `The anonymity threshold must be a whole number of at least ${MIN_ANONYMITY_THRESHOLD}.`;
    throw badInput(message, { fields: { anonymity_threshold: message } });
  }
}

export const isAnonymousPerspective = (p: Perspective) => ANONYMOUS_PERSPECTIVES.includes(p);

interface Entry {
  reviewer_id: string;
  answer: ResultAnswerInput;
}
interface Context {
  threshold: number;
  viewerId: string;
  perspectiveWithheld: Map<Perspective, Withheld>;
  perspectives: readonly Perspective[];
}

export function buildReviewResults(input: ReviewResultsInput): ReviewResults {
  assertAnonymityThreshold(input.threshold);
  const { role, user_id: viewerId } = input.viewer;
  if (role === 'OTHER') throw forbidden('Only the reviewee, their managers and admins can see these results.');
  const seesPrivate = role === 'MANAGER' || role === 'ADMIN';
  const sections = input.sections.map((s) => ({ ...s, questions: s.questions.filter((q) => seesPrivate || !q.private) })).filter((s) => s.questions.length > 0);
  const visible = sections.flatMap((s) => s.questions);
  checkSubmissions(input.submissions);
  const reviewersOf = (p: Perspective) => input.submissions.filter((s) => s.perspective === p).map((s) => s.reviewer_id);
  const asked = input.asked;
  const wasAsked = (p: Perspective) => !asked || (asked[p] ?? 0) > 0 || reviewersOf(p).length > 0;
  const perspectives = PERSPECTIVES.filter((p) => wasAsked(p) && visible.some((q) => q.perspectives.includes(p)));
  const ctx: Context = { threshold: input.threshold, viewerId, perspectiveWithheld: new Map(), perspectives };
  for (const p of perspectives.filter(isAnonymousPerspective)) {
    const reviewers = reviewersOf(p);
    const own = reviewers.includes(viewerId);
    const have = reviewers.length - (own ? 1 : 0);
    if (reviewers.length > 0 && have < input.threshold)
      ctx.perspectiveWithheld.set(p, { reason: 'FEWER_THAN_THRESHOLD', have, need: input.threshold, own_answer_excluded: own });
  }

  const entries = indexAnswers(input.submissions);
  const sectionResults = sections.map((s) => {
    const questions = s.questions.map((q) => questionResult(q, s.id, entries.get(q.id), ctx));
    return { id: s.id, title: s.title, questions, ...poolQuestions(questions, ctx.perspectiveWithheld) };
  });
  const summaries: PerspectiveSummary[] = perspectives.map((p) => {
    const withheld = ctx.perspectiveWithheld.get(p) ?? null;
    return {
      perspective: p,
      signed: !isAnonymousPerspective(p),
      respondents: withheld ? null : reviewersOf(p).length,
      asked: asked ? Math.max(asked[p] ?? 0, reviewersOf(p).length) : null,
      withheld,
    };
  });
  return {
    threshold: input.threshold,
    viewer_role: role,
    perspectives: summaries,
    sections: sectionResults,
    overall: poolQuestions(
      sectionResults.flatMap((s) => s.questions),
      ctx.perspectiveWithheld,
    ),
  };
}

/** Submitted data the results rely on: one review per reviewer and perspective, ratings on the scale. */
function checkSubmissions(submissions: readonly ResultSubmissionInput[]): void {
  const seen = new Set<string>();
  for (const s of submissions) {
    if (!PERSPECTIVES.includes(s.perspective)) throw new Error(`Unknown perspective ${String(s.perspective)}.`);
    const key = `${s.perspective}\u0000${s.reviewer_id}`;
    if (seen.has(key)) throw new Error(`Reviewer ${s.reviewer_id} submitted twice as ${s.perspective}.`);
    seen.add(key);
    const questions = new Set<string>();
    for (const a of s.answers) {
      if (questions.has(a.question_id)) throw new Error(`Reviewer ${s.reviewer_id} answered question ${a.question_id} twice.`);
      questions.add(a.question_id);
      if (a.rating !== null && a.rating !== undefined && !(Number.isInteger(a.rating) && a.rating >= 1 && a.rating <= RATING_POINTS)) {
        throw new RangeError(`Rating ${a.rating} is outside 1-${RATING_POINTS}.`);
      }
    }
  }
}

/** question id -> perspective -> entries. */
function indexAnswers(submissions: readonly ResultSubmissionInput[]): Map<string, Map<Perspective, Entry[]>> {
  const index = new Map<string, Map<Perspective, Entry[]>>();
  for (const s of submissions) {
    for (const answer of s.answers) {
      const byPerspective = index.get(answer.question_id) ?? new Map<Perspective, Entry[]>();
      index.set(answer.question_id, byPerspective);
      const list = byPerspective.get(s.perspective) ?? [];
      byPerspective.set(s.perspective, list);
      list.push({ reviewer_id: s.reviewer_id, answer });
    }
  }
  return index;
}

const textOf = (a: ResultAnswerInput) => a.text?.trim() || null;
const choicesOf = (q: ResultQuestionInput, a: ResultAnswerInput) => (a.choices ?? []).filter((c) => q.options.includes(c));
const hasText = (q: ResultQuestionInput) => q.kind === 'TEXT' || q.kind === 'RATING_COMMENT';

/**
 * Whether an answer answers the question: rating kinds need the rating (a rating + comment
 * question's comment goes with its rating), text needs text, choice kinds a known choice.
 */
function answers(q: ResultQuestionInput, a: ResultAnswerInput): boolean {
  if (RATING_KINDS.includes(q.kind)) return typeof a.rating === 'number';
  if (CHOICE_KINDS.includes(q.kind)) return choicesOf(q, a).length > 0;
  return textOf(a) !== null;
}

function questionResult(q: ResultQuestionInput, sectionId: string, byPerspective: Map<Perspective, Entry[]> | undefined, ctx: Context): QuestionResult {
  const cells = ctx.perspectives.filter((p) => q.perspectives.includes(p)).map((p) => questionCell(q, p, byPerspective?.get(p) ?? [], ctx));
  const others = RATING_KINDS.includes(q.kind) ? othersOf(cells) : null;
  const self = cells.find((c) => c.perspective === 'SELF');
  return {
    id: q.id,
    section_id: sectionId,
    kind: q.kind,
    prompt: q.prompt,
    options: [...q.options],
    competency: q.competency ?? null,
    private: q.private,
    cells,
    others,
    self_others_gap: gapOf(self?.rating?.distribution, others?.distribution),
  };
}

function questionCell(q: ResultQuestionInput, perspective: Perspective, entries: readonly Entry[], ctx: Context): QuestionCell {
  const signed = !isAnonymousPerspective(perspective);
  const answered = entries.filter((e) => answers(q, e.answer));
  if (!signed) {
    const whole = ctx.perspectiveWithheld.get(perspective);
    if (whole) return withheldCell(perspective, whole);
    const own = answered.some((e) => e.reviewer_id === ctx.viewerId);
    const have = answered.length - (own ? 1 : 0);
    if (answered.length > 0 && have < ctx.threshold)
      return withheldCell(perspective, { reason: 'QUESTION_FEWER_THAN_THRESHOLD', have, need: ctx.threshold, own_answer_excluded: own });
  }
  const distribution = emptyDistribution();
  for (const e of answered) if (typeof e.answer.rating === 'number') distribution[e.answer.rating - 1]! += 1;
  const chosen = answered.flatMap((e) => choicesOf(q, e.answer));
  // Anonymous comments come only from those who answered (the people the threshold counted).
  const commenters = signed ? entries : answered;
  const comments: ResultComment[] = hasText(q)
    ? commenters.flatMap((e) => {
        const text = textOf(e.answer);
        return text ? [{ text, reviewer_id: signed ? e.reviewer_id : null }] : [];
      })
    : [];
  return {
    perspective,
    signed,
    withheld: null,
    respondents: answered.length,
    rating: RATING_KINDS.includes(q.kind) ? ratingFigure(distribution) : null,
    choices: CHOICE_KINDS.includes(q.kind) ? q.options.map((option) => ({ option, count: chosen.filter((c) => c === option).length })) : null,
    comments: signed ? comments : shuffleAnonymous(q.id, comments),
    answers: signed
      ? entries
          .filter((e) => typeof e.answer.rating === 'number' || textOf(e.answer) || choicesOf(q, e.answer).length)
          .map((e) => ({ reviewer_id: e.reviewer_id, rating: e.answer.rating ?? null, text: textOf(e.answer), choices: choicesOf(q, e.answer) }))
      : [],
  };
}

function withheldCell(perspective: Perspective, withheld: Withheld): QuestionCell {
  return { perspective, signed: false, withheld, respondents: null, rating: null, choices: null, comments: [], answers: [] };
}

/**
 * Anonymous comments in an order that carries no information: sorted by a hash of the
 * question and the text alone. Not by time or submission order (who answered last), and not
 * by reviewer id (anyone knowing the nominated peers could recompute that order).
 */
export function shuffleAnonymous(questionId: string, comments: readonly ResultComment[]): ResultComment[] {
  const keyed = comments.map((c) => ({ c, key: createHash('sha256').update(`${questionId}\n${c.text}`).digest('hex') }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.c);
}

/** A cycle's flat question snapshot rows, grouped into ordered sections for `buildReviewResults`. */
export function sectionsFromSnapshot<Q extends ResultQuestionInput & { section_position: number; section_title: string; position: number }>(
  rows: readonly Q[],
): ResultSectionInput[] {
  const sorted = [...rows].sort((a, b) => a.section_position - b.section_position || a.position - b.position);
  const sections = new Map<number, { id: string; title: string; questions: Q[] }>();
  for (const row of sorted) {
    const section = sections.get(row.section_position) ?? { id: `section-${row.section_position}`, title: row.section_title, questions: [] };
    sections.set(row.section_position, section);
    section.questions.push(row);
  }
  return [...sections.values()];
}
