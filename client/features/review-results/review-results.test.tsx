// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { withheldText } from '../../../shared/review-results.text.js';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Cycle, Participant } from '../review-cycles/review-cycles.api.js';
import type { Cell, ReviewResults } from './review-results.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const person = (id: string, full_name: string) => ({ id, full_name });
const linus = person('linus', 'Linus Torvalds');
const ada = person('ada', 'Ada Lovelace');

const participant = (patch: Partial<Participant> = {}): Participant => ({
  id: 'p1',
  cycle_id: 'c1',
  reviewee: linus,
  manager: ada,
  results_released_at: null,
  results_opened_at: null,
  acknowledged_at: null,
  nominations: [],
  requests: [],
  can_manage: true,
  ...patch,
});
const cycle = (p: Participant, patch: Partial<Cycle> = {}): Cycle => ({
  id: 'c1',
  name: 'Autumn 360',
  type: '360',
  status: 'CLOSED',
  template_name: '360 review',
  nomination_end: null,
  review_end: '2026-11-20T23:59:59.999Z',
  results_release: null,
  participant_count: 1,
  request_count: 4,
  submitted_count: 4,
  can_manage: true,
  created_by: ada,
  perspectives: ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'],
  min_peers: 1,
  max_peers: 5,
  anonymity_threshold: 3,
  launched_at: '2026-11-01T00:00:00.000Z',
  readiness: null,
  closed_at: '2026-11-21T00:00:00.000Z',
  participants: [p],
  ...patch,
});
const withheld = { reason: 'FEWER_THAN_THRESHOLD' as const, have: 1, need: 3, own_answer_excluded: false };
const rating = (average: number, distribution: number[]) => ({ count: distribution.reduce((a, b) => a + b, 0), average, distribution });
const cell = (perspective: Cell['perspective'], patch: Partial<Cell>): Cell => ({
  perspective,
  signed: perspective === 'SELF' || perspective === 'MANAGER',
  withheld: null,
  respondents: 1,
  rating: null,
  choices: null,
  comments: [],
  answers: [],
  ...patch,
});

const results = (viewer_role: ReviewResults['viewer_role']): ReviewResults => {
  const cells: Cell[] = [
    cell('SELF', { rating: rating(4, [0, 0, 0, 1, 0]), comments: [{ text: 'I shipped the cache.', reviewer: linus }] }),
    cell('MANAGER', { rating: rating(3, [0, 0, 1, 0, 0]), comments: [{ text: 'Strong quarter overall.', reviewer: ada }] }),
    cell('PEER', { signed: false, respondents: 3, rating: rating(3.33, [0, 0, 2, 1, 0]), comments: [{ text: 'Great reviews of my code.', reviewer: null }] }),
    cell('DIRECT_REPORT', { signed: false, withheld: { ...withheld, message: withheldText(withheld) }, respondents: null }),
  ];
  const others = {
    ...rating(3.25, [0, 0, 3, 1, 0]),
    includes: ['MANAGER' as const, 'PEER' as const],
    excluded: [{ perspective: 'DIRECT_REPORT' as const, reason: 'FEWER_THAN_THRESHOLD' as const }],
  };
  const pooled = cells.map((c) => ({ perspective: c.perspective, signed: c.signed, withheld: c.withheld, rating: c.rating, excluded_questions: 0 }));
  return {
    participant_id: 'p1',
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    reviewee: linus,
    threshold: 3,
    viewer_role,
    csv_path: '/api/reviews/results/p1.csv',
    perspectives: cells.map((c) => ({
      perspective: c.perspective,
      signed: c.signed,
      respondents: c.respondents,
      asked: c.perspective === 'PEER' ? 4 : c.respondents,
      withheld: c.withheld,
    })),
    sections: [
      {
        id: 's1',
        title: 'Impact',
        cells: pooled,
        others,
        self_others_gap: 0.75,
        questions: [
          {
            id: 'q1',
            kind: 'RATING_COMMENT',
            prompt: 'How strong was the impact?',
            options: ['Poor', 'Fair', 'Good', 'Great', 'Superb'],
            competency: null,
            private: false,
            cells,
            others,
            self_others_gap: 0.75,
          },
        ],
      },
    ],
    overall: { cells: pooled, others, self_others_gap: 0.75 },
  };
};

