// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { SIGN_UP_CLOSED_MESSAGE } from '../../../shared/install.js';
import { auth } from '../../lib/auth.js';
import { fakeApi } from '../../test/fixtures.js';
import { jsonResponse, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderRoute } from '../../test/render-route.js';

cleanUpBetweenTests();
beforeEach(() => {
  const { api } = fakeApi(async () => null);
  Object.assign(auth, { api });
});

/** The server's sign-up answers: status (GET), CSRF, and the POST's answer. */
function stubSignUp(
  status: { open: boolean; email_sent_by: 'SMTP' | 'OUTBOX' },
  post = () => jsonResponse({ ok: true, url: 'http://localhost/signup-complete' }),
) {
  return stubGraphql(
    {},
    {
      rest: (url, body) => {
        if (url.endsWith('/api/auth/csrf')) return jsonResponse({ csrfToken: 'csrf' });
        if (url.endsWith('/api/auth/sign-up')) return body === undefined ? jsonResponse(status) : post();
        return jsonResponse({}, 404);
      },
    },
  );
}

it('a closed server says so plainly on the sign-up page and shows no form', async () => {
  stubSignUp({ open: false, email_sent_by: 'SMTP' });
  renderRoute('/sign-up');
  expect(await screen.findByRole('heading', { name: 'Sign-up is closed' })).toBeTruthy();
  expect(screen.getByText('This Teamlens server does not accept new organizations.')).toBeTruthy();
  expect(screen.getByText(/ask an admin of your organization to invite you/)).toBeTruthy();
  expect(screen.queryByLabelText('Work email')).toBeNull();
  expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toBeTruthy();
});

it('without SMTP, the confirmation says the link stayed on the server instead of "we sent a link"', async () => {
  const { restCalls } = stubSignUp({ open: true, email_sent_by: 'OUTBOX' });
  const { router } = renderRoute('/sign-up');
  fireEvent.change(await screen.findByLabelText('Work email'), { target: { value: 'founder@acme.example' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
  expect(await screen.findByRole('heading', { name: 'Your link is waiting on the server' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/signup-complete');
  expect(screen.getByRole('status').textContent).toBe(
    "This Teamlens server does not send email: no mail server is set up. The link for founder@acme.example was not emailed; it was kept in the server's outbox, where the admins who run this server can read it.",
  );
  expect(screen.queryByText(/We sent a link/)).toBeNull();
  expect(restCalls.some((c) => c.url.endsWith('/api/auth/sign-up') && (c.body as { email?: string })?.email === 'founder@acme.example')).toBe(true);
});

it('with SMTP the confirmation says the link was emailed', async () => {
  stubSignUp({ open: true, email_sent_by: 'SMTP' });
  renderRoute('/signup-complete?email=founder%40acme.example');
  expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toContain('We sent a link to founder@acme.example.');
});

it('a sign-up refused because it closed meanwhile shows the server’s message and keeps the address', async () => {
  stubSignUp({ open: true, email_sent_by: 'SMTP' }, () => jsonResponse({ error: 'SIGNUP_CLOSED', message: SIGN_UP_CLOSED_MESSAGE }, 403));
  renderRoute('/sign-up');
  fireEvent.change(await screen.findByLabelText('Work email'), { target: { value: 'founder@acme.example' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
  expect((await screen.findByRole('alert')).textContent).toBe(SIGN_UP_CLOSED_MESSAGE);
  expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('founder@acme.example');
});

it('checks the format on the page, and shows the server’s refusal of a free mail address under the field', async () => {
  const refusal = 'Use your work email: free mail providers such as Gmail or Outlook cannot create an organization.';
  const { restCalls } = stubSignUp({ open: true, email_sent_by: 'SMTP' }, () =>
    jsonResponse({ error: 'BAD_USER_INPUT', message: refusal, fields: { email: refusal } }, 400),
  );
  renderRoute('/sign-up');
  fireEvent.change(await screen.findByLabelText('Work email'), { target: { value: 'not an address' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
  expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
  expect(restCalls.filter((c) => c.url.endsWith('/api/auth/sign-up') && c.body !== undefined)).toEqual([]);

  fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'someone@gmail.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
  expect(await screen.findByText(refusal)).toBeTruthy();
  expect(screen.getAllByText(refusal)).toHaveLength(1);
  expect(screen.getByLabelText('Work email').getAttribute('aria-invalid')).toBe('true');
});
