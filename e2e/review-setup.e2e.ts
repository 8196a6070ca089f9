/**
 * Review set-up that cannot fail silently (docs/decisions/0031), in the browser:
 * the new-cycle form defaults to as many peers as the anonymity threshold and warns below it; each
 * reviewee is told to nominate (bell, pending page, dashboard card) with the date; the cycle page
 * says who is short of approved peers and by how many and reminds them; the launch names who is at
 * risk. Checked at 1440 and 375 px, with axe.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { formatDay } from '../shared/format.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';
import { E2E_ADMIN } from './server.js';
import { addDays, dayOf } from '../shared/dates.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const isoDay = (days: number) => dayOf(addDays(Date.now(), days));
const problems: string[][] = [];

async function openAs(name: string, email = demo(name)): Promise<Page> {
  const opened = await openSignedIn(e2e, email, { welcome: name, context: { viewport: { width: 1440, height: 900 } } });
  problems.push(opened.problems);
  return opened.page;
}

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });
}

it('warnings in the form, nomination notices and reminders, who is short and who is at risk before launch', async () => {
  // 1. The form: minimum peers = threshold by default; a lower minimum is warned about as it is typed.
  const admin = await openAs('Alex Admin', E2E_ADMIN.email);
  await admin.goto(`${e2e.server.url}/reviews?view=new`);
  const form = admin.getByRole('form', { name: 'New review cycle' });
  expect(await form.getByLabel('Minimum peers').inputValue()).toBe('5');
  expect(await form.getByLabel('Anonymity threshold').inputValue()).toBe('5');
  expect(await form.getByTestId('peer-threshold-warning').count()).toBe(0);
  await form.getByLabel('Minimum peers').fill('3');
  const warning = form.getByTestId('peer-threshold-warning');
  expect(await warning.textContent()).toBe(
    'Peer answers are shown only when at least 5 peers answered (the anonymity threshold). With a minimum of 3 peers, anyone with fewer than 5 approved peers will see no peer results. Set the minimum to 5 or more.',
  );
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await fitsPhone(admin);
  await form.getByLabel('Minimum peers').fill('5');
  expect(await form.getByTestId('peer-threshold-warning').count()).toBe(0);

  // The people picker says how many it lists; two people are picked by search.
  const people = form.getByRole('group', { name: 'People' });
  await people.getByText(/^\d+ people in all\.$/).waitFor();
  for (const name of ['Linus Torvalds', 'Margaret Hamilton']) {
    await people.getByLabel('Search people').fill(name.split(' ')[0]!);
    await people.getByText(/^1 match\.$/).waitFor();
    await people.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  }
  await form.getByLabel('Name').fill('Autumn set-up 360');
  await form.getByLabel('Template').selectOption({ label: '360 review (built-in)' });
  await form.getByLabel('Nominations end (optional)').fill(isoDay(7));
  await form.getByLabel('Reviews due').fill(isoDay(30));
  await form.getByRole('button', { name: 'Create draft cycle' }).click();
  await admin.getByRole('heading', { name: 'Autumn set-up 360', level: 1 }).waitFor();
  const cycleUrl = admin.url();
  const due = formatDay(`${isoDay(7)}T23:59:59.999Z`);

  // 2. Before launch: who is short of approved peers and by how many.
  const panel = admin.getByRole('region', { name: 'Peers before launch' });
  const short = panel.getByRole('list', { name: 'Short of approved peers' });
  await short.getByText('Linus Torvalds', { exact: true }).waitFor();
  expect((await short.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
    expect.stringMatching(/^Linus Torvalds: 0 of 5 approved peers, 5 short · asked .+ Remind Linus Torvalds to nominate$/),
    expect.stringMatching(/^Margaret Hamilton: 0 of 5 approved peers, 5 short · asked .+ Remind Margaret Hamilton to nominate$/),
  ]);

  // 3. Linus is told: the bell, the pending page and the dashboard card, with the date.
  const linus = await openAs('Linus Torvalds');
  await linus.getByTestId('nomination-task').getByText(`Choose 5 to 8 peers by ${due}`).waitFor();
  await linus.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await linus
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`^Choose your peers by ${due}`) })
    .waitFor();
  await linus.keyboard.press('Escape');
  await linus.goto(`${e2e.server.url}/reviews/pending`);
  const task = linus.getByRole('list', { name: 'Peers to nominate' }).getByRole('listitem', { name: 'Autumn set-up 360' });
  expect((await task.textContent())!.replace(/\s+/g, ' ')).toContain(`Choose 5 to 8 peers by ${due}0 chosen so far`);
  expect(await seriousA11yViolations(linus)).toEqual([]);
  await fitsPhone(linus);
  await task.getByRole('link', { name: /Choose peers/ }).click();
  await linus.getByRole('button', { name: 'Propose peers' }).click();
  const group = linus.getByRole('group', { name: 'Propose your peers' });
  for (const peer of ['Margaret Hamilton', 'Ken Thompson', 'Radia Perlman', 'Dennis Ritchie', 'Barbara Liskov'])
    await group.getByRole('checkbox', { name: new RegExp(`^${peer}`) }).check();
  await group.getByRole('button', { name: 'Propose peers' }).click();
  await linus.getByText('Your peers were proposed to your manager.').waitFor();
  await linus.goto(`${e2e.server.url}/reviews/pending`);
  await linus.getByRole('heading', { name: 'Pending reviews', level: 1 }).waitFor();
  expect(await linus.getByRole('list', { name: 'Peers to nominate' }).count()).toBe(0);

  // 4. Remind: Margaret to nominate, Linus's manager to approve; once a day.
  await admin.reload();
  await panel.getByRole('button', { name: 'Remind the manager of Linus Torvalds to approve' }).waitFor();
  await panel.getByRole('button', { name: 'Remind all 2 to nominate' }).click();
  await admin.getByText('2 reminders sent.').waitFor();
  await panel.getByRole('button', { name: 'Remind Margaret Hamilton to nominate' }).click();
  await admin.getByText('No reminder sent; 1 person was already reminded today.').waitFor();
  const margaret = await openAs('Margaret Hamilton');
  await margaret.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await margaret
    .getByRole('dialog', { name: 'Notifications' })
    .getByText(/A reminder from your manager or admin\./)
    .waitFor();
  // The notice is a kind of its own that people switch like the others.
  await margaret.keyboard.press('Escape');
  await margaret.goto(`${e2e.server.url}/settings/privacy`);
  expect(await margaret.getByLabel('Choosing peers').isChecked()).toBe(true);
  const ada = await openAs('Ada Lovelace');
  await ada.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await ada
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: /^Peer nominations to approve/ })
    .first()
    .waitFor();

  // 5. The launch names who is at risk; launching knowingly is still refused while someone is short of the minimum.
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await fitsPhone(admin);
  await admin.getByRole('button', { name: 'Launch cycle' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Launch Autumn set-up 360?' });
  await dialog.getByTestId('launch-risks').getByText('2 people will see no anonymous results').waitFor();
  expect(await dialog.getByRole('list', { name: 'At risk' }).getByRole('listitem').allTextContents()).toEqual(
    expect.arrayContaining(['Margaret Hamilton has 0 approved peers; peer answers need at least 5, so Margaret Hamilton will see no peer results.']),
  );
  expect(await dialog.getByRole('button', { name: 'Launch anyway' }).isDisabled()).toBe(true);
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await dialog.getByRole('checkbox', { name: /Launch anyway/ }).check();
  await dialog.getByRole('button', { name: 'Launch anyway' }).click();
  await dialog.getByText(/^Approve at least 5 peers for every participant before launching\. Still short: /).waitFor();
  expect(cycleUrl).toContain('id=');
  expect(problems.flat()).toEqual([]);
}, 180_000);
