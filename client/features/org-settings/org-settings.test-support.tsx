import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { auth } from '../../lib/auth.js';
import { createQueryClient } from '../../lib/query-client.js';
import { createAppRouter } from '../../router.js';
import { fakeApi, sessionWith, tokenExpiringAt } from '../../test/fixtures.js';
import type { OrganizationSettings, OutboxMail } from './api.js';

/** What a GraphQL or upload handler answers: data, or an error with extensions, or a raw HTTP answer. */
export type Answer = { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } | Response;
export type Call = { operationName: string; variables: Record<string, unknown> };

export function organization(patch: Partial<OrganizationSettings> = {}): OrganizationSettings {
  return {
    id: 'org-1', name: 'Acme Robotics', profile_picture: null, onboarding_phase: 'SET_UP_TEAMS', is_onboarding_phase_skipped: false,
    allowed_email_domains: [], blocked_email_domains: ['contractors.example'], ...patch,
  };
}

/**
 * Stubs fetch like the server answers a signed-in admin: Me, OrganizationSettings and EmailOutbox
 * from `state`; mutations through `handlers` (by operation name); POST /api/media through `upload`.
 * Every GraphQL call is recorded in `calls`.
 */
export function stubServer(state: { org: OrganizationSettings; outbox?: OutboxMail[] }, handlers: Record<string, (variables: Record<string, unknown>) => Answer | Promise<Answer>> = {}, upload?: (body: FormData) => Response) {
  const calls: Call[] = [];
  const me = { id: 'user-1', full_name: 'Alex Admin', email: 'alex@acme.example', role: null, permission_level: 'ADMIN', team: null, manager: null };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/media')) return upload ? upload(init?.body as FormData) : json({ error: 'NOT_FOUND', message: 'No upload here.' }, 404);
    if (!url.endsWith('/graphql')) return json({}, 404);
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables?: Record<string, unknown> };
    calls.push({ operationName: body.operationName, variables: body.variables ?? {} });
    if (body.operationName === 'Me') return json({ data: { findOneUser: me } });
    if (body.operationName === 'OrganizationSettings') return json({ data: { organization: state.org } });
    if (body.operationName === 'EmailOutbox') return json({ data: { emailOutbox: state.outbox ?? [] } });
    const handler = handlers[body.operationName];
    if (!handler) return json({ data: {} });
    const answer = await handler(body.variables ?? {});
    return answer instanceof Response ? answer : json(answer);
  }));
  return calls;
}

/** A mutation answer that applies the patch to the state, as the server would. */
export function applyOrganizationPatch(state: { org: OrganizationSettings }) {
  return (variables: Record<string, unknown>): Answer => {
    state.org = { ...state.org, ...(variables.input as Partial<OrganizationSettings>) };
    return { data: { updateOrganization: state.org } };
  };
}

export const refusal = (message: string, code: string, fields?: Record<string, string>): Answer => ({
  data: null,
  errors: [{ message, extensions: { code, ...(fields ? { fields } : {}) } }],
});

/** Renders the real app at `path` for a signed-in admin, with a real QueryClient. */
export async function renderAsAdmin(path: string) {
  // jsdom has no scrolling (the router restores scroll positions) and no CSS.escape (forms focus the first bad field).
  window.scrollTo = () => undefined;
  (globalThis as { CSS?: { escape?: (v: string) => string } }).CSS ??= { escape: (v: string) => v };
  const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) + 120)));
  Object.assign(auth, { api });
  await auth.check();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth }, createMemoryHistory({ initialEntries: [path] }));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
