import { queryOptions } from '@tanstack/react-query';
import { gql, gqlField, graphql, type VariablesOf } from '../../lib/graphql.js';
import { useRefreshing, useSaveTemplate, useTemplateAction } from '../templates/template-api.js';
import { PLACEMENT_FIELDS, TRACK_FIELDS, type CompetencyTrack } from './growth.types.js';

/** The competency framework screen's reads and changes (server/features/growth/growth.framework.ts). */

export const FRAMEWORK = graphql(`query CompetencyFramework { competencyFramework(include_archived: true) { ${TRACK_FIELDS} } }`);
export const BUILTINS = graphql('query BuiltinCompetencyTracks { builtinCompetencyTracks { key name description levels competencies copied } }');
export const PLACEMENTS = graphql(`query CompetencyPlacements { placements { ${PLACEMENT_FIELDS} } }`);

/** Every track, archived ones too (the screen hides them behind a toggle). */
export const frameworkQueryOptions = queryOptions({
  queryKey: ['competencyFramework', 'all'],
  queryFn: async () => (await gql(FRAMEWORK)).competencyFramework,
});

export const builtinTracksQueryOptions = queryOptions({
  queryKey: ['competencyFramework', 'builtin'],
  queryFn: async () => (await gql(BUILTINS)).builtinCompetencyTracks,
});

/** Every placement of the organization (admins). */
export const placementsQueryOptions = queryOptions({
  queryKey: ['competencyFramework', 'placements'],
  queryFn: async () => (await gql(PLACEMENTS)).placements,
});

export const M = {
  create: graphql(`mutation CreateCompetencyTrack($input: CompetencyTrackInput!) { createCompetencyTrack(input: $input) { ${TRACK_FIELDS} } }`),
  update: graphql(
    `mutation UpdateCompetencyTrack($id: ID!, $input: CompetencyTrackInput!, $base_version: Int!) { updateCompetencyTrack(id: $id, input: $input, base_version: $base_version) { ${TRACK_FIELDS} } }`,
  ),
  copy: graphql(`mutation CopyBuiltinCompetencyTrack($key: String!) { copyBuiltinCompetencyTrack(key: $key) { ${TRACK_FIELDS} } }`),
  archive: graphql(`mutation ArchiveCompetencyTrack($id: ID!) { archiveCompetencyTrack(id: $id) { ${TRACK_FIELDS} } }`),
  restore: graphql(`mutation RestoreCompetencyTrack($id: ID!) { restoreCompetencyTrack(id: $id) { ${TRACK_FIELDS} } }`),
  place: graphql(`mutation PlacePerson($input: PlacementInput!) { placePerson(input: $input) { ${PLACEMENT_FIELDS} } }`),
  unplace: graphql('mutation RemovePlacement($user_id: ID!) { removePlacement(user_id: $user_id) }'),
};

/** Every change refreshes the framework family (tracks, built-ins, placements and their counts), and the assessment and plan screens that show placements. */
const REFRESHED = ['competencyFramework', 'assessmentOverview', 'developmentPlan'];

/** A track as saved: the schema's input (shared/growth.ts checks it first, in the editor and on the server). */
export type TrackInput = VariablesOf<typeof M.create>['input'];

export const useSaveTrack = () => useSaveTemplate<CompetencyTrack, TrackInput>(REFRESHED, M);

export const useCopyBuiltinTrack = () => useRefreshing(REFRESHED, async (key: string) => gqlField(M.copy, { key }));

export const useTrackAction = () => useTemplateAction<CompetencyTrack, 'archive' | 'restore'>(REFRESHED, M);

export const usePlacePerson = () =>
  useRefreshing(REFRESHED, async (input: { user_id: string; track_id: string; level_id: string }) => gqlField(M.place, { input }));

export const useRemovePlacement = () => useRefreshing(REFRESHED, async (userId: string) => (await gql(M.unplace, { user_id: userId })).removePlacement);
