/**
 * Releasing results (docs/decisions/0031), in the browser: the manager's release
 * asks first and names who will see them; a release is taken back until the person opened their
 * results, never after; "Release all" gives the count and names the people. 1440 and 375 px, axe.
 */
import { expect, it } from 'vitest';
import { accessTokenFor, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';
import { E2E_ADMIN } from './server.js';
import { addDays } from '../shared/dates.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const future = (days: number) => addDays(Date.now(), days).toISOString();

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

it('release with confirmation, take back until opened, and release all with the count', async () => {
  const admin = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  const { organizationUsers } = await gql<{ organizationUsers: Array<{ id: string; full_name: string }> }>(admin, '{ organizationUsers { id full_name } }');
  const idOf = (n: string) => organizationUsers.find((u) => u.full_name === n)!.id;
  const { reviewTemplates } = await gql<{ reviewTemplates: Array<{ id: string; name: string }> }>(admin, '{ reviewTemplates { id name } }');
  const template = reviewTemplates.find((t) => t.name === '360 review')!;
  // Self and manager reviews only: nobody needs peers. Ada manages all three.
  const { createReviewCycle: cycle } = await gql(admin, 'mutation($input: ReviewCycleInput!) { createReviewCycle(input: $input) { id } }', {
    input: {
      name: 'Release check',
      type: '360',
      template_id: template.id,
      participant_ids: ['Linus Torvalds', 'Margaret Hamilton', 'Ken Thompson'].map(idOf),
      team_ids: [],
      perspectives: ['SELF', 'MANAGER'],
      review_end: future(10),
    },
  });
  await gql(admin, 'mutation($id: ID!) { launchReviewCycle(id: $id) { id } }', { id: cycle.id });
  await gql(admin, 'mutation($id: ID!) { closeReviewCycle(id: $id) { id } }', { id: cycle.id });
  const cycleUrl = `${e2e.server.url}/reviews?id=${cycle.id}`;

  const { page: ada, problems } = await openSignedIn(e2e, demo('Ada Lovelace'), {
    welcome: 'Ada Lovelace',
    context: { viewport: { width: 1440, height: 900 } },
  });
  await ada.goto(cycleUrl);
  const list = ada.getByRole('list', { name: 'Participants' });
  const card = (name: string) => list.getByRole('listitem', { name });
  await card('Linus Torvalds').waitFor();
  expect(await ada.getByRole('button', { name: 'Release all (3)' }).count()).toBe(1);

  // One person: asked first, naming who sees them; Cancel releases nothing.
  await card('Linus Torvalds').getByRole('button', { name: 'Release results to Linus Torvalds' }).click();
  let dialog = ada.getByRole('alertdialog', { name: 'Release the results of Linus Torvalds?' });
  expect(await dialog.textContent()).toContain(
    'Linus Torvalds will see their results and is told in the app and by email. Until Linus Torvalds opens them, you can take the release back.',
  );
  expect(await seriousA11yViolations(ada)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card('Linus Torvalds').getByRole('button', { name: 'Release results to Linus Torvalds' }).click();
  await dialog.getByRole('button', { name: 'Release results' }).click();
  await ada.getByText('The results of Linus Torvalds are released.').waitFor();

  // Taken back before Linus opened them: hidden again, and the count of "Release all" goes back up.
  await card('Linus Torvalds').getByRole('button', { name: 'Take back the release of Linus Torvalds' }).click();
  dialog = ada.getByRole('alertdialog', { name: 'Take back the release of Linus Torvalds?' });
  await dialog.getByRole('button', { name: 'Take back' }).click();
  await ada.getByText('The release of Linus Torvalds’s results was taken back.').waitFor();
  await card('Linus Torvalds').getByRole('button', { name: 'Release results to Linus Torvalds' }).waitFor();

  // Release all: the count and the names.
  await ada.getByRole('button', { name: 'Release all (3)' }).click();
  dialog = ada.getByRole('alertdialog', { name: 'Release the results of 3 people?' });
  expect(await dialog.textContent()).toContain('Ken Thompson, Linus Torvalds and Margaret Hamilton will each see their own results');
  await dialog.getByRole('button', { name: 'Release 3' }).click();
  await ada.getByText('Results released to 3 people.').waitFor();
  await ada.getByText('Results released', { exact: true }).waitFor();
  expect(await ada.getByRole('button', { name: /^Release all/ }).count()).toBe(0);

  // Linus opens his results: from then on his release cannot be taken back; Margaret's still can.
  const { page: linus, problems: linusProblems } = await openSignedIn(e2e, demo('Linus Torvalds'), { welcome: 'Linus Torvalds' });
  await linus.goto(cycleUrl);
  await linus.getByRole('link', { name: 'My results' }).click();
  await linus.getByRole('heading', { name: 'Your results', level: 1 }).waitFor();
  await ada.reload();
  await card('Linus Torvalds')
    .getByText(/^Opened by Linus Torvalds /)
    .waitFor();
  expect(
    await card('Linus Torvalds')
      .getByRole('button', { name: /Take back/ })
      .count(),
  ).toBe(0);
  await card('Margaret Hamilton').getByRole('button', { name: 'Take back the release of Margaret Hamilton' }).waitFor();
  expect(await seriousA11yViolations(ada)).toEqual([]);
  await ada.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(ada)).toBeLessThanOrEqual(0);
  expect([...problems, ...linusProblems]).toEqual([]);
}, 120_000);
