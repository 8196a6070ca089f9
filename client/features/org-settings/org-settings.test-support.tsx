import { jsonResponse, meAs, stubGraphql, type Answer, type OperationHandlers } from '../../test/graphql-stub.js';
import type { OrganizationSettings, OutboxMail } from './api.js';
import type { InstallSignUp } from './install-api.js';

export function organization(patch: Partial<OrganizationSettings> = {}): OrganizationSettings {
  return {
    id: 'org-1',
    name: 'Acme Robotics',
    profile_picture: null,
    onboarding_phase: 'SET_UP_TEAMS',
    is_onboarding_phase_skipped: false,
    allowed_email_domains: [],
    blocked_email_domains: ['contractors.example'],
    ...patch,
  };
}

/**
 * Stubs fetch like the server answers a signed-in admin: Me, OrganizationSettings, EmailOutbox and InstallSignUp
 * from `state`; mutations through `handlers` (by operation name); POST /api/media through `upload`.
 * Every GraphQL call is recorded in the calls returned.
 */
export function stubServer(
  state: { org: OrganizationSettings; outbox?: OutboxMail[]; signUp?: InstallSignUp },
  handlers: OperationHandlers = {},
  upload?: (body: FormData) => Response,
) {
  const { calls } = stubGraphql(
    {
      OrganizationSettings: () => ({ data: { organization: state.org } }),
      EmailOutbox: () => ({ data: { emailOutbox: state.outbox ?? [] } }),
      ScheduledJobs: () => ({ data: { scheduledJobs: [] } }),
      // By default an organization that does not run the server: the sign-up section stays hidden.
      InstallSignUp: () => ({
        data: { installSignUp: state.signUp ?? { open: false, source: 'DEFAULT', is_operator_organization: false, can_change: false, updated_at: null } },
      }),
      ...handlers,
    },
    {
      me: meAs('ADMIN', { full_name: 'Alex Admin', email: 'alex@acme.example' }),
      rest: (url, body) => {
        if (!url.endsWith('/api/media')) return jsonResponse({}, 404);
        return upload ? upload(body as FormData) : jsonResponse({ error: 'NOT_FOUND', message: 'No upload here.' }, 404);
      },
    },
  );
  return calls;
}

/** What UpdateOrganization answers. */
export type OrganizationAnswer = Answer<{ updateOrganization: OrganizationSettings }>;

/** A mutation answer that applies the patch to the state, as the server would. */
export function applyOrganizationPatch(state: { org: OrganizationSettings }) {
  return (variables: Record<string, unknown>): OrganizationAnswer => {
    state.org = { ...state.org, ...(variables.input as Partial<OrganizationSettings>) };
    return { data: { updateOrganization: state.org } };
  };
}
