import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, startServer } from './server.js';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a person signs in with the first-start admin, sees their profile and signs out', async () => {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Sign in failed');

  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome, Alex Admin' }).waitFor();
  expect(await page.textContent('main')).toContain('admin at Demo Company');

  await page.reload();
  await page.getByRole('heading', { name: 'Welcome, Alex Admin' }).waitFor();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to Teamlens' }).waitFor();
  await page.close();
});
