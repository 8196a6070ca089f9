/**
 * The assistant in the browser (docs/decisions/0066), on the demo: the admin's page (its seeded
 * history opens with its sources, a question answers with numbered passages linking to where they
 * live, the new conversation joins the history) at 1440 and 375 px; and "Prepare our 1:1" in the 1:1
 * note Ada shares with Margaret, from Margaret's side on a phone. axe on the way, no horizontal
 * scrolling, keyboard only for the question.
 */
import { expect, it } from 'vitest';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;

it('the admin asks, reads the sources with their links, and finds the conversation in the history (1440 and 375 px)', async () => {
  const { page, problems } = await openSignedIn(e2e, undefined, { context: { viewport: { width: 1440, height: 900 } } });
  await page.goto(`${e2e.server.url}/admin/ai-assistant`);
  await page.getByRole('heading', { level: 1, name: 'AI assistant' }).waitFor();
  const history = page.getByRole('navigation', { name: 'Your conversations' });
  await history.getByRole('button', { name: /What do people say about onboarding\?/ }).click();
  const stored = page.getByRole('article').first();
  await stored.getByRole('list', { name: 'Sources' }).waitFor();
  expect(await stored.getByRole('link').count()).toBeGreaterThan(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A new conversation, asked with the keyboard.
  await history.getByRole('button', { name: 'New' }).click();
  const question = page.getByRole('textbox', { name: 'Question' });
  await question.fill('What did we say about the weekly release train?');
  await question.press('Enter');
  const sources = page.getByRole('list', { name: 'Sources' }).last();
  await sources.waitFor();
  const first = sources.getByRole('listitem').first().getByRole('link').first();
  expect(await first.getAttribute('href')).toMatch(/^\/professional-development\/sprint-retro\/review\//);
  expect(await sources.getByText(/weekly release train/i).count()).toBeGreaterThan(0);
  await history.getByRole('button', { name: /What did we say about the weekly release train\?/ }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Too little behind a question: said, not answered.
  await question.fill('What about the zeppelin hangar?');
  await page.getByRole('button', { name: 'Ask again' }).click();
  await page.getByRole('heading', { name: 'Not enough behind this question' }).waitFor();

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page), '/admin/ai-assistant at 375 px').toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // The link goes where the passage lives.
  await history.getByRole('button', { name: /What did we say about the weekly release train\?/ }).click();
  await page.getByRole('article').first().getByRole('list', { name: 'Sources' }).getByRole('link').first().click();
  await page.waitForURL(/\/professional-development\/sprint-retro\/review\//);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('"Prepare our 1:1" on a shared 1:1 note, from the person it is about, on a phone', async () => {
  const { page, problems } = await openSignedIn(e2e, demo('Margaret Hamilton'), {
    welcome: 'Margaret Hamilton',
    context: { viewport: { width: 375, height: 800 } },
  });
  await page.goto(`${e2e.server.url}/notes/my-notes`);
  await page
    .getByRole('link', { name: /1:1 Margaret Hamilton/ })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: '1:1 Margaret Hamilton' }).waitFor();
  await page.getByText('Prepare our 1:1', { exact: true }).click();
  await page.getByRole('button', { name: 'Ask' }).click();
  const sources = page.getByRole('list', { name: 'Sources' });
  await sources.waitFor();
  // This agenda's open point, and Margaret's own private notes: never Ada's.
  expect(await sources.getByText('Design review date for the job queue').count()).toBe(1);
  expect(await sources.getByText('Conference talk proposal').count()).toBe(0);
  expect(await horizontalOverflow(page), 'a 1:1 note with the assistant at 375 px').toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await page.context().close();
});
