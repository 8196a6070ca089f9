import { queryOptions } from '@tanstack/react-query';
import type { CompetencyTrackInput } from '../../../shared/growth.js';
import { gql } from '../../lib/graphql.js';
import { first, useRefreshing, useSaveTemplate, useTemplateAction } from '../templates/template-api.js';
import { PLACEMENT_FIELDS, TRACK_FIELDS, type BuiltinCompetencyTrack, type CompetencyTrack, type Placement } from './growth.types.js';

/** The competency framework screen's reads and changes (server/features/growth/growth.framework.ts). */

const FRAMEWORK = /* GraphQL */ `query CompetencyFramework { competencyFramework(include_archived: true) { ${TRACK_FIELDS} } }`;
const BUILTINS = /* GraphQL */ 'query BuiltinCompetencyTracks { builtinCompetencyTracks { key name description levels competencies copied } }';
const PLACEMENTS = /* GraphQL */ `query CompetencyPlacements { placements { ${PLACEMENT_FIELDS} } }`;

/** Every track, archived ones too (the screen hides them behind a toggle). */
export const frameworkQueryOptions = queryOptions({
  queryKey: ['competencyFramework', 'all'],
  queryFn: async () => (await gql<{ competencyFramework: CompetencyTrack[] }>(FRAMEWORK)).competencyFramework,
});

export const builtinTracksQueryOptions = queryOptions({
  queryKey: ['competencyFramework', 'builtin'],
  queryFn: async () => (await gql<{ builtinCompetencyTracks: BuiltinCompetencyTrack[] }>(BUILTINS)).builtinCompetencyTracks,
});

/** Every placement of the organization (admins). */
export const placementsQueryOptions = queryOptions({
  queryKey: ['competencyFramework', 'placements'],
  queryFn: async () => (await gql<{ placements: Placement[] }>(PLACEMENTS)).placements,
});

const M = {
  create: `mutation CreateCompetencyTrack($input: CompetencyTrackInput!) { createCompetencyTrack(input: $input) { ${TRACK_FIELDS} } }`,
  update: `mutation UpdateCompetencyTrack($id: ID!, $input: CompetencyTrackInput!, $base_version: Int!) { updateCompetencyTrack(id: $id, input: $input, base_version: $base_version) { ${TRACK_FIELDS} } }`,
  copy: `mutation CopyBuiltinCompetencyTrack($key: String!) { copyBuiltinCompetencyTrack(key: $key) { ${TRACK_FIELDS} } }`,
  archive: `mutation ArchiveCompetencyTrack($id: ID!) { archiveCompetencyTrack(id: $id) { ${TRACK_FIELDS} } }`,
  restore: `mutation RestoreCompetencyTrack($id: ID!) { restoreCompetencyTrack(id: $id) { ${TRACK_FIELDS} } }`,
  place: `mutation PlacePerson($input: PlacementInput!) { placePerson(input: $input) { ${PLACEMENT_FIELDS} } }`,
  unplace: 'mutation RemovePlacement($user_id: ID!) { removePlacement(user_id: $user_id) }',
};

/** Every change refreshes the framework family (tracks, built-ins, placements and their counts), and the assessment and plan screens that show placements. */
const REFRESHED = ['competencyFramework', 'assessmentOverview', 'developmentPlan'];

export const useSaveTrack = () => useSaveTemplate<CompetencyTrack, CompetencyTrackInput>(REFRESHED, M);

export const useCopyBuiltinTrack = () => useRefreshing(REFRESHED, async (key: string) => first(await gql<Record<string, CompetencyTrack>>(M.copy, { key })));

export const useTrackAction = () => useTemplateAction<CompetencyTrack, 'archive' | 'restore'>(REFRESHED, M);

export const usePlacePerson = () => useRefreshing(REFRESHED, async (input: { user_id: string; track_id: string; level_id: string }) =>
  first(await gql<Record<string, Placement>>(M.place, { input })));

export const useRemovePlacement = () => useRefreshing(REFRESHED, async (userId: string) => first(await gql<Record<string, boolean>>(M.unplace, { user_id: userId })));
