import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, latestMailLink } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

// No SIGNUP in the environment: the install's first organization (the first start's) runs it, so sign-up is closed by default.
const e2e = useServerAndBrowser();

async function postSignUp(email: string): Promise<{ status: number; body: { error?: string; message?: string } }> {
  const csrf = await fetch(`${e2e.server.url}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${e2e.server.url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ email, csrfToken }),
  });
  return { status: res.status, body: (await res.json()) as { error?: string; message?: string } };
}

const signUpLinks = (page: Page) => page.getByRole('link', { name: 'Create an organization' });

it('a fresh install refuses public sign-up until its operator opens it; then the link waits in the operator’s outbox', async () => {
  const visitor = await e2e.browser.newPage();
  await visitor.setViewportSize({ width: 375, height: 800 });
  // While sign-up is closed no page offers it: neither the sign-in page nor the landing page (hero and footer).
  await visitor.goto(`${e2e.server.url}/login`);
  // The page waits for the server's answer before it shows the form, and the footer reads the same answer.
  await visitor.getByRole('link', { name: 'Forgot your password?' }).waitFor();
  expect(await signUpLinks(visitor).count()).toBe(0);
  await visitor.goto(`${e2e.server.url}/`);
  await visitor.getByRole('heading', { level: 1 }).waitFor(); // shown once the sign-up status is in
  expect(await signUpLinks(visitor).count()).toBe(0);
  await visitor.goto(`${e2e.server.url}/sign-up`);
  await visitor.getByRole('heading', { name: 'Sign-up is closed' }).waitFor();
  await visitor.getByText('This Teamlens server does not accept new organizations.').waitFor();
  await visitor.getByText(/ask an admin of your organization to invite you/).waitFor();
  expect(await visitor.getByLabel('Work email').count()).toBe(0);
  expect(await seriousA11yViolations(visitor)).toEqual([]);
  expect(await horizontalOverflow(visitor), '/sign-up at 375px').toBeLessThanOrEqual(0);
  // The server refuses too, whatever the page shows.
  const refused = await postSignUp('founder@contoso.example');
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('SIGNUP_CLOSED');
  expect(await latestMailLink(e2e.server.dataDir, 'founder@contoso.example')).toBeNull();

  // The operator's admin opens it on Configurations.
  const admin = await e2e.browser.newPage();
  await admin.setViewportSize({ width: 1440, height: 900 });
  await signIn(admin, e2e.server.url, E2E_ADMIN.email);
  await admin.goto(`${e2e.server.url}/admin/settings/configurations`);
  const section = admin.getByRole('region', { name: 'Public sign-up' });
  await section.getByText('Closed by default since this server has its first organization.').waitFor();
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await section.getByRole('button', { name: 'Open sign-up' }).click();
  await admin.getByText('Sign-up is open: anyone who can reach this server can create an organization.').first().waitFor();
  await section.getByRole('button', { name: 'Close sign-up' }).waitFor();

  // Open: the sign-in page offers it again. Then the visitor signs up; without SMTP the page says where the link went instead of "we sent it".
  await visitor.goto(`${e2e.server.url}/login`);
  await signUpLinks(visitor).click();
  await visitor.getByLabel('Work email').fill('founder@contoso.example');
  await visitor.getByRole('button', { name: 'Send the link' }).click();
  await visitor.getByRole('heading', { name: 'Your link is waiting on the server' }).waitFor();
  await visitor.getByText(/was not emailed; it was kept in the server's outbox, where the admins who run this server can read it/).waitFor();
  expect(await seriousA11yViolations(visitor)).toEqual([]);

  // The operator sees it: the dashboard counts waiting mail and links to the outbox, which holds the link.
  await admin.goto(`${e2e.server.url}/admin/dashboard`);
  const banner = admin.getByText(/^Email is not set up: \d+ messages? (is|are) waiting in the outbox\.$/);
  await banner.waitFor();
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await admin.getByRole('link', { name: 'the email outbox' }).click();
  await admin.getByRole('heading', { name: 'Email outbox' }).waitFor();
  const link = await latestMailLink(e2e.server.dataDir, 'founder@contoso.example');
  expect(link).toMatch(/\/register\?token=/);
  expect(await admin.getByLabel('Link in the mail to founder@contoso.example').inputValue()).toBe(link);

  // Closing again stops the link from finishing sign-up, with the server's plain message.
  await admin.getByRole('region', { name: 'Public sign-up' }).getByRole('button', { name: 'Close sign-up' }).click();
  await admin.getByText('Sign-up is closed: new people join by invitation only.').first().waitFor();
  await visitor.goto(link!);
  await visitor.getByLabel('Organization name').fill('Contoso');
  await visitor.getByLabel('Your full name').fill('Cora Contoso');
  await visitor.getByLabel('Password', { exact: true }).fill('a long and unusual contoso phrase');
  await visitor.getByRole('button', { name: 'Create the organization' }).click();
  await visitor
    .getByText('This Teamlens server does not accept new organizations. To join your team, ask an admin of your organization to invite you.')
    .waitFor();
  await visitor.goto(`${e2e.server.url}/sign-up`);
  await visitor.getByRole('heading', { name: 'Sign-up is closed' }).waitFor();

  // Opened once more, the same link still works: the new organization's admin is shown as "Admin".
  await admin.getByRole('region', { name: 'Public sign-up' }).getByRole('button', { name: 'Open sign-up' }).click();
  await admin.getByRole('region', { name: 'Public sign-up' }).getByRole('button', { name: 'Close sign-up' }).waitFor();
  await visitor.goto(link!);
  await visitor.getByLabel('Organization name').fill('Contoso');
  await visitor.getByLabel('Your full name').fill('Cora Contoso');
  await visitor.getByLabel('Password', { exact: true }).fill('a long and unusual contoso phrase');
  await visitor.getByRole('button', { name: 'Create the organization' }).click();
  await visitor.getByRole('heading', { name: 'Welcome, Cora Contoso' }).waitFor();
  await visitor.getByText('Admin', { exact: true }).waitFor();
  // Contoso does not run the server: its Configurations page has no sign-up section.
  await visitor.goto(`${e2e.server.url}/admin/settings/configurations`);
  await visitor.getByRole('heading', { name: 'Email outbox' }).waitFor();
  expect(await visitor.getByRole('region', { name: 'Public sign-up' }).count()).toBe(0);
  await visitor.close();
  await admin.close();
});
