import { queryOptions, useMutation, useQueryClient, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { WidgetType } from '../../../shared/enums.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

export const ME = graphql(`
  query Me {
    findOneUser { id full_name email role permission_level team { id name } manager { id full_name } }
  }
`);

/** The signed-in person. */
export type Me = ResultOf<typeof ME>['findOneUser'];

export const meQueryOptions = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: async () => (await gql(ME)).findOneUser,
});

/**
 * The viewer, with the data a page shows to the roles that may see it asked in the same batch.
 * A page kept from some roles would otherwise ask for the viewer, wait for the answer, and only
 * then ask for its data: a second round trip before anything is drawn (docs/decisions/0083). The
 * loader still decides by the viewer: it calls `load()` (which joins the requests already sent)
 * only for the roles that see the data. What a refused viewer was asked for answers FORBIDDEN
 * into a cache entry nobody reads (not retried, no alert); the server decides as for any request.
 */
export async function viewerAlong(
  queryClient: QueryClient,
  ...data: Array<FetchQueryOptions<any, any, any, any>>
): Promise<{ me: Me; load: () => Promise<unknown> }> {
  for (const options of data) void queryClient.prefetchQuery(options);
  const me = await queryClient.ensureQueryData(meQueryOptions);
  return { me, load: () => Promise.all(data.map((options) => queryClient.ensureQueryData(options))) };
}

export const WIDGETS = graphql(`
  query WidgetPreferences {
    userWidgetPreferences { user_id enabled_widgets }
  }
`);

export const widgetPreferencesQueryOptions = queryOptions({
  queryKey: ['users', 'me', 'widgets'],
  queryFn: async () => (await gql(WIDGETS)).userWidgetPreferences,
});

export const ORGANIZATION = graphql(`
  query OrganizationSummary {
    organization { id name onboarding_phase is_onboarding_phase_skipped }
  }
`);

export type OrganizationSummary = ResultOf<typeof ORGANIZATION>['organization'];

export const organizationQueryOptions = queryOptions({
  queryKey: ['organization'],
  queryFn: async () => (await gql(ORGANIZATION)).organization,
});

export const UPDATE_PASSWORD = graphql(`
  mutation UpdatePassword($input: UpdatePasswordInput!) {
    updatePassword(input: $input)
  }
`);

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) => gql(UPDATE_PASSWORD, { input }),
  });
}

export const SKIP_ONBOARDING = graphql(`
  mutation SkipOnboarding {
    updateOrganization(input: { is_onboarding_phase_skipped: true }) { id onboarding_phase is_onboarding_phase_skipped }
  }
`);

export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => gql(SKIP_ONBOARDING),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationQueryOptions.queryKey }),
  });
}

export const UPDATE_WIDGETS = graphql(`
  mutation UpdateWidgetPreferences($enabled_widgets: [WidgetType!]!) {
    updateWidgetPreferences(enabled_widgets: $enabled_widgets) { user_id enabled_widgets }
  }
`);

export function useUpdateWidgetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: WidgetType[]) => (await gql(UPDATE_WIDGETS, { enabled_widgets: enabled })).updateWidgetPreferences,
    onSuccess: (prefs) => queryClient.setQueryData(widgetPreferencesQueryOptions.queryKey, prefs),
  });
}
