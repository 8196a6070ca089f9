import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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
