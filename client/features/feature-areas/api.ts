import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureArea } from '../../../shared/feature-areas.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

const FIELDS = 'area label built enabled updated_at';

export const FEATURE_AREAS = graphql(`
  query FeatureAreas {
    featureAreas { ${FIELDS} }
  }
`);

export type FeatureAreaSetting = ResultOf<typeof FEATURE_AREAS>['featureAreas'][number];

export const featureAreasQueryOptions = queryOptions({
  queryKey: ['feature-areas'],
  // An answer without the list (an older server) means nothing was switched off.
  queryFn: async () => (await gql(FEATURE_AREAS)).featureAreas ?? [],
  staleTime: 60_000,
});

/** The areas switched off, from the query's data (undefined while loading: nothing is off). */
export function disabledAreasOf(settings: readonly FeatureAreaSetting[] | undefined): ReadonlySet<FeatureArea> {
  return new Set((settings ?? []).filter((s) => !s.enabled).map((s) => s.area));
}

export const SET_FEATURE_AREAS = graphql(`
  mutation SetFeatureAreas($changes: [FeatureAreaChange!]!) {
    setFeatureAreas(changes: $changes) { ${FIELDS} }
  }
`);

export function useSetFeatureAreas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Array<{ area: FeatureArea; enabled: boolean }>) => (await gql(SET_FEATURE_AREAS, { changes })).setFeatureAreas,
    onSuccess: (settings) => queryClient.setQueryData(featureAreasQueryOptions.queryKey, settings),
  });
}
