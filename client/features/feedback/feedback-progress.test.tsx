// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { COMPLETION_COLOURS } from '../../../shared/completion.js';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { CycleQuestion, ReviewRequest } from '../review-cycles/review-cycles.api.js';
import { daysBefore, localDay } from './feedback-progress.api.js';
import type { FeedbackItem, FeedbackPersonProgress, FeedbackTeamProgress } from './feedback.types.js';

// Days on these screens are the viewer's own: the tests read them in UTC.
beforeAll(() => {
  process.env.TZ = 'UTC';
});
cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/continuous-feedback/team-progress';

const band = (done: number, total: number) => {
  if (total === 0) return null;
  const percent = done >= total ? 100 : Math.floor((done / total) * 100);
  return { percent, band: percent === 100 ? 'complete' : percent >= 80 ? 'almost' : 'behind' };
};
const person = (
  id: string,
  name: string,
  given: number,
  received: number,
  asked: number,
  answered: number,
  last: string | null,
  quiet = false,
): FeedbackPersonProgress => ({
  user: { id, full_name: name },
  given,
  received,
  asked,
  answered,
  completion: band(answered, asked),
  last_received_at: last,
  quiet,
});
const teamOf = (id: string | null, name: string, people: FeedbackPersonProgress[]): FeedbackTeamProgress => {
  const sum = (k: 'given' | 'received' | 'asked' | 'answered') => people.reduce((n, p) => n + p[k], 0);
  return {
    team: id ? { id, name } : null,
    people,
    given: sum('given'),
    received: sum('received'),
    asked: sum('asked'),
    answered: sum('answered'),
    completion: band(sum('answered'), sum('asked')),
    quiet: people.filter((p) => p.quiet).length,
  };
};
const TEAMS = [
  teamOf('t1', 'Platform', [
    person('ann', 'Ann Archer', 5, 7, 10, 7, '2026-11-20T09:00:00.000Z'),
    person('bob', 'Bob Baker', 2, 0, 5, 4, null, true),
    person('cy', 'Cy Cole', 0, 3, 0, 0, '2026-09-01T09:00:00.000Z', true),
  ]),
  teamOf(null, '', [person('dee', 'Dee Dunn', 1, 1, 2, 2, '2026-11-01T09:00:00.000Z')]),
];

const rowsOf = (region: HTMLElement) => within(region).getAllByRole('row').slice(1);

it('a manager sees per team who gave, received and answered, quiet people named as such, a chart with its table, and filters to the quiet ones', async () => {
  const { calls } = stubGraphql({ FeedbackTeamProgress: () => ({ data: { feedbackTeamProgress: TEAMS } }) }, { me: meAs('MANAGER') });
  await renderSignedIn(PATH);
  expect(await screen.findByRole('heading', { name: 'Feedback progress', level: 1 }, T)).toBeTruthy();
  // The last 90 days by default.
  const today = localDay(new Date());
  expect(calls.find((c) => c.operationName === 'FeedbackTeamProgress')!.variables).toEqual({ from: daysBefore(today, 90), to: today });

  const platform = screen.getByRole('table', { name: 'Feedback per person in Platform' });
  const rows = rowsOf(platform);
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
    'Ann Archer',
    'Bob BakerQuiet: no feedback in 60 days',
    'Cy ColeQuiet: no feedback in 60 days',
  ]);
  expect([...rows[0]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['5', '7', 'Behind7 of 10 (70%)', 'Nov 20, 2026']);
  const meter = rows[1]!.querySelector('.tp-meter') as HTMLElement;
  expect(meter.dataset.band).toBe('almost');
  expect(meter.style.getPropertyValue('--completion-fill')).toBe(COMPLETION_COLOURS.almost.fill);
  expect(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('4 of 5 done (80%): Almost');
  expect(within(rows[1]!).getByText('Never')).toBeTruthy();
  expect(within(rows[2]!).getByText('Nobody asked')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'People in no team' })).toBeTruthy();

  // The chart: two bars a person (given solid, received hatched), a summary, and the same numbers as a table.
  const chart = screen.getByRole('img', { name: 'Feedback given and received in Platform' });
  expect([...chart.querySelectorAll('rect[data-kind="given"]')].map((r) => r.querySelector('title')!.textContent)).toEqual([
    'Ann Archer: 5 given',
    'Bob Baker: 2 given',
    'Cy Cole: 0 given',
  ]);
  expect(chart.querySelectorAll('rect[data-kind="received"]')).toHaveLength(3);
  expect(chart.querySelector('desc')!.textContent).toBe(
    '3 people: 7 given, 10 received in the period. Most given: Ann Archer (5). Most received: Ann Archer (7). 1 received none.',
  );
  const chartTable = screen.getByRole('table', { name: 'Feedback given and received in Platform' });
  expect(rowsOf(chartTable).map((r) => [...r.children].map((c) => c.textContent))).toEqual([
    ['Ann Archer', '5', '7'],
    ['Bob Baker', '2', '0'],
    ['Cy Cole', '0', '3'],
  ]);

  fireEvent.click(screen.getByRole('checkbox', { name: 'Only quiet people (2)' }));
  await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Feedback per person in Platform' }))).toHaveLength(2), T);
  expect(rowsOf(screen.getByRole('table', { name: 'Feedback per person in Platform' })).map((r) => r.classList.contains('fp-quiet'))).toEqual([true, true]);
  expect(screen.getByText('Everyone in People in no team received feedback in the last 60 days.')).toBeTruthy();
});

