import { PERSPECTIVES, RATING_KINDS, RATING_POINTS, type Perspective } from '../../../shared/review-template.schemas.js';
import type {
  CombinedFigure,
  PooledCell,
  PooledFigures,
  QuestionCell,
  QuestionResult,
  RatingFigure,
  Withheld,
  WithheldReason,
} from './reviews.results.types.js';

/**
 * Combined figures ("others", sections, the whole review) are built ONLY from the per-question
 * figures already shown to the viewer, by adding their distributions. So a combined figure can
 * never contain an answer the viewer may not see, and subtracting visible parts from it yields
 * nothing new (the subtraction case of docs/decisions/0017).
 */

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function ratingFigure(distribution: readonly number[]): RatingFigure {
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return { count, average: count ? round2(sum / count) : null, distribution: [...distribution] };
}

export function emptyDistribution(): number[] {
  return Array.from({ length: RATING_POINTS }, () => 0);
}

function addInto(target: number[], source: readonly number[]): void {
  source.forEach((n, i) => {
    target[i] = (target[i] ?? 0) + n;
  });
}

/** Unrounded average of a distribution, for gaps (rounding twice would drift). */
function exactAverage(distribution: readonly number[]): number | null {
  const count = distribution.reduce((a, b) => a + b, 0);
  return count ? distribution.reduce((a, n, i) => a + n * (i + 1), 0) / count : null;
}

export function gapOf(self: readonly number[] | null | undefined, others: readonly number[] | null | undefined): number | null {
  const s = self ? exactAverage(self) : null;
  const o = others ? exactAverage(others) : null;
  return s === null || o === null ? null : round2(s - o);
}

const byPerspective = (a: { perspective: Perspective }, b: { perspective: Perspective }) =>
  PERSPECTIVES.indexOf(a.perspective) - PERSPECTIVES.indexOf(b.perspective);

/** "Others" for one question: every shown cell but self; withheld cells are named, never added. */
export function othersOf(cells: readonly QuestionCell[]): CombinedFigure | null {
  const nonSelf = cells.filter((c) => c.perspective !== 'SELF');
  if (!nonSelf.length) return null;
  const distribution = emptyDistribution();
  const includes: Perspective[] = [];
  const excluded: CombinedFigure['excluded'] = [];
  for (const cell of nonSelf) {
    if (cell.withheld) excluded.push({ perspective: cell.perspective, reason: cell.withheld.reason });
    else if (cell.rating?.count) {
      addInto(distribution, cell.rating.distribution);
      includes.push(cell.perspective);
    }
  }
  return { ...ratingFigure(distribution), includes, excluded };
}

/**
 * Per perspective and "others" over several visible questions (rating kinds only), pooled
 * from their shown cells. A perspective withheld as a whole stays withheld; one withheld on
 * some questions only is pooled over the rest and counts what it left out.
 */
export function poolQuestions(questions: readonly QuestionResult[], perspectiveWithheld: ReadonlyMap<Perspective, Withheld>): PooledFigures {
  const rated = questions.filter((q) => RATING_KINDS.includes(q.kind));
  const perCell = new Map<Perspective, { signed: boolean; distribution: number[]; excluded: number; withheld: Withheld[] }>();
  const others = emptyDistribution();
  const includes = new Set<Perspective>();
  const excluded = new Map<Perspective, WithheldReason>();
  for (const question of rated) {
    for (const cell of question.cells) {
      const entry = perCell.get(cell.perspective) ?? { signed: cell.signed, distribution: emptyDistribution(), excluded: 0, withheld: [] };
      perCell.set(cell.perspective, entry);
      if (cell.withheld) {
        entry.excluded += 1;
        entry.withheld.push(cell.withheld);
        if (cell.perspective !== 'SELF' && !excluded.has(cell.perspective)) excluded.set(cell.perspective, cell.withheld.reason);
        continue;
      }
      if (!cell.rating) continue;
      addInto(entry.distribution, cell.rating.distribution);
      if (cell.perspective !== 'SELF' && cell.rating.count) {
        addInto(others, cell.rating.distribution);
        includes.add(cell.perspective);
      }
    }
  }
  const cells: PooledCell[] = [...perCell]
    .map(([perspective, e]) => {
      const whole = perspectiveWithheld.get(perspective);
      const allWithheld = e.withheld.length > 0 && e.excluded === questionsWith(rated, perspective);
      const withheld = whole ?? (allWithheld ? mostAnswered(e.withheld) : null);
      return { perspective, signed: e.signed, withheld, rating: withheld ? null : ratingFigure(e.distribution), excluded_questions: withheld ? 0 : e.excluded };
    })
    .sort(byPerspective);
  const hasOthers = cells.some((c) => c.perspective !== 'SELF');
  const othersFigure: CombinedFigure | null = hasOthers
    ? {
        ...ratingFigure(others),
        includes: PERSPECTIVES.filter((p) => includes.has(p)),
        excluded: PERSPECTIVES.filter((p) => excluded.has(p)).map((p) => ({ perspective: p, reason: excluded.get(p)! })),
      }
    : null;
  const self = cells.find((c) => c.perspective === 'SELF');
  return { cells, others: othersFigure, self_others_gap: gapOf(self?.rating?.distribution, othersFigure?.distribution) };
}

function questionsWith(questions: readonly QuestionResult[], perspective: Perspective): number {
  return questions.filter((q) => q.cells.some((c) => c.perspective === perspective)).length;
}

/** Of several question-level withholdings, the one closest to the threshold. */
function mostAnswered(list: readonly Withheld[]): Withheld {
  return list.reduce((best, w) => (w.have > best.have ? w : best));
}
