import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

/** A signed-in page of a demo person (every demo account has the admin's password). */
async function signedInPage(email: string, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, email, E2E_ADMIN.password, { welcome: name });
  return { context, page };
}

it('edits my bio on my profile and still sees it after a reload', async () => {
  const { context, page } = await signedInPage('grace.hopper@demo.teamlens.dev', 'Grace Hopper');
  await page.goto(`${e2e.server.url}/profile/user-profile`);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Bio').fill('Wrote the first compiler. Ask me about nanoseconds.');
  await page.getByLabel('Location').fill('Arlington');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Your profile was saved.').waitFor();
  await page.reload();
  await page.getByText('Wrote the first compiler. Ask me about nanoseconds.').waitFor();
  expect(await page.getByText('Arlington').count()).toBe(1);
  await context.close();
});

it('uploads a cropped photo and shows it through a signed URL, also after a reload', async () => {
  const { context, page } = await signedInPage('tim.berners.lee@demo.teamlens.dev', 'Tim Berners-Lee');
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#12a594' } })
    .png()
    .toBuffer();
  await page.goto(`${e2e.server.url}/settings/personal`);
  await page.getByRole('heading', { name: 'Photo' }).waitFor();
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('group', { name: 'Crop your picture' }).waitFor();
  await page.getByLabel('Zoom').fill('1.5');
  const save = page.getByRole('button', { name: 'Save picture' });
  await expect.poll(() => save.isEnabled()).toBe(true);
  await save.click();
  await page.getByText('Your new picture is saved.').waitFor();
  for (const pass of ['saved', 'reloaded']) {
    const photo = page.getByTestId('current-photo').locator('img.avatar-photo');
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: pass }).toBe(true);
    const src = new URL(await photo.evaluate((img: HTMLImageElement) => img.currentSrc));
    expect(src.pathname).toMatch(/^\/api\/media\/[0-9a-f-]+\/[0-9a-f-]+$/);
    expect(src.searchParams.get('Signature')).toBeTruthy();
    if (pass === 'saved') await page.reload();
  }
  // The shell shows the new picture too.
  await page.getByRole('complementary').locator('img.avatar-photo').waitFor();
  await context.close();
});

it('finds a seeded person in the organization chart and opens their profile', async () => {
  const { context, page } = await signedInPage(E2E_ADMIN.email, 'Alex Admin');
  await page.goto(`${e2e.server.url}/profile/user-profile/organization-chart`);
  const tree = page.getByRole('tree', { name: 'Organization chart' });
  await tree.waitFor();
  expect(await tree.getByRole('treeitem', { name: /^Lea Verou/ }).count()).toBe(0);
  await page.getByLabel('Find a person').fill('lea ver');
  const lea = tree.getByRole('treeitem', { name: /^Lea Verou\b.*matches the search/ });
  await lea.waitFor({ timeout: 5000 }).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\nrows: ${(await tree.getByRole('treeitem').allTextContents()).join(' | ')}`);
  });
  expect(await lea.getAttribute('aria-level')).toBe('3');
  expect(await tree.getByRole('treeitem', { name: /^Grace Hopper/ }).getAttribute('aria-expanded')).toBe('true');
  await lea.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Lea Verou', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Grace Hopper' }).waitFor();
  await page.goto(`${e2e.server.url}/profile/user-profile/00000000-0000-4000-8000-000000000000`);
  await page.getByRole('heading', { name: 'Person not found' }).waitFor();
  await context.close();
});

it('keeps my notification choices', async () => {
  const { context, page } = await signedInPage('brendan.eich@demo.teamlens.dev', 'Brendan Eich');
  await page.goto(`${e2e.server.url}/settings/privacy`);
  expect(await page.getByLabel('Mentions').isChecked()).toBe(true);
  expect(await page.getByLabel('Weekly digest').isChecked()).toBe(false);
  await page.getByLabel('Mentions').uncheck();
  await page.getByLabel('Weekly digest').check();
  await page.getByLabel('Email').uncheck();
  await page.getByRole('button', { name: 'Save notification choices' }).click();
  await page.getByText('Your notification choices were saved.').waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  expect(await page.getByLabel('Mentions').isChecked()).toBe(false);
  expect(await page.getByLabel('Weekly digest').isChecked()).toBe(true);
  expect(await page.getByLabel('Email').isChecked()).toBe(false);
  expect(await page.getByLabel('In the app').isChecked()).toBe(true);
  await context.close();
});

it('remembers the team page colour across reloads and uses it on team members’ pages', async () => {
  const { context, page } = await signedInPage('sophie.wilson@demo.teamlens.dev', 'Sophie Wilson');
  await page.goto(`${e2e.server.url}/profile/team`);
  await page.getByRole('heading', { name: 'Web', level: 1 }).waitFor();
  const banner = page.locator('.team-banner');
  const border = () => banner.evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(await border()).toBe('rgb(62, 99, 221)');
  await page.getByRole('radio', { name: 'Teal' }).click();
  await expect.poll(border).toBe('rgb(18, 165, 148)');
  await page.reload();
  await page.getByRole('heading', { name: 'Web', level: 1 }).waitFor();
  expect(await page.getByRole('radio', { name: 'Teal' }).getAttribute('aria-checked')).toBe('true');
  expect(await border()).toBe('rgb(18, 165, 148)');
  await page.getByRole('list', { name: 'Members of Web' }).getByRole('link', { name: 'Evan You' }).click();
  await page.getByRole('heading', { name: 'Evan You', level: 1 }).waitFor();
  expect(await page.locator('.profile-banner').evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(18, 165, 148)');
  await context.close();
});

it('profile and settings screens fit 375 px and have no serious accessibility problems', async () => {
  const { context, page } = await signedInPage(E2E_ADMIN.email, 'Alex Admin');
  const paths = [
    '/profile/user-profile',
    '/profile/team',
    '/profile/user-profile/organization-chart',
    '/settings/personal',
    '/settings/security',
    '/settings/privacy',
    '/admin/profile',
    '/admin/profile/team',
  ];
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      expect(await horizontalOverflow(page), `${path} at ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), `${path} at ${width}px`).toEqual([]);
    }
  }
  await context.close();
});

it('signs out everywhere: this browser and another one must sign in again', async () => {
  const first = await signedInPage('jordan.walke@demo.teamlens.dev', 'Jordan Walke');
  const second = await signedInPage('jordan.walke@demo.teamlens.dev', 'Jordan Walke');
  await first.page.goto(`${e2e.server.url}/settings/security`);
  await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = first.page.getByRole('alertdialog', { name: 'Sign out on every device?' });
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await first.page.getByRole('heading', { name: 'You are signed out' }).waitFor();
  await second.page.goto(`${e2e.server.url}/home/dashboard`);
  await second.page.getByRole('heading', { name: 'Sign in to Teamlens' }).waitFor();
  await first.context.close();
  await second.context.close();
});

it('closes my account after the password is confirmed, then signs me out', async () => {
  const { context, page } = await signedInPage('andy.rubin@demo.teamlens.dev', 'Andy Rubin');
  await page.goto(`${e2e.server.url}/settings/privacy`);
  await page.getByRole('button', { name: 'Close my account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Close your account?' });
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await dialog.getByText('The current password is not correct.').waitFor();
  await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
  await signIn(page, e2e.server.url, 'andy.rubin@demo.teamlens.dev', E2E_ADMIN.password, { welcome: null });
  await page.getByText('Sign in failed. Check the details you provided are correct.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await context.close();
});
