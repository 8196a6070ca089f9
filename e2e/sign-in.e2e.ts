import { expect, it } from 'vitest';
import { E2E_ADMIN, latestMailLink } from './server.js';
import { signIn, useServerAndBrowser, watchScripts } from './harness.js';

// This file signs up new organizations: sign-up is open here (closed by default: e2e/signup-closed.e2e.ts).
const e2e = useServerAndBrowser({ env: { SIGNUP: 'open' } });

it('a person signs in with the first-start admin, sees the dashboard and signs out', async () => {
  const page = await e2e.browser.newPage();
  const scripts: string[] = [];
  const graphqlBodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    if (request.url().endsWith('/graphql') && request.method() === 'POST') graphqlBodies.push(request.postDataJSON());
  });
  await signIn(page, e2e.server.url, E2E_ADMIN.email, 'not the password', { welcome: null });
  // The sign-in page loads neither the signed-in shell nor the GraphQL client (docs/decisions/0040, 0053).
  expect(scripts.filter((s) => /\/assets\/(app|main)-/.test(s))).toEqual([]);
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Sign in failed. Check the details you provided are correct.');
  // What was typed stays after a refused sign-in.
  expect(await page.getByLabel('Email').inputValue()).toBe(E2E_ADMIN.email);

  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome, Alex Admin' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/home/dashboard');
  expect(await page.getByRole('list', { name: 'Dashboard widgets' }).getByRole('listitem').count()).toBeGreaterThan(0);

  // A first load of the dashboard asks for its data in one batched request (then the cards the
  // person chose, and the notification bell), each operation named (docs/decisions/0053).
  graphqlBodies.length = 0;
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome, Alex Admin' }).waitFor();
  const first = graphqlBodies[0] as Array<{ operationName: string }>;
  expect(Array.isArray(first)).toBe(true);
  expect(first.map((op) => op.operationName)).toEqual(expect.arrayContaining(['Me', 'WidgetPreferences', 'MyReviewRequests', 'OrganizationSummary']));
  expect(graphqlBodies.length).toBeLessThanOrEqual(3);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/logout');
  await page.goto(`${e2e.server.url}/home/dashboard`);
  await page.getByRole('heading', { name: 'Sign in to Teamlens' }).waitFor();
  await page.close();
});

