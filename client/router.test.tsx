// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { auth } from './lib/auth.js';
import { SessionManager } from './lib/session.js';
import { fakeApi } from './test/fixtures.js';
import { meAs, stubGraphql } from './test/graphql-stub.js';
import { cleanUpBetweenTests, renderRoute, signIn } from './test/render-route.js';

const renderAt = (path: string, session: SessionManager) => renderRoute(path, { session }).router;

/** Answers POST /graphql like the server would for a signed-in person. */
const signedInAs = (permissionLevel: 'ADMIN' | 'MEMBER') =>
  stubGraphql({}, { me: meAs(permissionLevel, { full_name: 'Ken Thompson', email: 'ken@example.com', role: 'Software Engineer' }) });

cleanUpBetweenTests();

it('an unauthenticated visit to an authenticated route goes to /login with SessionRequired and the callbackUrl', async () => {
  const { api } = fakeApi(async () => null);
  const router = renderAt('/profile/user-profile?tab=work', new SessionManager({ api }));
  expect(await screen.findByRole('heading', { name: 'Sign in to Teamlens' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.search).toEqual({ error: 'SessionRequired', callbackUrl: '/profile/user-profile?tab=work' });
  expect(screen.getByText('Please sign in to access this page.')).toBeTruthy();
});

it('the admin area also needs a session', async () => {
  const { api } = fakeApi(async () => null);
  const router = renderAt('/admin/settings/users', new SessionManager({ api }));
  await screen.findByRole('heading', { name: 'Sign in to Teamlens' });
  expect(router.state.location.search).toMatchObject({ callbackUrl: '/admin/settings/users' });
});

it('public pages need no session', async () => {
  const { api, calls } = fakeApi(async () => null);
  renderAt('/privacy-policy', new SessionManager({ api }));
  expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
  expect(calls.signOut).toBe(0);
});

it('a signed-in member sees their dashboard, and the admin area says not allowed', async () => {
  signedInAs('MEMBER');
  // The GraphQL client takes its token from the app's session.
  await signIn();
  const router = renderAt('/home/dashboard', auth);
  expect(await screen.findByRole('heading', { name: 'Welcome, Ken Thompson' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'My goals' })).toBeTruthy();
  await router.navigate({ to: '/admin/settings/users' });
  expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
});

it('an admin gets into the admin area', async () => {
  signedInAs('ADMIN');
  await signIn();
  renderAt('/admin/settings/users', auth);
  expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeTruthy();
  expect(screen.queryByText('Not allowed')).toBeNull();
});
