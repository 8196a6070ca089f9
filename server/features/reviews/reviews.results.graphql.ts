import type { MercuriusContext } from 'mercurius';
import { withheldText } from '../../../shared/review-results.text.js';
import { requireViewer } from '../../graphql/context.js';
import { featureAreaOnFor } from '../feature-areas/feature-areas.guard.js';
import { groupBy } from '../../graphql/loaders.js';
import { loadUser } from '../users/users.loaders.js';
import type { UserRow } from '../users/users.repo.js';
import { listResultParticipantsByReviewees } from './reviews.progress.repo.js';
import { canReadResults, loadReviewResults } from './reviews.results.access.js';
import type { ResultComment, SignedAnswer, Withheld } from './reviews.results.types.js';

/** One reviewee's results as the viewer may see them (docs/decisions/0017 and 0018). */
export const reviewResultsSchema = /* GraphQL */ `
  enum ReviewResultsViewerRole { REVIEWEE MANAGER ADMIN }
  enum ResultWithheldReason { FEWER_THAN_THRESHOLD QUESTION_FEWER_THAN_THRESHOLD }

  "Why a figure is not shown: too few answers to keep reviewers anonymous."
  type ResultWithheld {
    reason: ResultWithheldReason!
    "Answers that count toward the threshold (the viewer's own never does)."
    have: Int!
    need: Int!
    own_answer_excluded: Boolean!
    "The same sentence the CSV export writes."
    message: String!
  }
  type ResultRating { count: Int! average: Float "Counts of ratings 1 to 5." distribution: [Int!]! }
  type ResultChoiceCount { option: String! count: Int! }
  "A comment: signed ones (self, manager) name the reviewer; anonymous ones have none."
  type ResultComment { text: String! reviewer: User }
  type ResultSignedAnswer { reviewer: User rating: Int text: String choices: [String!]! }
  type ResultExcluded { perspective: ReviewPerspective! reason: ResultWithheldReason! }
  "Several shown cells added up; excluded says what was left out and why."
  type ResultCombined { count: Int! average: Float distribution: [Int!]! includes: [ReviewPerspective!]! excluded: [ResultExcluded!]! }
  type ResultCell {
    perspective: ReviewPerspective!
    signed: Boolean!
    withheld: ResultWithheld
    respondents: Int
    rating: ResultRating
    choices: [ResultChoiceCount!]
    comments: [ResultComment!]!
    answers: [ResultSignedAnswer!]!
  }
  type ResultQuestion {
    id: ID!
    kind: ReviewQuestionKind!
    prompt: String!
    options: [String!]!
    competency: String
    private: Boolean!
    cells: [ResultCell!]!
    others: ResultCombined
    self_others_gap: Float
  }
  type ResultPooledCell { perspective: ReviewPerspective! signed: Boolean! withheld: ResultWithheld rating: ResultRating excluded_questions: Int! }
  type ResultPooled { cells: [ResultPooledCell!]! others: ResultCombined self_others_gap: Float }
  type ResultSection { id: ID! title: String! questions: [ResultQuestion!]! cells: [ResultPooledCell!]! others: ResultCombined self_others_gap: Float }
  "Perspectives nobody was asked for (no direct reports, perspective off) are left out."
  type ResultPerspective { perspective: ReviewPerspective! signed: Boolean! respondents: Int "Reviews asked for (not declined)." asked: Int withheld: ResultWithheld }

  type ReviewResults {
    participant_id: ID!
    cycle_id: ID!
    cycle_name: String!
    reviewee: User
    threshold: Int!
    viewer_role: ReviewResultsViewerRole!
    perspectives: [ResultPerspective!]!
    sections: [ResultSection!]!
    overall: ResultPooled!
    "GET this path with the access token (Authorization: Bearer) for the same results as CSV."
    csv_path: String!
  }

  extend type Query {
    "Once the cycle is closed: the reviewee's manager and admins; the reviewee after release. Others FORBIDDEN."
    reviewResults(participantId: ID!): ReviewResults!
  }
`;

type Ctx = MercuriusContext;
type UserRef = { reviewer_id: string | null };

export const resultsCsvPath = (participantId: string) => `/api/reviews/results/${encodeURIComponent(participantId)}.csv`;

/** `User.user_reviews_reviewee` for a list of users: one statement for all of them. */
const revieweeLoader = (ctx: Ctx) =>
  ctx.loaders.get(
    'reviews.resultsByReviewee',
    (ids) => {
      const rows = listResultParticipantsByReviewees(ctx.services.db, ctx.viewer?.organizationId ?? '', ids);
      return groupBy(rows, (r) => r.participant.reviewee_id);
    },
    [] as ReturnType<typeof listResultParticipantsByReviewees>,
  );

export const reviewResultsResolvers = {
  Query: {
    reviewResults: (_: unknown, args: { participantId: string }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const { cycle, participant, results } = loadReviewResults(ctx.services.db, viewer, args.participantId);
      return {
        ...results,
        participant_id: participant.id,
        cycle_id: cycle.id,
        cycle_name: cycle.name,
        reviewee_id: participant.reviewee_id,
        csv_path: resultsCsvPath(participant.id),
      };
    },
  },
  ReviewResults: {
    reviewee: (r: { reviewee_id: string }, _: unknown, ctx: Ctx) => loadUser(ctx, r.reviewee_id),
  },
  ResultWithheld: {
    message: (w: Withheld) => withheldText(w),
  },
  ResultComment: {
    reviewer: (c: ResultComment & UserRef, _: unknown, ctx: Ctx) => loadUser(ctx, c.reviewer_id),
  },
  ResultSignedAnswer: {
    reviewer: (a: SignedAnswer, _: unknown, ctx: Ctx) => loadUser(ctx, a.reviewer_id),
  },
  User: {
    /** Ids (participant ids) of the reviews about this user whose results the viewer may read now. */
    user_reviews_reviewee: async (u: UserRow, _: unknown, ctx: Ctx) => {
      const viewer = ctx.viewer;
      if (!viewer || u.organization_id !== viewer.organizationId || !featureAreaOnFor(ctx, 'REVIEWS')) return [];
      const rows = await revieweeLoader(ctx).load(u.id);
      return rows.filter((r) => canReadResults(viewer, r.cycle, r.participant)).map((r) => r.participant.id);
    },
  },
};
