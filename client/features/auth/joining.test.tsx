// @vitest-environment jsdom
/** Joining and signing in (docs/decisions/0061): sign-up links only while sign-up is open; a password set from a link signs the person in. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { auth } from '../../lib/auth.js';
import type { SessionApi } from '../../lib/session.js';
import { fakeApi, sessionWith, tokenExpiringAt } from '../../test/fixtures.js';
import { jsonResponse, meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderRoute } from '../../test/render-route.js';

cleanUpBetweenTests();
let signIns: Array<[string, string]> = [];
let signInAnswer: Awaited<ReturnType<SessionApi['signIn']>>;
beforeEach(async () => {
  signIns = [];
  signInAnswer = { error: null, status: 200, ok: true, url: 'http://localhost:3000/home/dashboard' };
  // Signed out until the sign-in form's endpoint says yes.
  const { api } = fakeApi(async () => (signIns.length && signInAnswer.ok ? sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) + 600)) : null));
  Object.assign(auth, { api: { ...api, signIn: async (email: string, password: string) => (signIns.push([email, password]), signInAnswer) } });
  await auth.check(); // signed out, whatever an earlier test left
});

/** The server's public auth answers: sign-up status, CSRF, an invitation link, and setting its password. */
function stubAuth(open: boolean) {
  return stubGraphql(
    {},
    {
      me: meAs('MEMBER', { full_name: 'Nora Newbie', email: 'nora@northwind.example' }),
      rest: (url) => {
        if (url.endsWith('/api/auth/sign-up')) return jsonResponse({ open, email_sent_by: 'OUTBOX' });
        if (url.endsWith('/api/auth/csrf')) return jsonResponse({ csrfToken: 'csrf' });
        if (url.includes('/api/auth/link?')) return jsonResponse({ valid: true, purpose: 'invite', email: 'nora@northwind.example' });
        if (url.endsWith('/api/auth/change-password')) return jsonResponse({ ok: true, url: 'http://localhost:3000/login?reset=1' });
        return jsonResponse({}, 404);
      },
    },
  );
}

it('the sign-in page and the public footer link to sign-up only while it is open', async () => {
  stubAuth(false);
  renderRoute('/login');
  await screen.findByRole('heading', { name: 'Sign in to Teamlens' });
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Create an organization' })).toBeNull();
  cleanup();
  renderRoute('/contact');
  await screen.findByRole('heading', { name: 'Contact us' });
  await screen.findByRole('link', { name: 'Cookie policy' });
  expect(screen.queryByRole('link', { name: 'Create an organization' })).toBeNull();

  cleanup();
  stubAuth(true);
  renderRoute('/login');
  expect(await screen.findByRole('link', { name: 'Create an organization' })).toBeTruthy();
  cleanup();
  renderRoute('/contact');
  expect(await screen.findByRole('link', { name: 'Create an organization' })).toBeTruthy();
});

it('"?reset=1" stays as it is in the address, says the password is set, and fills in the address it is given', async () => {
  stubAuth(false);
  const { router } = renderRoute('/login?reset=1&email=nora%40northwind.example');
  expect((await screen.findByRole('status')).textContent).toBe('Password set. Sign in with your new password.');
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nora@northwind.example');
  expect(router.state.location.searchStr).not.toContain('%22');
  expect(new URLSearchParams(router.state.location.searchStr).get('reset')).toBe('1');
});

it('choosing a first password from an invitation signs the person in with it and opens their dashboard', async () => {
  const { restCalls } = stubAuth(false);
  const { router } = renderRoute('/change-password?token=invitation-token-0123456789');
  await screen.findByRole('heading', { name: 'Welcome to Teamlens' });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a fresh passphrase for joining' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
  expect(await screen.findByRole('heading', { name: 'Welcome, Nora Newbie' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/home/dashboard');
  expect(restCalls.find((c) => c.url.endsWith('/api/auth/change-password'))?.body).toEqual({
    token: 'invitation-token-0123456789',
    password: 'a fresh passphrase for joining',
    csrfToken: 'csrf',
  });
  expect(signIns).toEqual([['nora@northwind.example', 'a fresh passphrase for joining']]);
});

it('when signing in right away fails, the sign-in page has the address filled in and says the password is set', async () => {
  stubAuth(false);
  signInAnswer = { error: 'LoginBlocked', status: 200, ok: false, url: null };
  const { router } = renderRoute('/change-password?token=invitation-token-0123456789');
  await screen.findByRole('heading', { name: 'Welcome to Teamlens' });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a fresh passphrase for joining' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
  expect((await screen.findByRole('status')).textContent).toBe('Password set. Sign in with your new password.');
  expect(router.state.location.pathname).toBe('/login');
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nora@northwind.example');
  expect(router.state.location.searchStr).not.toContain('%22');
});
