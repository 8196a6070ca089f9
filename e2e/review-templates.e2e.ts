import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

it('an admin copies the built-in 360 template, adds a single-choice question, saves, and sees it after a reload', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin', consoleErrors: true });
  await page.goto(`${e2e.server.url}/reviews/templates`);
  const builtIn = page.getByRole('listitem', { name: '360 review', exact: true });
  await builtIn.getByText('Built-in').waitFor();
  expect(await builtIn.getByRole('button', { name: 'Edit 360 review' }).count()).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await builtIn.getByRole('button', { name: 'Copy 360 review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy 360 review' });
  await dialog.getByLabel('Name of the copy').fill('Platform 360');
  await dialog.getByRole('button', { name: 'Copy and edit' }).click();

  const form = page.getByRole('form', { name: 'Edit Platform 360' });
  await form.waitFor();
  await form.getByRole('button', { name: 'Add question to section 2' }).click();
  const added = form.getByRole('list', { name: 'Questions of section 2' }).getByRole('listitem', { name: 'Question 5' });
  await added.getByLabel('Kind').selectOption({ label: 'Single choice' });
  await added.getByLabel('Question', { exact: true }).fill('How often do you work with this person?');
  await added.getByLabel('Option 1', { exact: true }).fill('Every day');
  await added.getByLabel('Option 2', { exact: true }).fill('Every week');
  await added.getByRole('button', { name: 'Add option' }).click();
  await added.getByLabel('Option 3', { exact: true }).fill('Rarely');
  // Keyboard reordering: the question moves up and focus stays on its button.
  await added.getByRole('button', { name: 'Move question 5 up' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move question 4 up');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await form.getByRole('button', { name: 'Save template' }).click();
  await page.getByRole('heading', { name: 'Review templates', level: 1 }).waitFor();
  await page.reload();
  const copy = page.getByRole('listitem', { name: 'Platform 360' });
  expect(await copy.getByTestId('rt-counts').textContent()).toBe('10 questions in 2 sections');
  expect(await copy.getByText('Built-in').count()).toBe(0);

  await copy.getByRole('button', { name: 'Edit Platform 360' }).click();
  const reopened = page.getByRole('form', { name: 'Edit Platform 360' });
  const moved = reopened.getByRole('list', { name: 'Questions of section 2' }).getByRole('listitem', { name: /^Question 4/ });
  expect(await moved.getByLabel('Question', { exact: true }).inputValue()).toBe('How often do you work with this person?');
  expect(await moved.getByLabel('Kind').inputValue()).toBe('SINGLE_CHOICE');
  expect(await moved.getByLabel('Option 3', { exact: true }).inputValue()).toBe('Rarely');
  await reopened.getByRole('button', { name: 'Preview' }).click();
  await page
    .getByRole('group', { name: /How often do you work with this person\?/ })
    .getByLabel('Every week')
    .waitFor();

  // The read-only preview of a built-in, on a phone.
  await reopened.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Preview 360 review' }).click();
  await page.getByRole('heading', { name: '360 review', level: 1 }).waitFor();
  await page.getByLabel('Answering as').selectOption({ label: 'Direct report' });
  await page
    .getByRole('group', { name: /Anything the manager should know/ })
    .getByText('Private: only managers and admins see the answers', { exact: false })
    .waitFor();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

it('a member is refused the templates', async () => {
  const { page } = await openSignedIn(e2e, 'lea.verou@demo.teamlens.dev', { welcome: 'Lea Verou', consoleErrors: true });
  await page.goto(`${e2e.server.url}/reviews/templates`);
  await page.getByText('Only managers and admins can see review templates.', { exact: false }).waitFor();
  expect(await page.getByRole('list', { name: 'Review templates' }).count()).toBe(0);
  // The server refuses too, whatever the page does.
  const answer = await page.evaluate(async () => {
    const session = await (await fetch('/api/auth/session')).json();
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ query: '{ reviewTemplates { id } }' }),
    });
    return res.json();
  });
  expect(answer.errors[0].extensions.code).toBe('FORBIDDEN');
});
