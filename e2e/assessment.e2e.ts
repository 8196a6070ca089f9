/**
 * Competency assessment in the browser (docs/decisions/0050): Radia (a member of the demo's Platform team)
 * assesses herself, Ada (her manager, on a 375 px phone) picks her among her reports and assesses
 * her too, and Radia then sees both side by side: the table's values and gaps, and the radar chart's
 * accessible summary. axe scans and the 375 px check on the way. Everything through the UI; the
 * placement is made through the API only when the demo did not place Radia.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { E2E_ADMIN } from './server.js';
import { accessTokenFor, chartProblems, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;

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

/** Radia on the built-in Engineering IC track (copied first if the organization has no copy). */
async function ensurePlaced(userId: string): Promise<void> {
  const admin = await accessTokenFor(e2e.server.url, E2E_ADMIN.email);
  const { placement } = await gql<{ placement: unknown }>(admin, 'query($id: ID!) { placement(user_id: $id) { placed_at } }', { id: userId });
  if (placement) return;
  type Track = { id: string; builtin_key: string | null; levels: Array<{ id: string }> };
  const { competencyFramework } = await gql<{ competencyFramework: Track[] }>(admin, '{ competencyFramework { id builtin_key levels { id } } }');
  const track =
    competencyFramework[0] ??
    (await gql<{ copyBuiltinCompetencyTrack: Track }>(admin, 'mutation { copyBuiltinCompetencyTrack(key: "engineering-ic") { id builtin_key levels { id } } }'))
      .copyBuiltinCompetencyTrack;
  await gql(admin, 'mutation($input: PlacementInput!) { placePerson(input: $input) { placed_at } }', {
    input: { user_id: userId, track_id: track.id, level_id: track.levels[1]?.id ?? track.levels[0]!.id },
  });
}

/** Rates every competency of the open form (`ratingOf(i)` for the i-th), comments on the first, and submits. */
async function assess(page: Page, start: string, ratingOf: (i: number) => number, comment: string, whileOpen?: () => Promise<void>): Promise<string[]> {
  await page.getByRole('button', { name: start }).click();
  const groups = page.getByRole('radiogroup');
  await groups.first().waitFor();
  const names: string[] = [];
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    names.push(((await group.getAttribute('aria-label')) ?? '').replace(/^Rating for /, ''));
    await group.getByLabel(new RegExp(`^${ratingOf(i)} `)).check();
  }
  await page.getByLabel(`Comment on ${names[0]}`).fill(comment);
  await page.getByText(/^Draft saved at \d\d:\d\d$/).waitFor();
  await whileOpen?.();
  await page.getByRole('button', { name: 'Submit assessment' }).click();
  await page.getByText(/is submitted/).waitFor();
  return names;
}

it('a member and her manager submit assessments and both are shown side by side, on a phone too', async () => {
  const radiaToken = await accessTokenFor(e2e.server.url, demo('Radia Perlman'));
  const { findOneUser: radiaUser } = await gql<{ findOneUser: { id: string } }>(radiaToken, '{ findOneUser { id } }');
  await ensurePlaced(radiaUser.id);

  // Radia rates herself 3 (meets) everywhere.
  const { page: radia, problems } = await openSignedIn(e2e, demo('Radia Perlman'), { welcome: 'Radia Perlman' });
  await radia.goto(`${e2e.server.url}/profile/assesment`);
  await radia.getByRole('heading', { level: 1, name: 'My assessment' }).waitFor();
  const competencies = await assess(
    radia,
    'Assess yourself',
    () => 3,
    'I run our on-call rotation.',
    async () => {
      expect(await seriousA11yViolations(radia)).toEqual([]);
    },
  );
  expect(competencies.length).toBeGreaterThan(2);

  // Ada, on a phone, picks Radia among her reports and rates the first competency 4, the second 2, the rest 3.
  const { page: ada, problems: adaProblems } = await openSignedIn(e2e, demo('Ada Lovelace'), {
    welcome: 'Ada Lovelace',
    context: { viewport: { width: 375, height: 800 } },
  });
  await ada.goto(`${e2e.server.url}/profile/assesment`);
  await ada.getByLabel('Whose assessment').selectOption({ label: 'Radia Perlman' });
  await ada.getByRole('heading', { level: 1, name: 'Assessment of Radia Perlman' }).waitFor();
  await assess(
    ada,
    'Assess Radia Perlman',
    (i) => (i === 0 ? 4 : i === 1 ? 2 : 3),
    'Leads incidents calmly.',
    async () => {
      // The open form on the phone: no sideways scrolling, nothing serious for axe.
      expect(await horizontalOverflow(ada)).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(ada)).toEqual([]);
    },
  );
  expect(await horizontalOverflow(ada)).toBeLessThanOrEqual(0);

  // Radia sees both side by side.
  await radia.reload();
  const table = radia.getByRole('region', { name: 'Ratings side by side, table' });
  await table.waitFor();
  const row = async (name: string) =>
    await table
      .getByRole('row', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .getByRole('cell')
      .allTextContents();
  expect(await row(competencies[0]!)).toEqual(['3', '4', '+1 Manager rates 1 higher']);
  expect(await row(competencies[1]!)).toEqual(['3', '2', '-1 Manager rates 1 lower']);
  expect(await row(competencies[2]!)).toEqual(['3', '3', '0 Same rating']);
  const radar = radia.getByRole('img', { name: /^Ratings of Radia Perlman/ });
  // The radar fills its box with every label inside it and 11 px or larger, at 1440 and 375 px.
  expect(await chartProblems(radia, 1)).toEqual([]);
  const summaryId = await radar.getAttribute('aria-describedby');
  const summary = await radia.locator(`[id="${summaryId}"]`).textContent();
  expect(summary).toContain(`${competencies[0]}: self 3 (Meets), manager 4 (Next level) (manager rates 1 higher)`);
  expect(summary).toContain(`Below the level (by the manager's rating, else the self rating): ${competencies[1]}.`);
  const history = radia.getByRole('region', { name: 'History' });
  expect(await history.getByRole('listitem').count()).toBe(2);
  await expect.poll(() => history.getByRole('listitem').first().textContent()).toContain('Manager assessment by Ada Lovelace');
  expect(await seriousA11yViolations(radia)).toEqual([]);
  expect([...problems, ...adaProblems]).toEqual([]);
});
