import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql, graphql } from '../../lib/graphql.js';

/** A track of the organization's competency framework, as the template editor offers it. */
export type FrameworkTrackOption = { id: string; name: string; archived: boolean; competencies: Array<{ id: string; name: string }> };

export const FRAMEWORK_OPTIONS = graphql(`query ReviewTemplateCompetencies { competencyFramework { id name archived competencies { id name } } }`);

export const frameworkOptionsQuery = queryOptions({
  queryKey: ['competencyFramework', 'review-template-options'],
  queryFn: async () => (await gql(FRAMEWORK_OPTIONS)).competencyFramework,
  // FORBIDDEN while professional development is switched off: the editor falls back to a typed name.
  retry: false,
  staleTime: 60_000,
});

/** The framework's tracks with competencies; empty when there is none or it cannot be read. */
export function useFrameworkCompetencies(): FrameworkTrackOption[] {
  const { data } = useQuery(frameworkOptionsQuery);
  return (data ?? []).filter((t) => !t.archived && t.competencies.length > 0);
}
