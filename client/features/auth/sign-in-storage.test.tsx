// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { auth } from '../../lib/auth.js';
import { signInWithCredentials } from '../../lib/auth-client.js';
import { fakeApi } from '../../test/fixtures.js';
import { jsonResponse, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderRoute } from '../../test/render-route.js';

cleanUpBetweenTests();

/** The sign-in page when the server cannot record a sign-in: its disk is full (docs/decisions/0058). */
it('a sign-in refused because the server is out of storage says so plainly, not "Unable to sign in"', async () => {
  const { api } = fakeApi(async () => null);
  Object.assign(auth, { api: { ...api, signIn: signInWithCredentials } });
  await auth.check(); // signed out, whatever an earlier file in this worker left
  stubGraphql(
    {},
    {
      rest: (url) => {
        if (url.endsWith('/api/auth/csrf')) return jsonResponse({ csrfToken: 'csrf' });
        if (url.endsWith('/api/auth/callback/credentials'))
          return jsonResponse({ url: 'http://localhost:3000/api/auth/error?error=StorageFull&provider=credentials' }, 503);
        return jsonResponse({}, 404);
      },
    },
  );
  const { router } = renderRoute('/login');
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'member@acme.example' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery staple' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('The server is out of storage, so signing in is not possible right now. Try again later.')).toBeTruthy();
  expect(screen.queryByText('Unable to sign in.')).toBeNull();
  expect(router.state.location.pathname).toBe('/login');
});

it('the sign-in page opened with error=StorageUnavailable (a form sent without JavaScript) words it too', async () => {
  const { api } = fakeApi(async () => null);
  Object.assign(auth, { api });
  await auth.check();
  stubGraphql();
  renderRoute('/login?error=StorageUnavailable');
  expect((await screen.findByRole('status')).textContent).toBe('The server cannot use its storage, so signing in is not possible right now. Try again later.');
});
