/**
 * A whole sprint retro in the browser (docs/decisions/0047, 0059), three people of the Platform
 * team in three browser contexts, everything in the UI: Ada (the team's manager) facilitates and sees who is writing and
 * who has voted; Margaret and Ken (Ken on a 375 px phone) reflect, group by drag and by keyboard
 * ("Move to…"), vote, comment on the same topic at the same time (both comments kept, docs/decisions/0059)
 * and agree on an action item; ending asks first. The team's next retro then shows that action item in its review of last action items.
 * axe scans and 375 px checks on the way. The retros are created through the API (the list screen has
 * its own test).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { accessTokenFor, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';
import { addDays, dayOf } from '../shared/dates.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const isoDay = (days: number) => dayOf(addDays(Date.now(), days));

async function gql<T = any>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${e2e.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data;
}

async function createRetro(token: string, title: string): Promise<string> {
  const { retroTeams } = await gql<{ retroTeams: Array<{ id: string; name: string }> }>(token, '{ retroTeams { id name } }');
  const team = retroTeams.find((t) => t.name === 'Platform')!;
  const { findOneUser } = await gql<{ findOneUser: { id: string } }>(token, '{ findOneUser { id } }');
  const { createRetro: retro } = await gql<{ createRetro: { id: string } }>(
    token,
    'mutation($input: CreateRetroInput!) { createRetro(input: $input) { id } }',
    {
      input: { team_id: team.id, template_id: 'builtin:start-stop-continue', title, facilitator_id: findOneUser.id, max_votes: 5, max_votes_per_group: 3 },
    },
  );
  return retro.id;
}

const phaseHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
const currentStep = async (page: Page) => (await page.getByRole('navigation', { name: 'Retro phases' }).locator('[aria-current="step"]').textContent()) ?? '';

/** Writes one reflection under a prompt; `withKeys` sends it with Ctrl+Enter instead of the button. */
async function reflect(page: Page, prompt: string, text: string, withKeys = false) {
  const column = page.getByRole('region', { name: prompt, exact: true });
  await column.getByLabel(`New reflection: ${prompt}`).fill(text);
  if (withKeys) await column.getByLabel(`New reflection: ${prompt}`).press('Control+Enter');
  else await column.getByRole('button', { name: `Add to ${prompt}` }).click();
  await column
    .getByRole('list', { name: `My reflections: ${prompt}` })
    .getByText(text)
    .waitFor();
}

/** In an open menu, presses the down arrow until `item` has the focus, then Enter. */
async function chooseInMenu(page: Page, item: string) {
  const focused = () => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : null));
  await expect.poll(focused).not.toBeNull();
  for (let i = 0; i < 20 && (await focused()) !== item; i++) await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe(item);
  await page.keyboard.press('Enter');
}

/** The board's group that holds the card with this text. */
const groupWith = (page: Page, text: string) => page.locator('section.retro-group').filter({ hasText: text });

