import { formatDay } from '../../../shared/format.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import type { ReviewCycleRow } from './reviews.cycles.repo.js';
import type { ReviewTemplateContent } from './reviews.templates.repo.js';

/* Launching a cycle: the writes are launchReviewCycle in reviews.cycles.launch.repo.ts. */

/** Perspectives that are on for the cycle and that the template asks at least one question of. */
export function askedPerspectives(cycle: Pick<ReviewCycleRow, 'perspectives'>, template: ReviewTemplateContent): Set<Perspective> {
  const asked = new Set(template.sections.flatMap((s) => s.questions.flatMap((q) => q.perspectives)));
  return new Set(cycle.perspectives.filter((p) => asked.has(p)));
}

/**
 * What the reviewers of a launched cycle are told. The cycle is named in the body only: a cycle is
 * read by whoever runs it or takes part, and titles reach a Slack channel (docs/decisions/0055).
 */
export const newRequestsText = (cycle: Pick<ReviewCycleRow, 'name' | 'review_end'>): { title: string; body: string } => ({
  title: 'You have new reviews to write',
  body: `${cycle.name}: please write your reviews by ${formatDay(cycle.review_end)}.`,
});
