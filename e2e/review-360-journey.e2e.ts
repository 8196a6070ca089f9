/**
 * The whole life of a 360 cycle in the browser, every step by the person who takes it, in the UI:
 * an admin creates the cycle for the Platform team from the built-in 360 template; two reviewees
 * propose peers; their manager approves one list and changes the other; the admin launches; four
 * people write their reviews of Linus (one keeps her draft across a second tab); the manager follows
 * team progress (bands from shared/completion.ts) and reminds; the admin closes; the manager reads
 * and releases; Linus reads aggregated results and acknowledges them.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { COMPLETION_COLOURS, completionStatus } from '../shared/completion.js';
import { formatDay } from '../shared/format.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';
import { E2E_ADMIN } from './server.js';
import { addDays, dayOf } from '../shared/dates.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const pageProblems: string[][] = [];

/** Signs `name` in on their own browser context; their page errors are gathered in `problems`. */
async function openAs(name: string, email = demo(name)): Promise<Page> {
  const { page, problems: theirs } = await openSignedIn(e2e, email, { welcome: name });
  pageProblems.push(theirs);
  return page;
}

/** Opens a request from /reviews/pending by its list title ("Review of …" or "Your self review"). */
async function openRequest(page: Page, title: string) {
  await page.goto(`${e2e.server.url}/reviews/pending`);
  await page
    .getByRole('listitem', { name: title })
    .getByRole('link', { name: /Write review/ })
    .click();
  return page.getByRole('form', { name: title });
}

/** Rates every competency, writes both required answers, submits and confirms. */
async function writeReview(page: Page, title: string, rating: number, keep: string, change: string) {
  const form = page.getByRole('form', { name: title });
  await form.getByLabel('Answer to question 6').waitFor();
  const radios = await form.locator(`input[type="radio"][value="${rating}"]`).all();
  expect(radios).toHaveLength(5);
  for (const radio of radios) await radio.check();
  await form.getByLabel('Answer to question 6').fill(keep);
  await form.getByLabel('Answer to question 7').fill(change);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await page
    .getByRole('alertdialog', { name: /^Submit your (self )?review/ })
    .getByRole('button', { name: 'Submit review' })
    .click();
  await page.getByText(/You submitted this review on/).waitFor();
}

async function proposePeers(page: Page, cycleUrl: string, peers: string[]) {
  await page.goto(cycleUrl);
  await page.getByRole('button', { name: 'Propose peers' }).click();
  const group = page.getByRole('group', { name: 'Propose your peers' });
  for (const peer of peers) await group.getByRole('checkbox', { name: new RegExp(`^${peer}`) }).check();
  await group.getByRole('button', { name: 'Propose peers' }).click();
  await page.getByText('Your peers were proposed to your manager.').waitFor();
}

const isoDay = (days: number) => dayOf(addDays(Date.now(), days));
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

