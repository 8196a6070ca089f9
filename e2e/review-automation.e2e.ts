import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

it('an admin plans a sprint, adds a sprint-end rule, pauses, resumes and deletes it; the page is accessible and fits 375 px', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin' });
  await page.goto(`${e2e.server.url}/reviews/automation`);
  await page.getByRole('heading', { name: 'Review automation', level: 1 }).waitFor();
  // The demo organization's rule is listed (server/features/demo/demo.seed-reviews.ts).
  await page.getByRole('list', { name: 'Automation rules' }).getByRole('listitem').filter({ hasText: 'Mobile sprint reviews' }).waitFor();

  const sprint = page.getByRole('form', { name: 'Add a sprint' });
  await sprint.getByLabel('Team').selectOption({ label: 'Platform' });
  await sprint.getByLabel('Sprint name').fill('Sprint 42');
  await sprint.getByLabel('First day').fill('2030-03-04');
  await sprint.getByLabel('Last day').fill('2030-03-15');
  await sprint.getByRole('button', { name: 'Add sprint' }).click();
  await page.getByRole('list', { name: 'Sprints' }).getByText('Sprint 42 · Platform · Mar 4, 2030 to Mar 15, 2030').waitFor();

  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('form', { name: 'New automation rule' });
  await form.getByLabel('Name').fill('Platform sprint retro');
  await form.getByLabel('Start cycles').selectOption('SPRINT_END');
  await form.getByRole('checkbox', { name: 'Platform' }).check();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Create rule' }).click();

  const rules = page.getByRole('list', { name: 'Automation rules' });
  const card = rules.getByRole('listitem').filter({ hasText: 'Platform sprint retro' });
  await card.getByText('When each sprint of the team ends').waitFor();
  await card.getByText('Mar 15, 2030, 23:59').waitFor();
  await card.getByText('Sprint review').waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Pause' }).click();
  await card.getByText('Paused', { exact: true }).first().waitFor();
  await card.getByRole('button', { name: 'Resume' }).click();
  await card.getByRole('button', { name: 'Pause' }).waitFor();
  await card.getByRole('button', { name: 'Show cycles' }).click();
  await card.getByText('No cycle created yet.').waitFor();

  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete rule' }).click();
  await card.waitFor({ state: 'detached' });
  await rules.getByRole('listitem').filter({ hasText: 'Mobile sprint reviews' }).waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);

it('an admin edits a sprint from the list: prefilled form, errors next to the field, Escape, then a rename with new dates; accessible and fits 375 px', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin' });
  await page.goto(`${e2e.server.url}/reviews/automation`);
  const add = page.getByRole('form', { name: 'Add a sprint' });
  await add.getByLabel('Team').selectOption({ label: 'Platform' });
  await add.getByLabel('Sprint name').fill('Sprint 50');
  await add.getByLabel('First day').fill('2030-06-03');
  await add.getByLabel('Last day').fill('2030-06-14');
  await add.getByRole('button', { name: 'Add sprint' }).click();
  const sprints = page.getByRole('list', { name: 'Sprints' });
  await sprints.getByText('Sprint 50 · Platform · Jun 3, 2030 to Jun 14, 2030').waitFor();

  const edit = sprints.getByRole('button', { name: 'Edit Sprint 50 of Platform' });
  await edit.click();
  const form = sprints.getByRole('form', { name: 'Edit Sprint 50 of Platform' });
  expect(await form.getByLabel('Team').evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await form.getByLabel('Sprint name').inputValue()).toBe('Sprint 50');
  expect(await form.getByLabel('First day').inputValue()).toBe('2030-06-03');
  expect(await form.getByLabel('Last day').inputValue()).toBe('2030-06-14');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Escape closes without saving and gives the focus back to the Edit button.
  await form.getByLabel('Sprint name').fill('Not saved');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);
  await sprints.getByText('Sprint 50 · Platform · Jun 3, 2030 to Jun 14, 2030').waitFor();

  await page.keyboard.press('Enter');
  await form.getByLabel('Sprint name').fill('Sprint 50 (extended)');
  await form.getByLabel('Last day').fill('2030-06-01');
  await form.getByRole('button', { name: 'Save sprint' }).click();
  await form.getByText('The sprint ends on or after its first day.').waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await form.getByLabel('First day').fill('2030-06-04');
  await form.getByLabel('Last day').fill('2030-06-21');
  await form.getByRole('button', { name: 'Save sprint' }).click();
  await page.getByText('Sprint 50 (extended) was saved.').waitFor();
  await sprints.getByText('Sprint 50 (extended) · Platform · Jun 4, 2030 to Jun 21, 2030').waitFor();
  expect(await sprints.getByText('Sprint 50 · Platform', { exact: false }).count()).toBe(0);
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);

it('an admin sets the reminder window and overdue reminders; they are kept after a reload', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin' });
  await page.goto(`${e2e.server.url}/reviews/automation`);
  const form = page.getByRole('form', { name: 'Reminder settings' });
  expect(await form.getByLabel('Days before the due date').inputValue()).toBe('2');
  await form.getByLabel('Days before the due date').fill('3');
  await form.getByRole('checkbox', { name: 'Remind again once a review is overdue' }).uncheck();
  await form.getByRole('button', { name: 'Save reminders' }).click();
  await page.getByText('Reminder settings saved.').waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.reload();
  expect(await form.getByLabel('Days before the due date').inputValue()).toBe('3');
  expect(await form.getByRole('checkbox', { name: 'Remind again once a review is overdue' }).isChecked()).toBe(false);
  expect(problems).toEqual([]);
  await page.context().close();
});