it('the manager sees bars per perspective, the self vs others gap, withheld perspectives explained, signed and unsigned comments, and releases', async () => {
  const { calls } = stubGraphql(
    {
      ReviewCycle: () => ({ data: { reviewCycle: cycle(participant()) } }),
      ReviewResults: () => ({ data: { reviewResults: results('MANAGER') } }),
      ReleaseResults: () => ({ data: { releaseResults: participant({ results_released_at: '2026-11-23T10:00:00.000Z' }) } }),
    },
    { me: meAs('MANAGER', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1&results=p1');
  expect(await screen.findByRole('heading', { name: 'Results of Linus Torvalds', level: 1 }, T)).toBeTruthy();
  const question = screen.getByRole('article', { name: 'How strong was the impact?' });
  const bars = within(question).getByRole('list', { name: 'Average rating per perspective: How strong was the impact?' });
  const peer = within(bars)
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('data-perspective') === 'PEER')!;
  expect(peer.textContent).toContain('3.33 / 5');
  const reports = within(bars)
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('data-perspective') === 'DIRECT_REPORT')!;
  expect(reports.textContent).toContain('Withheld: 1 reviews; at least 3 are needed to keep reviewers anonymous');
  expect(within(question).getByTestId('self-others-gap').textContent).toContain('gap +0.75');
  const summary = within(screen.getByRole('list', { name: 'Perspectives' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(summary).toEqual([
    'Self (signed)1 review',
    'Manager (signed)1 review',
    'Peer (anonymous)3 reviews (4 asked)',
    `Direct report (anonymous)${withheldText(withheld)}`,
  ]);

  const managerComments = within(question).getByRole('region', { name: 'Comments: Manager' });
  expect(managerComments.textContent).toContain('Strong quarter overall.');
  expect(managerComments.textContent).toContain('— Ada Lovelace');
  const peerComments = within(question).getByRole('region', { name: 'Comments: Peer' });
  expect(peerComments.textContent).toContain('Great reviews of my code.');
  expect(peerComments.textContent).toContain('(unsigned)');
  expect(peerComments.textContent).not.toMatch(/Ada|Linus|Grace/);

  fireEvent.click(screen.getByRole('button', { name: 'Release results to Linus Torvalds' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Release the results of Linus Torvalds?' });
  expect(dialog.textContent).toContain(
    'Linus Torvalds will see their results and is told in the app and by email. Until Linus Torvalds opens them, you can take the release back.',
  );
  expect(calls.some((c) => c.operationName === 'ReleaseResults')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Release results' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'ReleaseResults')?.variables).toEqual({ participantId: 'p1' }));
});

it('the reviewee acknowledges released results, downloads the CSV with the token and can print', async () => {
  const released = participant({ results_released_at: '2026-11-22T10:00:00.000Z', can_manage: false });
  const { calls, restCalls } = stubGraphql(
    {
      ReviewCycle: () => ({ data: { reviewCycle: cycle(released, { status: 'RELEASED', can_manage: false }) } }),
      ReviewResults: () => ({ data: { reviewResults: results('REVIEWEE') } }),
      AcknowledgeResults: () => ({ data: { acknowledgeResults: { ...released, acknowledged_at: '2026-11-23T10:00:00.000Z' } } }),
    },
    { me: meAs('MEMBER', { id: 'linus' }), rest: () => new Response('a,b\n', { headers: { 'content-disposition': 'attachment; filename="r.csv"' } }) },
  );
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  let printed = false;
  window.print = () => {
    printed = true;
  };
  await renderSignedIn('/reviews?id=c1&results=p1');
  expect(await screen.findByRole('heading', { name: 'Your results', level: 1 }, T)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Release results/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Acknowledge my results' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'AcknowledgeResults')?.variables).toEqual({ participantId: 'p1' }));
  fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(restCalls.map((c) => c.url)).toContain('/api/reviews/results/p1.csv'));
  fireEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(printed).toBe(true);
});

it('the cycle detail links to results for the manager once the cycle is closed', async () => {
  stubGraphql({ ReviewCycle: () => ({ data: { reviewCycle: cycle(participant()) } }) }, { me: meAs('MANAGER', { id: 'ada' }) });
  await renderSignedIn('/reviews?id=c1');
  const link = await screen.findByRole('link', { name: 'Results of Linus Torvalds' }, T);
  expect(link.getAttribute('href')).toBe('/reviews?id=c1&results=p1');
});

it('a perspective whose reviewers all stayed silent says so instead of showing empty figures', async () => {
  const silent = results('MANAGER');
  silent.perspectives = silent.perspectives.map((p) =>
    p.perspective === 'MANAGER'
      ? { ...p, respondents: 0, asked: 1 }
      : p.perspective === 'SELF'
        ? { ...p, respondents: 0, asked: 1 }
        : p.perspective === 'PEER'
          ? { ...p, respondents: 0, asked: 2 }
          : p,
  );
  stubGraphql(
    { ReviewCycle: () => ({ data: { reviewCycle: cycle(participant()) } }), ReviewResults: () => ({ data: { reviewResults: silent } }) },
    { me: meAs('MANAGER', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1&results=p1');
  const list = await screen.findByRole('list', { name: 'Perspectives' }, T);
  const text = within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(text[0]).toBe('Self (signed)No self review was submitted.');
  expect(text[1]).toBe('Manager (signed)No reviews: the one person asked has not submitted a review.');
  expect(text[2]).toBe('Peer (anonymous)No reviews: none of the 2 people asked submitted a review.');
});

it('an optional question nobody answered says so instead of empty bars', async () => {
  const quiet = results('MANAGER');
  const none = (perspective: Cell['perspective'], patch: Partial<Cell> = {}) => cell(perspective, { respondents: 0, ...patch });
  quiet.sections[0]!.questions.push(
    {
      id: 'q2',
      kind: 'MULTIPLE_CHOICE',
      prompt: 'Which areas would help?',
      options: ['Design', 'Mentoring'],
      competency: null,
      private: false,
      others: null,
      self_others_gap: null,
      cells: [
        none('MANAGER', {
          choices: [
            { option: 'Design', count: 0 },
            { option: 'Mentoring', count: 0 },
          ],
        }),
      ],
    },
    {
      id: 'q3',
      kind: 'TEXT',
      prompt: 'Anything else?',
      options: [],
      competency: null,
      private: true,
      others: null,
      self_others_gap: null,
      cells: [none('PEER', { signed: false })],
    },
  );
  stubGraphql(
    { ReviewCycle: () => ({ data: { reviewCycle: cycle(participant()) } }), ReviewResults: () => ({ data: { reviewResults: quiet } }) },
    { me: meAs('MANAGER', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1&results=p1');
  const choices = await screen.findByRole('article', { name: 'Which areas would help?' }, T);
  expect(choices.textContent).toContain('Manager: nobody answered this question.');
  expect(within(choices).queryByRole('list')).toBeNull();
  expect(screen.getByRole('article', { name: 'Anything else?' }).textContent).toContain('Nobody answered this question.');
});
