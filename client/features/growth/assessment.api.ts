import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { ASSESSMENT_FIELDS, ASSESSMENT_OVERVIEW_FIELDS, type Assessment, type AssessmentComparisonRow } from './growth.types.js';

/** The assessment page's queries and mutations (server/features/growth/growth.assessments.ts). */

export const assessmentOverviewKey = (userId: string) => ['assessmentOverview', userId] as const;

export const ASSESSMENT_OVERVIEW = graphql(`query AssessmentOverview($userId: ID!) { assessmentOverview(user_id: $userId) { ${ASSESSMENT_OVERVIEW_FIELDS} } }`);

export const assessmentOverviewQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: assessmentOverviewKey(userId),
    queryFn: async () => (await gql(ASSESSMENT_OVERVIEW, { userId })).assessmentOverview,
  });

export const ASSESSMENT_PEOPLE = graphql(
  'query AssessmentPeople { organizationUsers { id full_name email status manager { id } team { id manager { id } team_lead { id } } } }',
);
export type AssessablePerson = ResultOf<typeof ASSESSMENT_PEOPLE>['organizationUsers'][number];

/** The organization's people with who they report to, for the managers' picker of their reports. */
export const assessablePeopleQueryOptions = queryOptions({
  queryKey: ['users', 'assessable'],
  queryFn: async () => (await gql(ASSESSMENT_PEOPLE)).organizationUsers,
});

/**
 * Everyone below `viewerId` (the server's rule, goals.visibility.ts belowViewer): people they manage,
 * members of teams they manage or lead, and everyone below those in turn. Admins: everyone else.
 */
export function peopleBelow(people: readonly AssessablePerson[], viewerId: string, admin: boolean): AssessablePerson[] {
  if (admin) return people.filter((p) => p.id !== viewerId);
  const below = new Set<string>();
  let frontier = [viewerId];
  while (frontier.length) {
    const heads = new Set(frontier);
    frontier = [];
    for (const p of people) {
      if (below.has(p.id) || p.id === viewerId) continue;
      const t = p.team;
      if ((p.manager && heads.has(p.manager.id)) || (t && ((t.manager && heads.has(t.manager.id)) || (t.team_lead && heads.has(t.team_lead.id))))) {
        below.add(p.id);
        frontier.push(p.id);
      }
    }
  }
  return people.filter((p) => below.has(p.id));
}

const A = `{ ${ASSESSMENT_FIELDS} }`;
export type RatingsInput = { ratings: Array<{ competency_id: string; rating: number | null; comment: string }>; summary: string };

export const START_ASSESSMENT = graphql(`mutation StartAssessment($userId: ID!) { startAssessment(user_id: $userId) ${A} }`);
export const SAVE_ASSESSMENT = graphql(
  `mutation SaveAssessment($id: ID!, $input: AssessmentRatingsInput!, $base_version: Int!) { saveAssessment(id: $id, input: $input, base_version: $base_version) ${A} }`,
);
export const SUBMIT_ASSESSMENT = graphql(`mutation SubmitAssessment($id: ID!) { submitAssessment(id: $id) ${A} }`);
export const DELETE_ASSESSMENT_DRAFT = graphql('mutation DeleteAssessmentDraft($id: ID!) { deleteAssessmentDraft(id: $id) }');

export function assessmentApi(queryClient: QueryClient, userId: string) {
  const refresh = () => queryClient.invalidateQueries({ queryKey: assessmentOverviewKey(userId) });
  return {
    start: async () => {
      const a = (await gql(START_ASSESSMENT, { userId })).startAssessment;
      void refresh();
      return a;
    },
    save: async (id: string, input: RatingsInput, baseVersion: number) => (await gql(SAVE_ASSESSMENT, { id, input, base_version: baseVersion })).saveAssessment,
    submit: async (id: string) => {
      const a = (await gql(SUBMIT_ASSESSMENT, { id })).submitAssessment;
      await refresh();
      return a;
    },
    remove: async (id: string) => {
      await gql(DELETE_ASSESSMENT_DRAFT, { id });
      await refresh();
    },
  };
}
export type AssessmentApi = ReturnType<typeof assessmentApi>;

/** "Manager rates 1 higher", "Manager rates 2 lower", "Same rating", or why there is no gap. */
export function gapInWords(gap: number | null): string {
  if (gap === null) return 'Not rated by both yet';
  if (gap === 0) return 'Same rating';
  return `Manager rates ${Math.abs(gap)} ${gap > 0 ? 'higher' : 'lower'}`;
}

/**
 * The side-by-side rows with a past assessment in place of the latest of its kind (history: choose
 * one to compare); the gap is worked out again.
 */
export function rowsComparedWith(rows: readonly AssessmentComparisonRow[], chosen: Assessment | null): AssessmentComparisonRow[] {
  if (!chosen) return [...rows];
  const ratings = new Map(chosen.ratings.map((r) => [r.competency_id, r.rating]));
  return rows.map((row) => {
    const self = chosen.kind === 'SELF' ? (ratings.get(row.competency.id) ?? null) : row.self;
    const manager = chosen.kind === 'MANAGER' ? (ratings.get(row.competency.id) ?? null) : row.manager;
    return { ...row, self, manager, gap: self !== null && manager !== null ? manager - self : null };
  });
}