it('the period: the last 30 days, or custom dates checked before they are asked for', async () => {
  const { calls } = stubGraphql({ FeedbackTeamProgress: () => ({ data: { feedbackTeamProgress: TEAMS } }) }, { me: meAs('ADMIN') });
  await renderSignedIn(PATH);
  const period = await screen.findByLabelText('Period', undefined, T);
  const today = localDay(new Date());
  fireEvent.change(period, { target: { value: '30' } });
  await waitFor(
    () => expect(calls.filter((c) => c.operationName === 'FeedbackTeamProgress').at(-1)!.variables).toEqual({ from: daysBefore(today, 30), to: today }),
    T,
  );

  fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
  const custom = screen.getByRole('form', { name: 'Custom period' });
  fireEvent.change(within(custom).getByLabelText('From'), { target: { value: '2026-10-01' } });
  fireEvent.change(within(custom).getByLabelText('To'), { target: { value: '2026-09-01' } });
  const before = calls.length;
  fireEvent.click(within(custom).getByRole('button', { name: 'Show period' }));
  expect(await within(custom).findByText('The period must start on or before its end.')).toBeTruthy();
  expect(calls.length).toBe(before);
  fireEvent.change(within(custom).getByLabelText('To'), { target: { value: '2026-10-31' } });
  fireEvent.click(within(custom).getByRole('button', { name: 'Show period' }));
  await waitFor(
    () => expect(calls.filter((c) => c.operationName === 'FeedbackTeamProgress').at(-1)!.variables).toEqual({ from: '2026-10-01', to: '2026-10-31' }),
    T,
  );
  expect(await screen.findByText('From Oct 1, 2026 to Oct 31, 2026', undefined, T)).toBeTruthy();
});

