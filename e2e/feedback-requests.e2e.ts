/**
 * Feedback requests in the browser (docs/decisions/0048), everything in the UI, each person in
 * their own browser context: Ada (manager of the demo Platform team) asks Ken and Radia for feedback about her report
 * Margaret; both answer on /continuous-feedback/pending (Radia on a 375 px phone, with an axe scan);
 * Ada reads both answers and shares them; Margaret then reads them in her received feedback.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const MESSAGE = 'How did Margaret lead the billing launch? (e2e)';

async function open(name: string, path: string, viewport = { width: 1280, height: 900 }) {
  const { page, problems } = await openSignedIn(e2e, demo(name), { welcome: name, context: { viewport } });
  await page.goto(`${e2e.server.url}${path}`);
  return { page, problems };
}

/** The pending request with our message, answered in the person's own words. */
async function answer(page: Page, words: string) {
  await page.getByRole('heading', { level: 1, name: 'Pending feedback requests' }).waitFor();
  const card = page.getByRole('list', { name: 'Requests waiting for you' }).getByRole('listitem').filter({ hasText: MESSAGE });
  await card.getByRole('heading', { name: 'Ada Lovelace asks for feedback about Margaret Hamilton' }).waitFor();
  await card.getByLabel('What should I keep doing?').fill(words);
  await card.getByRole('button', { name: 'Send answers' }).click();
  const done = page.getByRole('list', { name: 'Requests done' }).getByRole('listitem').filter({ hasText: MESSAGE });
  await done.getByText('Answered', { exact: true }).waitFor();
  expect(await page.getByRole('list', { name: 'Requests waiting for you' }).getByText(MESSAGE).count()).toBe(0);
}

it('a manager asks two people about a report, both answer, the manager shares the answers and the report reads them', async () => {
  const problems: string[][] = [];

  // Ada asks, about Margaret, Ken and Radia, with the General template.
  const ada = await open('Ada Lovelace', '/continuous-feedback');
  problems.push(ada.problems);
  await ada.page.getByRole('button', { name: 'Request feedback' }).click();
  const form = ada.page.getByRole('form', { name: 'Request feedback' });
  await form.getByLabel('About one of my reports').check();
  await form.getByLabel('Feedback about', { exact: true }).selectOption({ label: `Margaret Hamilton (${demo('Margaret Hamilton')})` });
  for (const name of ['Ken Thompson', 'Radia Perlman']) {
    await form.getByLabel('Find people to ask').fill(name.split(' ')[0]!);
    await form.getByRole('button', { name: `Ask ${name}` }).click();
  }
  await form.getByRole('list', { name: 'People to ask' }).getByText('Radia Perlman').waitFor();
  await form.getByRole('list', { name: 'Questions of General' }).waitFor();
  await form.getByLabel('Message (optional)').fill(MESSAGE);
  await form.getByRole('button', { name: 'Send request' }).click();
  await form.waitFor({ state: 'detached' });

  // Both answer in their own browser; Radia on a phone.
  const ken = await open('Ken Thompson', '/continuous-feedback/pending');
  problems.push(ken.problems);
  await answer(ken.page, 'Keep pairing with the on-call engineers.');
  const radia = await open('Radia Perlman', '/continuous-feedback/pending', { width: 375, height: 800 });
  problems.push(radia.problems);
  await radia.page.getByRole('list', { name: 'Requests waiting for you' }).getByText(MESSAGE).waitFor();
  expect(await seriousA11yViolations(radia.page)).toEqual([]);
  expect(await horizontalOverflow(radia.page)).toBeLessThanOrEqual(0);
  await answer(radia.page, 'Keep the launch checklist short and public.');
  expect(await horizontalOverflow(radia.page)).toBeLessThanOrEqual(0);

  // Ada reads both answers under Requested, then shares them with Margaret.
  await ada.page.goto(`${e2e.server.url}/continuous-feedback?tab=requested`);
  const card = ada.page.getByRole('list', { name: 'Requests I made' }).getByRole('listitem').filter({ hasText: MESSAGE });
  await card.getByText('2 of 2 answered').waitFor();
  await card.getByRole('article', { name: 'Answer from Ken Thompson' }).getByText('Keep pairing with the on-call engineers.').waitFor();
  await card.getByRole('article', { name: 'Answer from Radia Perlman' }).getByText('Keep the launch checklist short and public.').waitFor();
  await card.getByRole('button', { name: 'Share with Margaret Hamilton' }).click();
  await ada.page.getByRole('alertdialog', { name: 'Share the answers with Margaret Hamilton?' }).getByRole('button', { name: 'Share answers' }).click();
  await card.getByText(/^Shared with Margaret Hamilton on /).waitFor();

  // Margaret reads them in her received feedback.
  const margaret = await open('Margaret Hamilton', '/continuous-feedback');
  problems.push(margaret.problems);
  await margaret.page.getByText('Keep pairing with the on-call engineers.').waitFor();
  await margaret.page.getByText('Keep the launch checklist short and public.').waitFor();

  expect(problems.flat()).toEqual([]);
});
