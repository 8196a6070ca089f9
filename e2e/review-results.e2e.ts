/**
 * Review results and team progress against the real server: a small cycle (Linus reviewed by
 * himself, his manager Ada and three peers) is set up through GraphQL with each
 * person's token; Ada follows progress (bands from shared/completion.ts), reminds, reads the results
 * (peers aggregated; an optional question one peer answered withheld and explained) and releases; Linus reads and acknowledges.
 */
import { expect, it } from 'vitest';
import { COMPLETION_COLOURS, completionStatus } from '../shared/completion.js';
import { DEFAULT_RATING_LABELS } from '../shared/review-template.schemas.js';
import { accessTokenFor, chartProblems, horizontalOverflow, openSignedIn, seriousA11yViolations, useServerAndBrowser } from './harness.js';
import { E2E_ADMIN } from './server.js';
import { addDays } from '../shared/dates.js';

const e2e = useServerAndBrowser();
const demo = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.teamlens.dev`;
const future = (days: number) => addDays(Date.now(), days).toISOString();

const tokenFor = (email: string) => accessTokenFor(e2e.server.url, email);

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

type Req = { id: string; cycle_id: string; questions: Array<{ id: string; prompt: string }> };
async function answer(token: string, cycleId: string, rating: number, text: string, extra?: string) {
  const { myReviewRequests } = await gql<{ myReviewRequests: Req[] }>(token, '{ myReviewRequests { id cycle_id questions { id prompt } } }');
  const req = myReviewRequests.find((r) => r.cycle_id === cycleId)!;
  const q = (p: string) => req.questions.find((x) => x.prompt === p)!.id;
  await gql(token, 'mutation($id: ID!, $a: [ReviewAnswerInput!]) { submitReviewRequest(id: $id, answers: $a) { id } }', {
    id: req.id,
    a: [
      { question_id: q('Overall impact?'), rating },
      { question_id: q('What should continue?'), text },
      ...(extra ? [{ question_id: q('Anything else?'), text: extra }] : []),
    ],
  });
}

it('a manager follows progress by the shared bands, reminds, reads aggregated results and a withheld question explained, releases; the reviewee acknowledges', async () => {
  const names = ['Ada Lovelace', 'Linus Torvalds', 'Margaret Hamilton', 'Ken Thompson', 'Radia Perlman'] as const;
  const admin = await tokenFor(E2E_ADMIN.email);
  const tokens = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await tokenFor(demo(n))] as const))) as Record<(typeof names)[number], string>;
  const { organizationUsers } = await gql<{ organizationUsers: Array<{ id: string; full_name: string }> }>(admin, '{ organizationUsers { id full_name } }');
  const idOf = (n: string) => organizationUsers.find((u) => u.full_name === n)!.id;

  const { createReviewTemplate: tpl } = await gql(admin, 'mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id } }', {
    input: {
      name: 'Results e2e',
      review_type: '360',
      sections: [
        {
          title: 'Impact',
          questions: [
            { kind: 'RATING', prompt: 'Overall impact?', options: [...DEFAULT_RATING_LABELS], perspectives: ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'] },
            { kind: 'TEXT', prompt: 'What should continue?', perspectives: ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'], required: false },
            { kind: 'TEXT', prompt: 'Anything else?', perspectives: ['PEER'], required: false },
          ],
        },
      ],
    },
  });
  const { createReviewCycle: cycle } = await gql(admin, 'mutation($input: ReviewCycleInput!) { createReviewCycle(input: $input) { id participants { id } } }', {
    input: {
      name: 'Linus 360',
      type: '360',
      template_id: tpl.id,
      participant_ids: [idOf('Linus Torvalds')],
      team_ids: [],
      perspectives: ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'],
      nomination_end: future(5),
      review_end: future(20),
      results_release: future(30),
      min_peers: 3,
      max_peers: 3,
      anonymity_threshold: 3,
    },
  });
  const participantId = cycle.participants[0].id as string;
  await gql(admin, 'mutation($p: ID!, $r: [ID!]!) { changeNominations(participantId: $p, reviewerIds: $r) { id } }', {
    p: participantId,
    r: ['Margaret Hamilton', 'Ken Thompson', 'Radia Perlman'].map(idOf),
  });
  await gql(admin, 'mutation($id: ID!) { launchReviewCycle(id: $id) { id } }', { id: cycle.id });
  await answer(tokens['Linus Torvalds'], cycle.id, 4, 'Self: I kept the build green.');
  await answer(tokens['Ada Lovelace'], cycle.id, 5, 'Manager: steady leadership of the release.');
  await answer(tokens['Margaret Hamilton'], cycle.id, 3, 'Peer: clear design notes.', 'Only Margaret adds this.');
  await answer(tokens['Ken Thompson'], cycle.id, 4, 'Peer: patient code reviews.');

  // Team progress: every band and label is the one shared completionStatus gives for the counts.
  const { page: ada, problems } = await openSignedIn(e2e, demo('Ada Lovelace'), { welcome: 'Ada Lovelace' });
  await ada.goto(`${e2e.server.url}/reviews/team-progress?cycle=${cycle.id}`);
  const people = ada.getByRole('list', { name: 'People of Platform' });
  await people.waitFor();
  const { reviewTeamProgress } = await gql(
    tokens['Ada Lovelace'],
    'query($c: ID!) { reviewTeamProgress(cycleId: $c) { teams { people { full_name completion { done total } } } } }',
    { c: cycle.id },
  );
  const shown = reviewTeamProgress.teams.flatMap((t: { people: unknown[] }) => t.people) as Array<{
    full_name: string;
    completion: { done: number; total: number };
  }>;
  expect(shown.map((p) => p.full_name)).toEqual(expect.arrayContaining(['Linus Torvalds', 'Radia Perlman']));
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  for (const p of shown) {
    const status = completionStatus(p.completion.done, p.completion.total);
    const row = people.getByRole('listitem', { name: p.full_name });
    expect(await row.locator('.tp-badge').textContent()).toBe(status.label);
    expect(await row.locator('.tp-fill').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(COMPLETION_COLOURS[status.band].fill));
  }
  expect(completionStatus(shown.find((p) => p.full_name === 'Radia Perlman')!.completion.done, 1).band).toBe('behind');
  expect(await people.getByRole('listitem', { name: 'Linus Torvalds' }).locator('.tp-badge').textContent()).toBe('Complete');
  await people.getByRole('button', { name: 'Remind Radia Perlman' }).click();
  await ada.getByText('1 reminder sent.').waitFor();
  expect(await seriousA11yViolations(ada)).toEqual([]);
  await ada.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(ada)).toBeLessThanOrEqual(0);
  await ada.setViewportSize({ width: 1280, height: 800 });

  // Radia answers, the cycle closes; Ada opens the results from the cycle.
  await answer(tokens['Radia Perlman'], cycle.id, 5, 'Peer: always helps on call.');
  await gql(admin, 'mutation($id: ID!) { closeReviewCycle(id: $id) { id } }', { id: cycle.id });
  await ada.goto(`${e2e.server.url}/reviews?id=${cycle.id}`);
  await ada.getByRole('link', { name: 'Results of Linus Torvalds' }).click();
  await ada.getByRole('heading', { name: 'Results of Linus Torvalds', level: 1 }).waitFor();
  const bars = ada.getByRole('list', { name: 'Average rating per perspective: Overall impact?' });
  expect(await bars.locator('[data-perspective="PEER"]').textContent()).toContain('4.00 / 5 (3 ratings)');
  // Only one peer answered the optional question: withheld, with the server's explanation.
  const optional = ada.getByRole('article', { name: 'Anything else?' });
  expect(await optional.textContent()).toContain('Peer: Withheld: 1 answers to this question; at least 3 are needed to keep reviewers anonymous');
  expect(await optional.textContent()).not.toContain('Only Margaret adds this.');
  const peerComments = ada.getByRole('region', { name: 'Comments: Peer' });
  expect(await peerComments.textContent()).toContain('Peer: patient code reviews.');
  expect(await peerComments.textContent()).not.toMatch(/Ken|Margaret|Radia/);
  expect(await ada.getByRole('region', { name: 'Comments: Manager' }).first().textContent()).toContain('— Ada Lovelace');
  expect(await chartProblems(ada, 1)).toEqual([]);
  expect(await seriousA11yViolations(ada)).toEqual([]);
  await ada.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(ada)).toBeLessThanOrEqual(0);
  await ada.setViewportSize({ width: 1280, height: 800 });
  await ada.getByRole('button', { name: 'Release results to Linus Torvalds' }).click();
  await ada.getByRole('alertdialog', { name: 'Release the results of Linus Torvalds?' }).getByRole('button', { name: 'Release results' }).click();
  await ada.getByText('The results of Linus Torvalds are released.').waitFor();

  // Linus sees his released results from the cycle and acknowledges them.
  const { page: linus, problems: linusProblems } = await openSignedIn(e2e, demo('Linus Torvalds'), { welcome: 'Linus Torvalds' });
  await linus.goto(`${e2e.server.url}/reviews?id=${cycle.id}`);
  await linus.getByRole('link', { name: 'My results' }).click();
  await linus.getByRole('heading', { name: 'Your results', level: 1 }).waitFor();
  expect(
    await linus.getByRole('list', { name: 'Average rating per perspective: Overall impact?' }).locator('[data-perspective="PEER"]').textContent(),
  ).toContain('4.00 / 5');
  await linus.getByRole('button', { name: 'Acknowledge my results' }).click();
  await linus.getByText('You acknowledged your results.').waitFor();
  await linus.getByText(/^Acknowledged /).waitFor();
  expect([...problems, ...linusProblems]).toEqual([]);
}, 60_000);
