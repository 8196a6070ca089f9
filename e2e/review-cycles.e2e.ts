import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './server.js';
import { horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

/** One GraphQL operation as the page's signed-in person (setup of other people's steps). */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const session = (await (await fetch('/api/auth/session')).json()) as { access_token: string };
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ query, variables }),
      });
      return res.json() as Promise<{ data: unknown; errors?: Array<{ message: string }> }>;
    },
    { query, variables },
  );
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data as T;
}

const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;

it('an admin runs a 360 cycle for a team; peers are proposed and approved; a reviewer drafts (kept on reload and in a second tab) and submits', async () => {
  const { page: admin, problems } = await openSignedIn(e2e, E2E_ADMIN.email, { welcome: 'Alex Admin' });
  await admin.goto(`${e2e.server.url}/reviews`);
  await admin.getByRole('heading', { name: 'Review cycles', level: 1 }).waitFor();
  // The demo organization's own cycles are listed (server/features/demo/demo.seed-reviews.ts).
  await admin
    .getByText(/^Q[1-4] \d{4} 360 review$/)
    .first()
    .waitFor();
  await admin.getByRole('button', { name: 'New cycle' }).click();

  const form = admin.getByRole('form', { name: 'New review cycle' });
  await form.getByLabel('Name').fill('Platform 360');
  await form.getByLabel('Template').selectOption({ label: '360 review (built-in)' });
  await form.getByLabel('Search teams').fill('Plat');
  await form.getByRole('checkbox', { name: /^Platform · / }).check();
  await form.getByLabel('Reviews due').fill('2026-12-31');
  await form.getByLabel('Minimum peers').fill('1');
  await form.getByLabel('Maximum peers').fill('3');
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await admin.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
  await admin.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Create draft cycle' }).click();
  await admin.getByRole('heading', { name: 'Platform 360', level: 1 }).waitFor();
  const cycleId = new URL(admin.url()).searchParams.get('id')!;
  expect(
    await admin
      .getByRole('list', { name: 'Participants' })
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { level: 3 }) })
      .count(),
  ).toBe(7);

  // Linus proposes a peer, his manager Ada approves.
  const { page: linus } = await openSignedIn(e2e, demo('Linus Torvalds'), { welcome: 'Linus Torvalds' });
  await linus.goto(`${e2e.server.url}/reviews?id=${cycleId}`);
  await linus.getByRole('button', { name: 'Propose peers' }).click();
  await linus.getByRole('checkbox', { name: /^Margaret Hamilton/ }).check();
  await linus.getByRole('group', { name: 'Propose your peers' }).getByRole('button', { name: 'Propose peers' }).click();
  await linus.getByRole('list', { name: 'Peers of Linus Torvalds' }).getByText('Proposed').waitFor();

  const { page: ada } = await openSignedIn(e2e, demo('Ada Lovelace'), { welcome: 'Ada Lovelace' });
  await ada.goto(`${e2e.server.url}/reviews?id=${cycleId}`);
  await ada.getByRole('button', { name: 'Approve peers of Linus Torvalds' }).click();
  await ada.getByRole('list', { name: 'Peers of Linus Torvalds' }).getByText('Approved').waitFor();

  // Launch is refused while others lack peers, naming them.
  await admin.reload();
  await admin.getByRole('button', { name: 'Launch cycle' }).click();
  const launch = admin.getByRole('alertdialog', { name: 'Launch Platform 360?' });
  // A minimum of 1 peer under a threshold of 5: everyone is named at risk; launching is a knowing choice.
  await launch.getByTestId('launch-risks').getByText('7 people will see no anonymous results').waitFor();
  await launch.getByRole('checkbox', { name: /Launch anyway/ }).check();
  await launch.getByRole('button', { name: 'Launch anyway' }).click();
  await launch
    .getByRole('alert')
    .filter({ hasText: /Ada Lovelace|Ken Thompson|Radia Perlman/ })
    .waitFor();
  await launch.getByRole('button', { name: 'Cancel' }).click();

  // The other participants get their peers set by the admin (setup through GraphQL).
  type P = { id: string; reviewee: { id: string; full_name: string } };
  const { reviewCycle } = await graphql<{ reviewCycle: { participants: P[] } }>(
    admin,
    'query($id: ID!) { reviewCycle(id: $id) { participants { id reviewee { id full_name } } } }',
    { id: cycleId },
  );
  const linusId = reviewCycle.participants.find((p) => p.reviewee.full_name === 'Linus Torvalds')!.reviewee.id;
  for (const p of reviewCycle.participants.filter((x) => x.reviewee.id !== linusId)) {
    await graphql(admin, 'mutation($p: ID!, $r: [ID!]!) { changeNominations(participantId: $p, reviewerIds: $r) { id } }', { p: p.id, r: [linusId] });
  }
  await admin.reload();
  await admin.getByRole('button', { name: 'Launch cycle' }).click();
  const again = admin.getByRole('alertdialog', { name: 'Launch Platform 360?' });
  await again.getByRole('checkbox', { name: /Launch anyway/ }).check();
  await again.getByRole('button', { name: 'Launch anyway' }).click();
  await admin.getByText('Active', { exact: true }).waitFor();
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await admin.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // Margaret writes her peer review of Linus.
  const { page: margaret } = await openSignedIn(e2e, demo('Margaret Hamilton'), { welcome: 'Margaret Hamilton' });
  // Her dashboard's Pending reviews card counts what the server says she must write (her self review, the peer review, …).
  const { myReviewRequests } = await graphql<{ myReviewRequests: Array<{ perspective: string; reviewee: { full_name: string } }> }>(
    margaret,
    '{ myReviewRequests { perspective reviewee { full_name } } }',
  );
  expect(myReviewRequests.map((r) => `${r.perspective} ${r.reviewee.full_name}`)).toEqual(
    expect.arrayContaining(['SELF Margaret Hamilton', 'PEER Linus Torvalds']),
  );
  expect(await margaret.getByTestId('pending-review-count').textContent()).toBe(String(myReviewRequests.length));
  await margaret.getByRole('link', { name: 'Open pending reviews' }).click();
  await margaret.getByRole('list', { name: 'Review requests' }).waitFor();
  expect(await seriousA11yViolations(margaret)).toEqual([]);
  await margaret
    .getByRole('listitem', { name: 'Review of Linus Torvalds' })
    .getByRole('link', { name: /Write review/ })
    .click();
  const review = margaret.getByRole('form', { name: 'Review of Linus Torvalds' });
  await review.getByLabel('Answer to question 6').fill('Clear design notes before every change.');
  await margaret
    .getByTestId('save-status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
  expect(await margaret.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('teamlens.review-draft.')))).toEqual([]);
  await margaret.reload();
  expect(await review.getByLabel('Answer to question 6').inputValue()).toBe('Clear design notes before every change.');
  const second = await margaret.context().newPage();
  await second.goto(margaret.url());
  expect(await second.getByRole('form', { name: 'Review of Linus Torvalds' }).getByLabel('Answer to question 6').inputValue()).toBe(
    'Clear design notes before every change.',
  );
  await second.close();
  expect(await seriousA11yViolations(margaret)).toEqual([]);
  await margaret.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(margaret)).toBeLessThanOrEqual(0);

  await review.getByRole('button', { name: 'Submit review' }).click();
  await review.getByText('Pick a rating from 1 to 5.').first().waitFor();
  for (const radio of await review.locator('input[type="radio"][value="4"]').all()) await radio.check();
  await review.getByLabel('Answer to question 7').fill('Share plans earlier with the web team.');
  await review.getByRole('button', { name: 'Submit review' }).click();
  await margaret.getByRole('alertdialog', { name: 'Submit your review of Linus Torvalds?' }).getByRole('button', { name: 'Submit review' }).click();
  await margaret.getByText(/You submitted this review on/).waitFor();
  expect(await review.getByLabel('Answer to question 6').isDisabled()).toBe(true);
  expect(problems).toEqual([]);
}, 60_000);