it('an unauthenticated deep link comes back there after sign-in', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/profile/user-profile`);
  await page.getByText('Please sign in to access this page.').waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('error')).toBe('SessionRequired');
  expect(url.searchParams.get('callbackUrl')).toBe('/profile/user-profile');

  await signIn(page, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { openLogin: false, welcome: null });
  await page.getByRole('heading', { name: 'Alex Admin', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/profile/user-profile');
  await context.close();
});

it('a member is refused the admin area with a clear page', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'ken.thompson@demo.teamlens.dev', E2E_ADMIN.password, { welcome: 'Ken Thompson' });
  expect(await page.getByRole('link', { name: /Admin area/ }).count()).toBe(0);
  await page.goto(`${e2e.server.url}/admin`);
  await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
  await page.goto(`${e2e.server.url}/admin/settings/users`);
  await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
  await context.close();
});

it('a logout in one tab sends the other tab to /logout', async () => {
  const context = await e2e.browser.newContext();
  const first = await context.newPage();
  await signIn(first, e2e.server.url, E2E_ADMIN.email, E2E_ADMIN.password, { welcome: 'Alex Admin' });
  const second = await context.newPage();
  await second.goto(`${e2e.server.url}/profile/user-profile`);
  await second.getByRole('heading', { name: 'Alex Admin', level: 1 }).waitFor();

  await first.getByRole('button', { name: 'Sign out' }).click();
  await first.getByRole('heading', { name: 'You are signed out' }).waitFor();
  await second.getByRole('heading', { name: 'You are signed out' }).waitFor();
  expect(new URL(second.url()).pathname).toBe('/logout');
  await second.reload();
  await second.getByRole('heading', { name: 'You are signed out' }).waitFor();
  await second.goto(`${e2e.server.url}/home/dashboard`);
  await second.getByRole('heading', { name: 'Sign in to Teamlens' }).waitFor();
  await context.close();
});

it("sign-up checks the format on the page and refuses a free mail address with the server's answer under the field; no list reaches the page", async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const { scripts } = watchScripts(page);
  const signUpRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/auth/sign-up')) signUpRequests.push(request.url());
  });
  await page.goto(`${e2e.server.url}/sign-up`);
  await page.getByLabel('Work email').fill('not an address');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByText('Enter a valid email address.').waitFor();
  expect(signUpRequests).toEqual([]);
  await page.getByLabel('Work email').fill('someone@gmail.com');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByText('Use your work email: free mail providers such as Gmail or Outlook cannot create an organization.').waitFor();
  expect(signUpRequests.length).toBe(1);
  expect(await page.getByLabel('Work email').getAttribute('aria-invalid')).toBe('true');

  await page.getByLabel('Work email').fill('founder@acme-robotics.example');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('heading', { name: 'Your link is waiting on the server' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/signup-complete');
  expect(signUpRequests.length).toBe(2);
  expect((await scripts()).filter((f) => f.lists || f.bytes > 500_000)).toEqual([]);
  await context.close();
});

it("a work email signs up through the mailed link and lands signed in as the new organization's admin", async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const email = 'founder@northwind-labs.example';
  await page.goto(`${e2e.server.url}/sign-up`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('heading', { name: 'Your link is waiting on the server' }).waitFor();

  await page.goto(`${e2e.server.url}/register?token=not-a-real-token-at-all-123`);
  await page.getByRole('heading', { name: 'This link is invalid or expired' }).waitFor();

  const link = await latestMailLink(e2e.server.dataDir, email);
  expect(link).toMatch(/\/register\?token=/);
  await page.goto(link!);
  await page.getByText(`You are signing up as ${email}.`).waitFor();
  await page.getByLabel('Organization name').fill('Northwind Labs');
  await page.getByLabel('Your full name').fill('Nora North');
  await page.getByLabel('Password', { exact: true }).fill('password1234');
  await page.getByRole('button', { name: 'Create the organization' }).click();
  // A common password is refused next to the field, and what was typed stays.
  await page.getByText('This password is too common. Choose another one.').waitFor({ timeout: 20_000 });
  expect(await page.getByLabel('Organization name').inputValue()).toBe('Northwind Labs');
  await page.getByLabel('Password', { exact: true }).fill('a long and unusual northwind phrase');
  await page.getByRole('button', { name: 'Create the organization' }).click();
  await page.getByRole('heading', { name: 'Welcome, Nora North' }).waitFor();
  await page
    .getByRole('link', { name: /Admin area/ })
    .first()
    .waitFor({ state: 'attached' });
  await context.close();
});

it('a first visit paints before it asks for the Inter font files and keeps the stand-in font; a later visit uses Inter from the start', async () => {
  const page = await e2e.browser.newPage();
  const timings = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      const fonts = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2'));
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        fontsAt: fonts.map((e) => e.startTime),
        inter: document.fonts.check('600 16px Inter'),
        family: getComputedStyle(document.body).fontFamily,
      };
    });
  await page.goto(`${e2e.server.url}/login`, { waitUntil: 'networkidle' });
  const first = await timings();
  expect(first.fontsAt.length).toBeGreaterThan(0);
  expect(Math.min(...first.fontsAt)).toBeGreaterThanOrEqual(first.fcp);
  expect(first.inter).toBe(true);
  // Loaded, but not swapped in under text already shown (the lines would wrap anew: docs/decisions/0065).
  expect(first.family).toMatch(/^"Inter fallback"/);

  await page.reload({ waitUntil: 'networkidle' });
  const later = await timings();
  expect(Math.min(...later.fontsAt)).toBeLessThan(later.fcp);
  expect(later.inter).toBe(true);
  expect(later.family).toMatch(/^Inter,/);
  await page.close();
});