it('a 360 cycle from creation to acknowledged results, every step in the browser', async () => {
  // 1. The admin creates the cycle for the Platform team from the built-in 360 template.
  const admin = await openAs('Alex Admin', E2E_ADMIN.email);
  await admin.goto(`${e2e.server.url}/reviews?view=new`);
  const form = admin.getByRole('form', { name: 'New review cycle' });
  await form.getByLabel('Name').fill('Platform 360');
  await form.getByLabel('Template').selectOption({ label: '360 review (built-in)' });
  await form.getByLabel('Search teams').fill('Plat');
  await form.getByRole('checkbox', { name: /^Platform · / }).check();
  await form.getByLabel('Reviews due').fill(isoDay(30));
  await form.getByRole('checkbox', { name: 'Direct report' }).uncheck();
  await form.getByLabel('Minimum peers').fill('0');
  await form.getByLabel('Maximum peers').fill('3');
  await form.getByLabel('Anonymity threshold').fill('2');
  await form.getByRole('button', { name: 'Create draft cycle' }).click();
  await form.getByText('The anonymity threshold is at least 3, so no answer can be traced to one person.').waitFor();
  await form.getByLabel('Anonymity threshold').fill('3');
  await form.getByRole('button', { name: 'Create draft cycle' }).click();
  await admin.getByRole('heading', { name: 'Platform 360', level: 1 }).waitFor();
  const cycleUrl = admin.url();
  const cycleId = new URL(cycleUrl).searchParams.get('id')!;

  // 2. Two reviewees propose peers; their manager approves Linus's list and changes Margaret's.
  const linus = await openAs('Linus Torvalds');
  await proposePeers(linus, cycleUrl, ['Margaret Hamilton', 'Ken Thompson', 'Radia Perlman']);
  const margaret = await openAs('Margaret Hamilton');
  await proposePeers(margaret, cycleUrl, ['Linus Torvalds', 'Ken Thompson', 'Dennis Ritchie']);

  const ada = await openAs('Ada Lovelace');
  await ada.goto(cycleUrl);
  await ada.getByRole('button', { name: 'Approve peers of Linus Torvalds' }).click();
  await ada.getByText('The peers of Linus Torvalds are approved.').waitFor();
  await ada.getByRole('button', { name: 'Change peers of Margaret Hamilton' }).click();
  const change = ada.getByRole('group', { name: 'Change the peers of Margaret Hamilton' });
  await change.getByRole('checkbox', { name: /^Dennis Ritchie/ }).uncheck();
  await change.getByRole('checkbox', { name: /^Barbara Liskov/ }).check();
  await change.getByRole('button', { name: 'Save peers' }).click();
  await ada.getByText('The peers of Margaret Hamilton are set.').waitFor();
  const peersOf = async (who: string) =>
    (
      await ada
        .getByRole('list', { name: `Peers of ${who}` })
        .getByRole('listitem')
        .allTextContents()
    ).map((t) => t.replace(/\s+/g, ' ').trim());
  expect(await peersOf('Linus Torvalds')).toEqual(
    expect.arrayContaining(['Margaret Hamilton · Approved', 'Ken Thompson · Approved', 'Radia Perlman · Approved']),
  );
  expect((await peersOf('Margaret Hamilton')).sort()).toEqual([
    'Barbara Liskov · Approved',
    'Dennis Ritchie · Not chosen',
    'Ken Thompson · Approved',
    'Linus Torvalds · Approved',
  ]);

  // 3. The admin launches: every review request is created at once.
  await admin.reload();
  await admin.getByRole('button', { name: 'Launch cycle' }).click();
  // Peers are optional here (minimum 0): the launch step names who will see no peer results, and asks to launch knowingly.
  const launchDialog = admin.getByRole('alertdialog', { name: 'Launch Platform 360?' });
  await launchDialog
    .getByRole('list', { name: 'At risk' })
    .getByText(/^Ken Thompson has 0 approved peers; peer answers need at least 3/)
    .waitFor();
  await launchDialog.getByRole('checkbox', { name: /Launch anyway/ }).check();
  await launchDialog.getByRole('button', { name: 'Launch anyway' }).click();
  await admin.getByText('Active', { exact: true }).waitFor();

  // 4. Four people write their reviews of Linus. Margaret starts on one tab and finishes on another.
  const mine = await openRequest(margaret, 'Review of Linus Torvalds');
  await mine.getByLabel('Answer to question 6').fill('Writes clear design notes before every change.');
  await margaret
    .getByTestId('save-status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
  const secondTab = await margaret.context().newPage();
  await secondTab.goto(margaret.url());
  const onSecondTab = secondTab.getByRole('form', { name: 'Review of Linus Torvalds' });
  expect(await onSecondTab.getByLabel('Answer to question 6').inputValue()).toBe('Writes clear design notes before every change.');
  await writeReview(secondTab, 'Review of Linus Torvalds', 4, 'Writes clear design notes before every change.', 'Could share plans earlier with the web team.');
  await margaret.reload();
  await margaret.getByText(/You submitted this review on/).waitFor();

  const ken = await openAs('Ken Thompson');
  await openRequest(ken, 'Review of Linus Torvalds');
  await writeReview(ken, 'Review of Linus Torvalds', 3, 'Patient, careful code reviews.', 'Could delegate more of the release work.');
  const radia = await openAs('Radia Perlman');
  await openRequest(radia, 'Review of Linus Torvalds');
  await writeReview(radia, 'Review of Linus Torvalds', 5, 'Always helps on call.', 'Could write down on-call lessons.');
  const selfReview = await openRequest(radia, 'Your self review');
  // A self review reads each question in its self wording.
  await selfReview.getByRole('group', { name: /How clearly and openly do you communicate\?/ }).waitFor();
  await writeReview(radia, 'Your self review', 4, 'I kept the network stable.', 'I could mentor more.');
  await openRequest(ada, 'Review of Linus Torvalds');
  await writeReview(ada, 'Review of Linus Torvalds', 5, 'Steady leadership of the release.', 'Plan the next quarter with the team earlier.');

  // 5. Ada follows team progress: every person's badge and colour are the shared band of their counts.
  await ada.goto(`${e2e.server.url}/reviews/team-progress?cycle=${cycleId}`);
  const people = ada.getByRole('list', { name: 'People of Platform' });
  await people.waitFor();
  const rows = new Map<string, { done: number; total: number; band: string }>();
  for (const row of await people.getByRole('listitem').all()) {
    const name = (await row.locator('.tp-name').textContent())!;
    const [, done, total] = /^(\d+) of (\d+)/.exec((await row.locator('.tp-text').textContent())!)!;
    const status = completionStatus(Number(done), Number(total));
    expect(await row.locator('.tp-badge').textContent()).toBe(status.label);
    expect(await row.locator('.tp-fill').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(COMPLETION_COLOURS[status.band].fill));
    rows.set(name, { done: Number(done), total: Number(total), band: status.band });
  }
  // Radia wrote both of hers; Ken one of three (self, Linus, Margaret); Ada one of seven (self and six reports).
  expect(rows.get('Radia Perlman')).toEqual({ done: 2, total: 2, band: 'complete' });
  expect(rows.get('Ken Thompson')).toEqual({ done: 1, total: 3, band: 'behind' });
  expect(rows.get('Ada Lovelace')).toEqual({ done: 1, total: 7, band: 'behind' });
  // Nothing is late yet: no "Remind all late" to press; a person can still be reminded.
  expect(await ada.getByRole('button', { name: 'Remind all late' }).count()).toBe(0);
  await people.getByRole('button', { name: 'Remind Ken Thompson' }).click();
  await ada.getByText('1 reminder sent.').waitFor();
  // Ken gets one reminder listing both reviews he still owes (his self review and Margaret's), live in his bell.
  await ken.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await ken
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`^2 reviews due ${formatDay(isoDay(30))}`) })
    .waitFor();
  await ken.keyboard.press('Escape');
  expect(await seriousA11yViolations(ada)).toEqual([]);

  // 6. The admin closes the cycle; Ada reads Linus's results and releases them.
  await admin.reload();
  await admin.getByRole('button', { name: 'Close cycle' }).click();
  await admin.getByRole('alertdialog', { name: 'Close Platform 360?' }).getByRole('button', { name: 'Close cycle' }).click();
  await admin.getByText('Closed', { exact: true }).waitFor();

  await ada.goto(cycleUrl);
  await ada.getByRole('link', { name: 'Results of Linus Torvalds' }).click();
  await ada.getByRole('heading', { name: 'Results of Linus Torvalds', level: 1 }).waitFor();
  const summary = (await ada.getByRole('list', { name: 'Perspectives' }).getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  expect(summary).toEqual(['Self (signed) No self review was submitted.', 'Manager (signed) 1 review', 'Peer (anonymous) 3 reviews']);
  const bars = ada.getByRole('list', { name: 'Average rating per perspective: How clearly and openly does this person communicate?' });
  expect(await bars.locator('[data-perspective="PEER"]').textContent()).toContain('4.00 / 5 (3 ratings)');
  const peerComments = ada.getByRole('region', { name: 'Comments: Peer' }).first();
  expect(await peerComments.textContent()).toContain('Always helps on call.');
  expect(await peerComments.textContent()).not.toMatch(/Margaret|Ken|Radia/);
  expect(await ada.getByRole('region', { name: 'Comments: Manager' }).first().textContent()).toContain('— Ada Lovelace');
  expect(await seriousA11yViolations(ada)).toEqual([]);
  await ada.getByRole('button', { name: 'Release results to Linus Torvalds' }).click();
  await ada.getByRole('alertdialog', { name: 'Release the results of Linus Torvalds?' }).getByRole('button', { name: 'Release results' }).click();
  await ada.getByText('The results of Linus Torvalds are released.').waitFor();

  // 7. Linus is told (bell), reads his aggregated results (no peer named) and acknowledges them.
  await linus.goto(cycleUrl);
  await linus.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await linus
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: /^Your review results are ready/ })
    .waitFor();
  await linus.keyboard.press('Escape');
  await linus.getByRole('link', { name: 'My results' }).click();
  await linus.getByRole('heading', { name: 'Your results', level: 1 }).waitFor();
  const his = linus.getByRole('list', { name: 'Average rating per perspective: How clearly and openly does this person communicate?' });
  expect(await his.locator('[data-perspective="PEER"]').textContent()).toContain('4.00 / 5 (3 ratings)');
  expect(await linus.locator('main').textContent()).not.toMatch(/Margaret Hamilton|Ken Thompson|Radia Perlman/);
  await linus.getByRole('button', { name: 'Acknowledge my results' }).click();
  await linus.getByText('You acknowledged your results.').waitFor();
  await linus.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(linus)).toBeLessThanOrEqual(0);
  expect(pageProblems.flat()).toEqual([]);
}, 240_000);
