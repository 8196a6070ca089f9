import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingPhase } from '../../../shared/enums.js';
import { auth } from '../../lib/auth.js';
import { gql, graphql, type Narrowed, type ResultOf } from '../../lib/graphql.js';

const FIELDS = 'id name profile_picture { id display_name url } onboarding_phase is_onboarding_phase_skipped allowed_email_domains blocked_email_domains';

export const ORGANIZATION_SETTINGS = graphql(`
  query OrganizationSettings {
    organization { ${FIELDS} }
  }
`);

/** The organization's settings: its onboarding phase is an OnboardingPhase (the schema says String). */
export type OrganizationSettings = Narrowed<ResultOf<typeof ORGANIZATION_SETTINGS>['organization'], { onboarding_phase: OnboardingPhase }>;
export type OrganizationMedia = NonNullable<OrganizationSettings['profile_picture']>;

/** Under ['organization'], so invalidating the organization (as every mutation here does) refreshes the summary too. */
export const organizationSettingsQueryOptions = queryOptions({
  queryKey: ['organization', 'settings'],
  queryFn: async () => (await gql(ORGANIZATION_SETTINGS)).organization as OrganizationSettings,
});

export type OrganizationPatch = Partial<{
  name: string;
  profile_picture_id: string | null;
  onboarding_phase: OnboardingPhase;
  is_onboarding_phase_skipped: boolean;
  allowed_email_domains: string[];
  blocked_email_domains: string[];
}>;

export const UPDATE_ORGANIZATION = graphql(`
  mutation UpdateOrganization($input: UpdateOrganizationInput!) {
    updateOrganization(input: $input) { ${FIELDS} }
  }
`);

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrganizationPatch) => (await gql(UPDATE_ORGANIZATION, { input })).updateOrganization as OrganizationSettings,
    onSuccess: async (org) => {
      queryClient.setQueryData(organizationSettingsQueryOptions.queryKey, org);
      await queryClient.invalidateQueries({ queryKey: ['organization'] });
    },
  });
}

export const EMAIL_OUTBOX = graphql(`
  query EmailOutbox($limit: Int) {
    emailOutbox(limit: $limit) { id to subject link link_withheld created_at sent_at error }
  }
`);

/** `link_withheld`: why the link is not shown (it opens another admin's account), else null. */
export type OutboxMail = ResultOf<typeof EMAIL_OUTBOX>['emailOutbox'][number];

/** The newest mails first; the server keeps at most this many per answer. */
export const OUTBOX_LIMIT = 100;

export const emailOutboxQueryOptions = queryOptions({
  queryKey: ['emailOutbox', OUTBOX_LIMIT],
  queryFn: async () => (await gql(EMAIL_OUTBOX, { limit: OUTBOX_LIMIT })).emailOutbox,
});

export const CLOSE_ACCOUNT = graphql(`
  mutation CloseAccount($password: String!) {
    closeAccount(password: $password)
  }
`);

/**
 * Closes the organization. The server revokes every session of it (this one included), so the
 * caller then goes to /logout, which signs this browser out and tells the other tabs.
 */
export function useCloseAccount() {
  return useMutation({
    mutationFn: async (password: string) => (await gql(CLOSE_ACCOUNT, { password })).closeAccount,
  });
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** POST /api/media (multipart, Bearer token): the server checks size and type and answers { error, message } when it refuses. */
export async function uploadPicture(file: File): Promise<OrganizationMedia> {
  const token = await auth.getAccessToken();
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(new URL('/api/media', window.location.href).href, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch {
    throw new UploadError('The server could not be reached. Check your connection and try again.', 0);
  }
  const body = (await res.json().catch(() => null)) as ({ message?: string } & Partial<OrganizationMedia>) | null;
  if (!res.ok || !body?.id) throw new UploadError(body?.message ?? `The upload failed (the server answered ${res.status}).`, res.status);
  return { id: body.id, display_name: body.display_name ?? null, url: body.url ?? '' };
}
