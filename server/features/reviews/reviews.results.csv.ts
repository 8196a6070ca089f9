import { toSafeCsv } from '../../../shared/csv-safe.js';
import { PERSPECTIVE_LABELS, RATING_POINTS } from '../../../shared/review-template.schemas.js';
import { withheldText } from '../../../shared/review-results.text.js';
import type { CombinedFigure, PooledFigures, QuestionCell, RatingFigure, ReviewResults } from './reviews.results.types.js';

export { withheldText };

/**
 * CSV export of one reviewee's results as one viewer sees them. It reads only the output of
 * `buildReviewResults` (already filtered for that viewer), so it cannot contain a withheld
 * figure, a private question the viewer may not see, or a name behind an anonymous comment.
 * Every cell goes through `toSafeCsv` (formula-injection safe).
 */

export const REVIEW_RESULTS_CSV_HEADER = [
  'Cycle',
  'Reviewee',
  'Section',
  'Question',
  'Perspective',
  'Reviewer',
  'Status',
  'Responses',
  'Average',
  ...Array.from({ length: RATING_POINTS }, (_, i) => `Rated ${i + 1}`),
  'Choices',
  'Self minus others',
  'Comment',
] as const;

export interface ReviewResultsCsvMeta {
  cycleName: string;
  revieweeName: string;
  /** Display name of a signed reviewer (self, manager); ids never reach anonymous rows. */
  reviewerName: (reviewerId: string) => string;
}

type Row = (string | number | null)[];
type Columns = Partial<Record<'perspective' | 'reviewer' | 'status' | 'responses' | 'average' | 'choices' | 'gap' | 'comment', string | number | null>>;
type RowOf = (columns: Columns, rating?: RatingFigure | null) => Row;

export function reviewResultsCsvRows(results: ReviewResults, meta: ReviewResultsCsvMeta): Row[] {
  const rows: Row[] = [[...REVIEW_RESULTS_CSV_HEADER]];
  const row = (section: string, question: string, rest: Columns, rating?: RatingFigure | null): Row => [
    meta.cycleName,
    meta.revieweeName,
    section,
    question,
    rest.perspective ?? null,
    rest.reviewer ?? null,
    rest.status ?? null,
    rest.responses ?? null,
    rest.average ?? rating?.average ?? null,
    ...Array.from({ length: RATING_POINTS }, (_, i) => rating?.distribution[i] ?? null),
    rest.choices ?? null,
    rest.gap ?? null,
    rest.comment ?? null,
  ];
  for (const section of results.sections) {
    for (const q of section.questions) {
      const prompt = q.private ? `${q.prompt} (private)` : q.prompt;
      for (const cell of q.cells) rows.push(...cellRows(cell, (rest, rating) => row(section.title, prompt, rest, rating), meta));
      if (q.others) rows.push(row(section.title, prompt, othersColumns(q.others, q.self_others_gap), q.others));
    }
    rows.push(...pooledRows(section, (rest, rating) => row(section.title, 'Section average', rest, rating)));
  }
  rows.push(...pooledRows(results.overall, (rest, rating) => row('All sections', 'Overall average', rest, rating)));
  return rows;
}

export function reviewResultsCsv(results: ReviewResults, meta: ReviewResultsCsvMeta): string {
  return toSafeCsv(reviewResultsCsvRows(results, meta), { bom: true });
}

function cellRows(cell: QuestionCell, row: RowOf, meta: ReviewResultsCsvMeta): Row[] {
  const perspective = PERSPECTIVE_LABELS[cell.perspective];
  if (cell.withheld) return [row({ perspective, status: withheldText(cell.withheld) })];
  const choices = cell.choices?.map((c) => `${c.option}: ${c.count}`).join('; ') ?? null;
  const rows = [row({ perspective, status: 'Shown', responses: cell.respondents, choices }, cell.rating)];
  if (cell.signed) {
    for (const a of cell.answers) {
      rows.push(
        row({
          perspective,
          reviewer: meta.reviewerName(a.reviewer_id),
          status: 'Answer',
          average: a.rating,
          choices: a.choices.join('; ') || null,
          comment: a.text,
        }),
      );
    }
  } else {
    for (const c of cell.comments) rows.push(row({ perspective, status: 'Comment', comment: c.text }));
  }
  return rows;
}

function pooledRows(figures: PooledFigures, row: RowOf): Row[] {
  const rows = figures.cells.map((cell) => {
    const perspective = PERSPECTIVE_LABELS[cell.perspective];
    if (cell.withheld) return row({ perspective, status: withheldText(cell.withheld) });
    const status = cell.excluded_questions
      ? `Shown (leaves out ${cell.excluded_questions} question${cell.excluded_questions === 1 ? '' : 's'} with too few answers)`
      : 'Shown';
    return row({ perspective, status, responses: cell.rating?.count ?? null }, cell.rating);
  });
  if (figures.others) rows.push(row(othersColumns(figures.others, figures.self_others_gap), figures.others));
  return rows;
}

function othersColumns(others: CombinedFigure, gap: number | null): Columns {
  const includes = others.includes.map((p) => PERSPECTIVE_LABELS[p]).join(', ') || 'nobody';
  const leftOut = others.excluded
    .map((e) =>
      e.reason === 'FEWER_THAN_THRESHOLD'
        ? `${PERSPECTIVE_LABELS[e.perspective]} (too few reviews)`
        : `${PERSPECTIVE_LABELS[e.perspective]} on questions with too few answers`,
    )
    .join(', ');
  const status = leftOut ? `Shown (includes ${includes}; leaves out ${leftOut})` : `Shown (includes ${includes})`;
  return { perspective: 'Others (everyone but self)', status, responses: others.count, gap };
}
