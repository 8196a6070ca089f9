import type { MercuriusContext } from 'mercurius';
import type { Db } from '../../db/connection.js';
import { expectationsAtLevel, findCompetenciesByIds, findPlacedLevel } from '../growth/growth.framework.repo.js';
import { competencyQuestionsOfCycle } from './reviews.cycles.launch.repo.js';
import type { ReviewRequestRow } from './reviews.requests.repo.js';

/**
 * Reviews and the competency framework (docs/decisions/0050): a COMPETENCY_RATING question may name a
 * competency of the organization's framework (competency_id); the answer page then shows what the
 * reviewee's level expects of it (their placement's competency_expectations).
 */
export const reviewCompetenciesSchema = /* GraphQL */ `
  "What the reviewee's level expects of a competency a question rates."
  type ReviewCompetencyExpectation {
    "The question (ReviewCycleQuestion.id)."
    question_id: ID!
    competency_id: ID!
    competency_name: String!
    "The reviewee's level; only for their manager's review and their own (a peer does not learn it)."
    level_name: String
    "What the level expects; empty when the framework says nothing."
    text: String!
  }

  extend type ReviewCycleQuestion {
    "COMPETENCY_RATING: the framework competency it rates."
    competency_id: ID
    "Show the reviewee's goals of the review period under the question."
    show_goals: Boolean!
  }

  extend type ReviewRequest {
    "For the questions that rate a framework competency: what the reviewee's level expects (none when they are not placed on that competency's track)."
    competency_expectations: [ReviewCompetencyExpectation!]!
  }
`;

/** Of `ids`, those that are not competencies of the organization. */
export function unknownCompetencyIds(db: Db, orgId: string, ids: readonly string[]): Set<string> {
  if (!ids.length) return new Set();
  const known = new Set(findCompetenciesByIds(db, orgId, [...new Set(ids)]).map((r) => r.id));
  return new Set(ids.filter((id) => !known.has(id)));
}

export function expectationsForRequest(db: Db, request: ReviewRequestRow) {
  const questions = competencyQuestionsOfCycle(db, request.organization_id, request.cycle_id).filter(
    (q) => q.competency_id && q.perspectives.includes(request.perspective),
  );
  if (!questions.length) return [];
  const placement = findPlacedLevel(db, request.organization_id, request.reviewee_id);
  if (!placement) return [];
  const ids = [...new Set(questions.map((q) => q.competency_id!))];
  const rows = expectationsAtLevel(db, request.organization_id, ids, placement.level_id);
  const byId = new Map(rows.map((r) => [r.competency_id, r]));
  const showLevel = request.perspective === 'MANAGER' || request.perspective === 'SELF';
  return questions.flatMap((q) => {
    const row = byId.get(q.competency_id!);
    return row
      ? [
          {
            question_id: q.id,
            competency_id: row.competency_id,
            competency_name: row.name,
            level_name: showLevel ? placement.level_name : null,
            text: row.text,
          },
        ]
      : [];
  });
}

export const reviewCompetenciesResolvers = {
  ReviewRequest: {
    // The request reaches a viewer only when they are its reviewer (reviews.requests.resolvers.ts).
    competency_expectations: (r: ReviewRequestRow, _: unknown, ctx: MercuriusContext) =>
      ctx.viewer?.userId !== r.reviewer_id ? [] : expectationsForRequest(ctx.services.db, r),
  },
};