it('three people run a whole retro live, and the next retro reviews its action items', async () => {
  const adaToken = await accessTokenFor(e2e.server.url, demo('Ada Lovelace'));
  const retroId = await createRetro(adaToken, 'Sprint 42 retro');
  const url = `${e2e.server.url}/professional-development/sprint-retro/review/${retroId}`;

  const problems: string[][] = [];
  const open = async (name: string, viewport = { width: 1280, height: 900 }) => {
    const { page, problems: theirs } = await openSignedIn(e2e, demo(name), { welcome: name, context: { viewport } });
    problems.push(theirs);
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: 'Sprint 42 retro' }).waitFor();
    return page;
  };
  const ada = await open('Ada Lovelace');
  const margaret = await open('Margaret Hamilton');
  const ken = await open('Ken Thompson', { width: 375, height: 800 });
  const all = [ada, margaret, ken];

  // Presence: everyone sees the three of them; only the facilitator has the controls.
  for (const page of all) await page.getByText('3 here').waitFor();
  expect(await margaret.getByRole('button', { name: /^Next: / }).count()).toBe(0);
  expect(await horizontalOverflow(ken)).toBeLessThanOrEqual(0);

  // Start. The demo team held retros before, so the first phase reviews their open action items.
  await ada.getByRole('button', { name: /^Start: / }).click();
  for (const page of all) await phaseHeading(page, 'Last action items');
  expect(await currentStep(ken)).toContain('Last action items');
  await ada.getByRole('button', { name: 'Next: Reflect' }).click();

  // Reflect: my own reflections in full, everyone else's only counted.
  for (const page of all) await phaseHeading(page, 'Reflect');
  await margaret.getByText('Anonymous: nobody, admins included, will see who wrote what.', { exact: false }).waitFor();
  await reflect(ada, 'Start', 'Write a deploy checklist');
  // Margaret types without sending yet: the facilitator sees someone writing (a count: the retro is anonymous).
  await margaret.getByLabel('New reflection: Stop').fill('Deploys break');
  await ada.getByText('1 person is writing now', { exact: true }).waitFor();
  await reflect(margaret, 'Stop', 'Deploys break on Fridays', true);
  await reflect(ken, 'Stop', 'Friday deploys keep breaking production');
  await reflect(ken, 'Continue', 'Pairing on code reviews');
  await ada.getByText('3 people have written 4 reflections').waitFor();
  expect(await ada.getByText('Deploys break on Fridays').count()).toBe(0);
  expect(await seriousA11yViolations(margaret)).toEqual([]);
  expect(await horizontalOverflow(ken)).toBeLessThanOrEqual(0);
  await ada.getByRole('button', { name: 'Next: Group' }).click();

  // Group: Margaret drags Ken's card onto hers with the mouse...
  for (const page of all) await phaseHeading(page, 'Group');
  await margaret.getByText('Friday deploys keep breaking production').waitFor();
  const handle = margaret.getByRole('button', { name: 'Drag “Friday deploys keep breaking production”' });
  const target = groupWith(margaret, 'Deploys break on Fridays');
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await margaret.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await margaret.mouse.down();
  await margaret.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await margaret.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await margaret.mouse.up();
  const fridays = groupWith(ken, 'Deploys break on Fridays');
  await fridays.getByText('Friday deploys keep breaking production').waitFor();

  // Margaret drags a card with the keyboard alone (Space, an arrow key, Space), told where it is at each step...
  const pairing = margaret.getByRole('button', { name: 'Drag “Pairing on code reviews”' });
  await pairing.focus();
  await margaret.keyboard.press('Space');
  await margaret.locator('button[aria-pressed="true"][aria-label="Drag “Pairing on code reviews”"]').waitFor();
  await margaret.getByText('“Pairing on code reviews” is over group ', { exact: false }).waitFor({ state: 'attached' });
  // The sensor listens for the arrow keys from the next task on: a person never presses that fast.
  await margaret.waitForTimeout(200);
  await margaret.keyboard.press('ArrowLeft');
  await margaret.getByText(/“Pairing on code reviews” is over group (?!Pairing)/).waitFor({ state: 'attached' });
  await margaret.keyboard.press('Space');
  await margaret.getByText(/“Pairing on code reviews” was dropped into group /).waitFor({ state: 'attached' });
  await groupWith(ken, 'Deploys break on Fridays').getByText('Pairing on code reviews').waitFor();
  // Her own board shows the card in its new group first (a menu opened on the card as it moves closes with it).
  await groupWith(margaret, 'Deploys break on Fridays').getByText('Pairing on code reviews').waitFor();
  // ...and takes it back out into a new group of its own with its "Move to…" menu.
  await margaret.getByRole('button', { name: 'Move to… (reflection “Pairing on code reviews”)' }).focus();
  await margaret.keyboard.press('Enter');
  await chooseInMenu(margaret, 'A new group');
  await expect.poll(() => groupWith(ken, 'Pairing on code reviews').locator('li').count(), { timeout: 10_000 }).toBe(1);
  // Focus followed the card to its new group.
  expect(await margaret.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move to… (reflection “Pairing on code reviews”)');

  // Ken, on his phone, moves Ada's card there with the keyboard through its "Move to…" menu.
  const fridaysTitle = (await fridays.locator('h3').textContent())!;
  const move = ken.getByRole('button', { name: 'Move to… (reflection “Write a deploy checklist”)' });
  await move.focus();
  await ken.keyboard.press('Enter');
  await chooseInMenu(ken, fridaysTitle);
  await groupWith(ada, 'Deploys break on Fridays').getByText('Write a deploy checklist').waitFor();
  expect(await horizontalOverflow(ken)).toBeLessThanOrEqual(0);

  // Ada names the group (an empty title is refused with a reason).
  const deploysGroup = groupWith(ada, 'Deploys break on Fridays');
  await deploysGroup.getByRole('button', { name: /^Rename group / }).click();
  await deploysGroup.getByLabel('Group title').fill('  ');
  await deploysGroup.getByRole('button', { name: 'Save' }).click();
  await deploysGroup.getByText('Group title cannot be empty.').waitFor();
  await deploysGroup.getByLabel('Group title').fill('Friday deploys');
  await deploysGroup.getByRole('button', { name: 'Save' }).click();
  await margaret.getByRole('heading', { level: 3, name: 'Friday deploys' }).waitFor();
  await ada.getByRole('button', { name: 'Next: Vote' }).click();

  // Vote: 5 each, at most 3 on one group.
  for (const page of all) await phaseHeading(page, 'Vote');
  for (const page of [margaret, ken]) {
    const plus = page.getByRole('button', { name: 'Vote for Friday deploys' });
    for (let i = 1; i <= 3; i++) {
      await plus.click();
      await page.getByText(`${5 - i} of 5 votes left`).waitFor();
    }
    expect(await plus.isDisabled()).toBe(true);
  }
  await ken
    .getByRole('button', { name: /^Vote for (?!Friday deploys$)/ })
    .first()
    .click();
  await ken.getByText('1 of 5 votes left').waitFor();
  // The facilitator sees who has voted (counts only: anonymous): Margaret and Ken still have votes, Ada none cast.
  const voted = ada.getByRole('region', { name: 'Who has voted' });
  await expect.poll(() => voted.textContent(), { timeout: 10_000 }).toContain('2 still voting');
  expect(await voted.textContent()).toContain('1 here has not voted yet');
  expect(await seriousA11yViolations(ken)).toEqual([]);
  await ada.getByRole('button', { name: 'Next: Discuss' }).click();

  // Discuss: the most voted topic first and current, with its timer; comments and an action item.
  for (const page of all) await phaseHeading(page, 'Discuss');
  const current = ada.locator('li.retro-topic-current');
  await current.getByRole('heading', { name: 'Friday deploys' }).waitFor();
  await current.getByText('6 votes').waitFor();
  await current.getByRole('timer').waitFor();
  // Margaret and Ken type into the same topic at the same time and send together: nobody's words are lost.
  const said = ['No deploys after Thursday noon.', 'Ops reviews every Friday change.'];
  const topicOf = (page: Page) => page.locator('li.retro-topic-current');
  await Promise.all([margaret, ken].map((page, i) => topicOf(page).getByLabel('Your comment on Friday deploys').pressSequentially(said[i]!, { delay: 5 })));
  await current.getByText('2 people are writing…').waitFor();
  await Promise.all([margaret, ken].map((page) => topicOf(page).getByRole('button', { name: 'Add comment on Friday deploys' }).click()));
  for (const page of all) {
    const comments = topicOf(page).getByRole('list', { name: 'Comments on Friday deploys' });
    for (const text of said) await comments.getByText(text).waitFor();
  }
  await current.getByLabel('Action item', { exact: true }).fill('Write the deploy checklist');
  await current.getByLabel('Owner', { exact: true }).selectOption({ label: 'Margaret Hamilton' });
  await current.getByLabel('Due', { exact: true }).fill(isoDay(7));
  await current.getByRole('button', { name: 'Add action item' }).click();
  await ken
    .getByRole('region', { name: /^Action items of this retro/ })
    .locator('strong', { hasText: 'Write the deploy checklist' })
    .waitFor();
  expect(await seriousA11yViolations(ada)).toEqual([]);
  expect(await horizontalOverflow(ken)).toBeLessThanOrEqual(0);
  // Ending asks first: it erases the anonymity links for good.
  await ada.getByRole('button', { name: 'Next: Summary' }).click();
  const ending = ada.getByRole('alertdialog', { name: 'End the retro now?' });
  await ending.getByText('erases the anonymity links for good', { exact: false }).waitFor();
  await ending.getByRole('button', { name: 'End the retro' }).click();

  // Summary for everyone, with both comments and who took part.
  for (const page of all) await page.getByRole('heading', { name: 'Topics by votes' }).waitFor();
  await ken.getByRole('table').getByText('Write the deploy checklist').waitFor();
  for (const text of said) await ken.getByRole('list', { name: 'Comments on Friday deploys' }).getByText(text).waitFor();
  await margaret
    .getByRole('region', { name: 'Participation' })
    .getByText(/Took part: .*Ken Thompson/)
    .waitFor();

  // The team's next retro reviews the open action item; Margaret marks it done in place.
  const nextId = await createRetro(adaToken, 'Sprint 43 retro');
  const nextUrl = `${e2e.server.url}/professional-development/sprint-retro/review/${nextId}`;
  await ada.goto(nextUrl);
  await margaret.goto(nextUrl);
  await ada.getByRole('button', { name: 'Start: Last action items' }).click();
  await phaseHeading(margaret, 'Last action items');
  const item = margaret.getByRole('listitem').filter({ hasText: 'Write the deploy checklist' });
  await item.getByText('From Sprint 42 retro').waitFor();
  await item.getByLabel('Status', { exact: true }).selectOption('DONE');
  await expect
    .poll(() => ada.getByRole('listitem').filter({ hasText: 'Write the deploy checklist' }).getByLabel('Status').inputValue(), { timeout: 10_000 })
    .toBe('DONE');

  expect(problems.flat()).toEqual([]);
});
