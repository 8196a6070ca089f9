import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionLevel, WidgetType } from '../../../shared/enums.js';
import { gql } from '../../lib/graphql.js';

export type Me = {
  id: string;
  full_name: string;
  email: string;
  role: string | null;
  permission_level: PermissionLevel;
  team: { id: string; name: string } | null;
  manager: { id: string; full_name: string } | null;
};

const ME = /* GraphQL */ `
  query Me {
    findOneUser { id full_name email role permission_level team { id name } manager { id full_name } }
  }
`;

export const meQueryOptions = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: async () => (await gql<{ findOneUser: Me }>(ME)).findOneUser,
});

const WIDGETS = /* GraphQL */ `
  query WidgetPreferences {
    userWidgetPreferences { user_id enabled_widgets }
  }
`;

export const widgetPreferencesQueryOptions = queryOptions({
  queryKey: ['users', 'me', 'widgets'],
  queryFn: async () => (await gql<{ userWidgetPreferences: { user_id: string; enabled_widgets: WidgetType[] } }>(WIDGETS)).userWidgetPreferences,
});

export type OrganizationSummary = { id: string; name: string; onboarding_phase: string; is_onboarding_phase_skipped: boolean };

const ORGANIZATION = /* GraphQL */ `
  query OrganizationSummary {
    organization { id name onboarding_phase is_onboarding_phase_skipped }
  }
`;

export const organizationQueryOptions = queryOptions({
  queryKey: ['organization'],
  queryFn: async () => (await gql<{ organization: OrganizationSummary }>(ORGANIZATION)).organization,
});

const UPDATE_PASSWORD = /* GraphQL */ `
  mutation UpdatePassword($input: UpdatePasswordInput!) {
    updatePassword(input: $input)
  }
`;

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) => gql<{ updatePassword: boolean }>(UPDATE_PASSWORD, { input }),
  });
}

const SKIP_ONBOARDING = /* GraphQL */ `
  mutation SkipOnboarding {
    updateOrganization(input: { is_onboarding_phase_skipped: true }) { id onboarding_phase is_onboarding_phase_skipped }
  }
`;

export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => gql(SKIP_ONBOARDING),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationQueryOptions.queryKey }),
  });
}

const UPDATE_WIDGETS = /* GraphQL */ `
  mutation UpdateWidgetPreferences($enabled_widgets: [WidgetType!]!) {
    updateWidgetPreferences(enabled_widgets: $enabled_widgets) { user_id enabled_widgets }
  }
`;

export function useUpdateWidgetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: WidgetType[]) =>
      (await gql<{ updateWidgetPreferences: { user_id: string; enabled_widgets: WidgetType[] } }>(UPDATE_WIDGETS, { enabled_widgets: enabled })).updateWidgetPreferences,
    onSuccess: (prefs) => queryClient.setQueryData(widgetPreferencesQueryOptions.queryKey, prefs),
  });
}
