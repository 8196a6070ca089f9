/**
 * Notes in the browser (docs/decisions/0048, 0056): a note with an XSS payload renders harmless in
 * the editor's preview and in the search results; a 1:1 note that Ada (a manager) shares with
 * Margaret (her report), after a confirmation that names what becomes visible (cancelled first:
 * nothing shared), becomes a shared agenda edited live from both browser contexts (Margaret on a
 * 375 px phone), each of them with private notes the other never sees. axe scans and 375 px checks
 * on the way. Everything through the UI.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const XSS =
  '# Careful\n\n<script>window.__xss=1</script>\n\n<img src=x onerror="window.__xss=1">\n\n[click](javascript:window.__xss=1)\n\nSee [the docs](https://example.com).';

/** From the list, "New note" opens the editor of a new note. */
async function newNote(page: Page): Promise<string> {
  await page.goto(`${e2e.server.url}/notes/my-notes`);
  await page.getByRole('heading', { level: 1, name: 'My notes' }).waitFor();
  await page.getByRole('button', { name: 'New note' }).click();
  await page.getByLabel('Note (Markdown)').waitFor();
  return page.url();
}

const saved = (page: Page) => page.getByText(/^Saved at \d\d:\d\d$/).waitFor();

async function harmless(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  // The page's own inline scripts sit in <head>: nothing the note holds may add one to the screen.
  expect(await page.locator('main script').count()).toBe(0);
  expect(await page.locator('img[onerror], [onerror]').count()).toBe(0);
  expect(await page.locator('a[href^="javascript:" i], a[href^="vbscript:" i], a[href^="data:" i]').count()).toBe(0);
}

