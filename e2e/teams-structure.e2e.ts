import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { chartProblems, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

it('an admin creates a team with a manager and two members, renames it, and the list shows it with 2 members', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin', consoleErrors: true });
  await page.goto(`${e2e.server.url}/admin/settings/teams`);
  await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'New team' }).click();
  const create = page.getByRole('dialog', { name: 'New team' });
  await create.getByLabel('Team name').fill('Payments');
  await create.getByLabel('Search people for manager').fill('grace');
  await create.getByLabel('Manager', { exact: true }).selectOption({ label: 'Grace Hopper (grace.hopper@demo.teamlens.dev)' });
  await create.getByLabel('Team lead', { exact: true }).selectOption({ label: `Alex Admin (${E2E_ADMIN.email})` });
  await create.getByRole('button', { name: 'Create team' }).click();

  const edit = page.getByRole('dialog', { name: 'Edit Payments' });
  await edit.waitFor();
  for (const [search, name] of [
    ['ada', 'Ada Lovelace'],
    ['linus', 'Linus Torvalds'],
  ]) {
    await edit.getByLabel('Find people to add').fill(search!);
    await edit.getByRole('button', { name: `Add ${name}` }).click();
    await edit.getByRole('list', { name: 'Members of Payments' }).getByText(name!).waitFor();
  }
  await edit.getByLabel('Team name').fill('Payments Platform');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('dialog', { name: 'Edit Payments Platform' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Payments Platform' }) });
  expect(await item.getByTestId('team-member-count').textContent()).toBe('2 members');
  expect(await item.getByText('Grace Hopper').count()).toBe(1);
  // Ada and Linus moved out of Platform (a person has one team).
  const platform = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Platform', exact: true }) });
  expect(await platform.getByTestId('team-member-count').textContent()).toBe('5 members');

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The admin leads the team: it shows under My teams with its members.
  await page.goto(`${e2e.server.url}/admin/teams/my-teams`);
  const mine = page.getByRole('list', { name: 'Members of Payments Platform' });
  await mine.waitFor();
  expect(await mine.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Ada Lovelace'), expect.stringContaining('Linus Torvalds')]);
  await page.getByText('You are the team lead. 2 members.').waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
  await page.close();
});

it('an admin builds business unit > department > sub-department in the tree with the keyboard, and the chart counts people', async () => {
  const { page, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin', consoleErrors: true });
  await page.goto(`${e2e.server.url}/admin/company/company-structure`);
  await page.getByRole('heading', { name: 'Company structure', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add business unit' }).click();
  await page.keyboard.type('Research');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add department to Research' }).click();
  await page.keyboard.type('Labs');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add sub-department to Labs' }).click();
  await page.keyboard.type('Robotics');
  await page.keyboard.press('Enter');
  const tree = page.getByRole('list', { name: 'Company structure' });
  await tree.getByText('Robotics', { exact: true }).waitFor();

  // Rename inline; a taken name is refused next to the input.
  await page.getByRole('button', { name: 'Rename Robotics' }).click();
  await page.keyboard.type('Robot lab');
  await page.keyboard.press('Enter');
  await tree.getByText('Robot lab', { exact: true }).waitFor();
  expect(await tree.getByText('Robotics', { exact: true }).count()).toBe(0);
  await page.getByRole('button', { name: 'Rename Engineering' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Operations');
  await page.keyboard.press('Enter');
  await page.getByText('A business unit named "Operations" already exists.').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Rename Engineering' }).waitFor();

  // Deleting a unit that still has a department is refused with the reason.
  await page.getByRole('button', { name: 'Delete Research' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the business unit Research?' });
  await confirm.getByRole('button', { name: 'Delete business unit' }).click();
  await confirm.getByText('"Research" still has 1 department. Delete them first.').waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto(`${e2e.server.url}/admin/company/structure`);
  await page.getByRole('heading', { name: 'Structure chart' }).waitFor();
  // The demo company: 28 people in Engineering's sub-departments, nobody yet in Research.
  await page.getByRole('heading', { name: /^Engineering\s*28 people$/ }).waitFor();
  await page.getByRole('heading', { name: /^Research\s*0 people$/ }).waitFor();
  await page.getByText('Robot lab').waitFor();
  // The headcount bars are thin lines inside their cards, over none of the names (1440 and 375 px).
  expect(await chartProblems(page, 2)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/admin/company/structure', '/admin/company/company-structure', '/admin/company']) {
    await page.goto(`${e2e.server.url}${path}`);
    await page.locator('h1').first().waitFor();
    expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }
  expect(problems).toEqual([]);
  await page.close();
});