it('members are told only managers and admins see it (the refused progress breaks nothing); a failed load offers a retry', async () => {
  stubGraphql({ FeedbackTeamProgress: () => refusal('Only managers and admins can do this.', 'FORBIDDEN') }, { me: meAs('MEMBER') });
  await renderSignedIn(PATH);
  expect(await screen.findByText(/Only managers and admins see feedback progress/, undefined, T)).toBeTruthy();
  expect(screen.queryByText('This page could not be shown')).toBeNull();
  cleanup();
  stubGraphql({ FeedbackTeamProgress: () => refusal('Database is busy.', 'INTERNAL_SERVER_ERROR') }, { me: meAs('MANAGER') });
  await renderSignedIn(PATH);
  expect(await screen.findByText('This page could not be shown', undefined, T)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

// The panel beside a review being written.
const questions: CycleQuestion[] = [
  {
    id: 'q1',
    section_position: 0,
    section_title: 'About',
    section_description: null,
    position: 0,
    kind: 'RATING_COMMENT',
    prompt: 'Communication',
    self_prompt: null,
    help_text: null,
    options: [...DEFAULT_RATING_LABELS],
    competency: null,
    competency_id: null,
    show_goals: false,
    required: false,
    private: false,
  },
  {
    id: 'q2',
    section_position: 0,
    section_title: 'About',
    section_description: null,
    position: 1,
    kind: 'TEXT',
    prompt: 'Strengths?',
    self_prompt: null,
    help_text: null,
    options: [],
    competency: null,
    competency_id: null,
    show_goals: false,
    required: false,
    private: false,
  },
];
const item = (id: string, giver: string | null, body: string, created_at: string, patch: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  giver: giver ? { id: `g-${id}`, full_name: giver } : null,
  recipient: { id: 'u2', full_name: 'Grace Hopper' },
  body,
  visibility: 'MANAGER',
  tags: [],
  answers: null,
  request_id: null,
  reactions: [],
  slack_shared: false,
  can_delete: false,
  created_at,
  ...patch,
});
function stubReview(perspective: ReviewRequest['perspective'], feedback: FeedbackItem[], feedbackOn = true) {
  const request: ReviewRequest = {
    id: 'r1',
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    cycle_type: '360',
    cycle_status: 'ACTIVE',
    perspective,
    reviewee: perspective === 'SELF' ? { id: 'ada', full_name: 'Ada Lovelace' } : { id: 'u2', full_name: 'Grace Hopper' },
    status: 'PENDING',
    due_at: '2026-01-31T23:59:59.999Z',
    submitted_at: null,
    decline_reason: null,
    questions,
    answers: [{ question_id: 'q2', rating: null, text: 'Calm under pressure.', choices: null, updated_at: '2026-01-10T10:00:00.000Z' }],
    anonymity_threshold: 5,
    competency_expectations: [],
  };
  return stubGraphql(
    {
      ReviewRequest: () => ({ data: { reviewRequest: request } }),
      FeatureAreas: () => ({
        data: { featureAreas: [{ area: 'CONTINUOUS_FEEDBACK', label: 'Continuous feedback', built: true, enabled: feedbackOn, updated_at: null }] },
      }),
      FeedbackAbout: (_v) => ({ data: { feedbackAbout: feedback } }),
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
}

it('beside a review: the feedback the reviewer may read in the review period, cited into the answer focused last', async () => {
  const { calls } = stubReview('PEER', [
    item('f1', 'Linus Torvalds', 'Great release notes.\nClear and short.', '2026-01-05T10:00:00.000Z', {
      tags: [{ id: 't1', name: 'Ownership', kind: 'VALUE' }],
    }),
    item('f2', null, '', '2025-12-01T10:00:00.000Z', { visibility: 'REQUESTER', answers: [{ question: 'What should she keep doing?', answer: 'Pairing.' }] }),
  ]);
  await renderSignedIn('/reviews/pending?request=r1');
  const panel = await screen.findByRole('complementary', { name: 'Feedback about Grace Hopper' }, T);
  const first = await within(panel).findByRole('article', { name: 'Feedback from Linus Torvalds, Jan 5, 2026' }, T);
  // The 6 months up to the due date (a 360).
  expect(calls.find((c) => c.operationName === 'FeedbackAbout')!.variables).toEqual({ userId: 'u2', from: '2025-08-02', to: '2026-01-31' });
  expect(within(first).getByText(/Great release notes/)).toBeTruthy();
  expect(within(first).getByRole('list', { name: 'Tags' }).textContent).toBe('Ownership');
  expect(within(within(panel).getByRole('article', { name: 'Feedback from A former colleague, Dec 1, 2025' })).getByText('Pairing.')).toBeTruthy();

  // Nothing focused yet: the first written answer (a rating's comment).
  fireEvent.click(within(first).getByRole('button', { name: 'Cite feedback from Linus Torvalds, Jan 5, 2026' }));
  const comment = screen.getByLabelText('Comment on question 1') as HTMLTextAreaElement;
  await waitFor(() => expect(comment.value).toBe('> Great release notes.\n> Clear and short.\n— Linus Torvalds, Jan 5, 2026'), T);
  expect(within(panel).getByRole('status').textContent).toBe('Quoted in comment on question 1.');

  // After focusing question 2, the next citation goes there, after what is written.
  const strengths = screen.getByLabelText('Answer to question 2') as HTMLTextAreaElement;
  fireEvent.focus(strengths);
  fireEvent.click(within(panel).getByRole('button', { name: 'Cite feedback from A former colleague, Dec 1, 2025' }));
  await waitFor(() => expect(strengths.value).toBe('Calm under pressure.\n\n> What should she keep doing?\n> Pairing.\n— A former colleague, Dec 1, 2025'), T);
  expect(within(panel).getByRole('status').textContent).toBe('Quoted in answer to question 2.');
});

it('beside a review: an empty period says so; no panel in a self review or when continuous feedback is switched off', async () => {
  stubReview('MANAGER', []);
  await renderSignedIn('/reviews/pending?request=r1');
  expect(await screen.findByText('No feedback about Grace Hopper in this period that you can read.', undefined, T)).toBeTruthy();
  cleanup();

  const off = stubReview('PEER', [item('f1', 'Linus Torvalds', 'Hidden', '2026-01-05T10:00:00.000Z')], false);
  await renderSignedIn('/reviews/pending?request=r1');
  expect(await screen.findByRole('form', { name: 'Review of Grace Hopper' }, T)).toBeTruthy();
  await waitFor(() => expect(off.calls.some((c) => c.operationName === 'FeatureAreas')).toBe(true), T);
  expect(screen.queryByRole('complementary', { name: 'Feedback about Grace Hopper' })).toBeNull();
  expect(off.calls.some((c) => c.operationName === 'FeedbackAbout')).toBe(false);
  cleanup();

  const self = stubReview('SELF', [item('f1', 'Linus Torvalds', 'Hidden', '2026-01-05T10:00:00.000Z')]);
  await renderSignedIn('/reviews/pending?request=r1');
  expect(await screen.findByRole('form', { name: 'Your self review' }, T)).toBeTruthy();
  expect(screen.queryByRole('complementary', { name: /Feedback about/ })).toBeNull();
  expect(self.calls.some((c) => c.operationName === 'FeedbackAbout')).toBe(false);
});