it('a note with an XSS payload renders harmless in the preview, after a reload and in search results', async () => {
  const { page, problems } = await openSignedIn(e2e, demo('Ada Lovelace'), { welcome: 'Ada Lovelace' });
  const url = await newNote(page);
  await page.getByLabel('Title').fill('XSS sandbox');
  await page.getByLabel('Note (Markdown)').fill(XSS);
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('heading', { name: 'Careful' }).waitFor();
  await saved(page);
  await harmless(page);
  const docs = preview.getByRole('link', { name: 'the docs' });
  expect(await docs.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await docs.getAttribute('target')).toBe('_blank');
  expect(await preview.getByRole('link', { name: 'click' }).count()).toBe(0);

  // Read back from the server.
  await page.goto(url);
  await page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Careful' }).waitFor();
  expect(await page.getByLabel('Note (Markdown)').inputValue()).toBe(XSS);
  await harmless(page);

  // Found by search, the matches highlighted as text.
  await page.goto(`${e2e.server.url}/notes/my-notes`);
  await page.getByLabel('Search notes').fill('onerror sandbox');
  const results = page.getByRole('list', { name: 'Search results' });
  await results.getByRole('link', { name: /XSS sandbox/ }).waitFor();
  expect(await results.locator('mark').count()).toBeGreaterThan(0);
  await harmless(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

it('a 1:1 note shared by a manager with her report, after a confirmation (cancel shares nothing): a live agenda for both, and private notes each that the other never sees (375 px for the report)', async () => {
  const ada = await openSignedIn(e2e, demo('Ada Lovelace'), { welcome: 'Ada Lovelace' });
  const margaret = await openSignedIn(e2e, demo('Margaret Hamilton'), { welcome: 'Margaret Hamilton', context: { viewport: { width: 375, height: 800 } } });
  const a = ada.page;
  const m = margaret.page;
  const ADA_LINE = 'Manager only: discuss the **salary band** before the review.';
  const MARGARET_LINE = 'Report only: ask about the _mentoring_ budget.';

  const url = await newNote(a);
  await a.getByLabel('Title').fill('1:1 Margaret');
  await a.getByLabel('Note (Markdown)').fill(ADA_LINE);
  await a.getByLabel('About a person (1:1 note)', { exact: true }).selectOption({ label: `Margaret Hamilton (${demo('Margaret Hamilton')})` });
  await a.getByLabel('New talking point').fill('Deploy checklist');
  await a.getByRole('button', { name: 'Add talking point' }).click();
  await a.getByRole('checkbox', { name: /Deploy checklist/ }).waitFor();
  await saved(a);
  expect(await a.getByLabel('My private notes (Markdown)').inputValue()).toBe(ADA_LINE);

  // Sharing asks first and names what becomes visible; cancelling shares nothing.
  await a.getByRole('button', { name: 'Share with Margaret Hamilton' }).click();
  let dialog = a.getByRole('alertdialog');
  await dialog.getByText('Margaret Hamilton will see:').waitFor();
  expect(await dialog.getByRole('listitem').allTextContents()).toEqual(['the title “1:1 Margaret”', '1 talking point', 'the next 1:1 date (not set yet)']);
  await dialog.getByText('Your private notes stay private:', { exact: false }).waitFor();
  expect(await dialog.textContent()).not.toContain('salary band');
  expect(await seriousA11yViolations(a)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await m.goto(url);
  await m.getByText('Note not found.').waitFor();
  await a.getByRole('button', { name: 'Share with Margaret Hamilton' }).click();
  dialog = a.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Share with Margaret Hamilton' }).click();
  await a.getByRole('button', { name: 'Stop sharing' }).waitFor();

  // Margaret finds it in her notes, marked as shared with her, and opens it on her phone: the agenda, not Ada's private line.
  await m.goto(`${e2e.server.url}/notes/my-notes`);
  await m.getByRole('link', { name: '1:1 Margaret', exact: true }).waitFor();
  expect(await horizontalOverflow(m)).toBeLessThanOrEqual(0);
  await m.goto(url);
  await m.getByText('Shared with you', { exact: true }).waitFor();
  await m.getByRole('checkbox', { name: /Deploy checklist/ }).waitFor();
  expect(await m.getByLabel('My private notes (Markdown)').inputValue()).toBe('');
  expect(await m.locator('main').textContent()).not.toContain('salary band');

  // Each writes a private line: saved, and never on the other's screen, live or after a reload.
  await m.getByLabel('My private notes (Markdown)').fill(MARGARET_LINE);
  await saved(m);
  await a.getByLabel('My private notes (Markdown)').fill(`${ADA_LINE}\n\nAlso: the promotion timeline.`);
  await saved(a);
  // Ada adds a talking point: it appears on Margaret's phone without a reload (a round trip both screens took part in);
  // Margaret ticks it off and adds one.
  await a.getByLabel('New talking point').fill('Conference budget');
  await a.getByRole('button', { name: 'Add talking point' }).click();
  const budgetOnPhone = m.getByRole('checkbox', { name: /Conference budget/ });
  await budgetOnPhone.waitFor();
  expect(await m.locator('main').textContent()).not.toMatch(/salary band|promotion timeline/);
  expect(await a.locator('main').textContent()).not.toContain('mentoring');
  await budgetOnPhone.check();
  await expect.poll(() => a.getByRole('checkbox', { name: /Conference budget/ }).isChecked(), { timeout: 10_000 }).toBe(true);
  await m.getByLabel('New talking point').fill('Promotion case');
  await m.getByRole('button', { name: 'Add talking point' }).click();
  await a.getByRole('checkbox', { name: /Promotion case/ }).waitFor();
  await m.getByLabel('Next 1:1').fill('2030-01-15');
  await expect.poll(() => a.getByLabel('Next 1:1').inputValue(), { timeout: 10_000 }).toBe('2030-01-15');
  await Promise.all([a.reload(), m.reload()]);
  await a.getByRole('checkbox', { name: /Promotion case/ }).waitFor();
  await m.getByRole('checkbox', { name: /Promotion case/ }).waitFor();
  expect(await m.getByLabel('My private notes (Markdown)').inputValue()).toBe(MARGARET_LINE);
  expect(await a.getByLabel('My private notes (Markdown)').inputValue()).toBe(`${ADA_LINE}\n\nAlso: the promotion timeline.`);
  expect(await m.locator('main').textContent()).not.toMatch(/salary band|promotion timeline/);
  expect(await a.locator('main').textContent()).not.toContain('mentoring');

  expect(await horizontalOverflow(m)).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(m)).toEqual([]);

  // Stopping asks too, and says what Margaret loses.
  await a.getByRole('button', { name: 'Stop sharing' }).click();
  dialog = a.getByRole('alertdialog');
  expect(await dialog.getByRole('listitem').allTextContents()).toEqual(['the title “1:1 Margaret”', '3 talking points', 'the next 1:1 date, Jan 15, 2030']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The editor on a phone: Write and Preview one at a time, nothing wider than the screen.
  await a.setViewportSize({ width: 375, height: 800 });
  await a.getByRole('button', { name: 'Preview' }).click();
  await a.locator('.note-preview strong', { hasText: 'salary band' }).waitFor();
  expect(await a.getByLabel('My private notes (Markdown)').isVisible()).toBe(false);
  expect(await horizontalOverflow(a)).toBeLessThanOrEqual(0);
  expect([...ada.problems, ...margaret.problems]).toEqual([]);
});
