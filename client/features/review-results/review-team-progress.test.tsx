// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { COMPLETION_COLOURS, completionStatus } from '../../../shared/completion.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Cycle, CycleSummary, RequestSummary } from '../review-cycles/review-cycles.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const ada = { id: 'ada', full_name: 'Ada Lovelace' };
const summary = (id: string, name: string, status: CycleSummary['status']): CycleSummary => ({
  id,
  name,
  type: '360',
  status,
  template_name: null,
  nomination_end: null,
  review_end: '2026-11-30T23:59:59.999Z',
  results_release: null,
  participant_count: 3,
  request_count: 300,
  submitted_count: 259,
  can_manage: true,
  created_by: ada,
});
const completion = (done: number, total: number) => completionStatus(done, total);
const person = (user_id: string, full_name: string, done: number, late: number) => ({ user_id, full_name, completion: completion(done, 100), late });
const progress = {
  cycle_id: 'c1',
  cycle_name: 'Autumn 360',
  cycle_status: 'ACTIVE' as const,
  completion: completion(259, 300),
  teams: [
    {
      team_id: 't1',
      team_name: 'Platform',
      completion: completion(259, 300),
      people: [person('linus', 'Linus Torvalds', 79, 2), person('grace', 'Grace Hopper', 80, 0), person('ken', 'Ken Thompson', 100, 0)],
    },
  ],
};
const request = (id: string, reviewerId: string, status: RequestSummary['status']): RequestSummary => ({
  id,
  reviewer: { id: reviewerId, full_name: reviewerId },
  perspective: 'PEER',
  status,
  due_at: '2026-11-20T23:59:59.999Z',
  submitted_at: null,
  decline_reason: null,
});
const cycle: Cycle = {
  ...summary('c1', 'Autumn 360', 'ACTIVE'),
  perspectives: ['SELF', 'PEER'],
  min_peers: 1,
  max_peers: 3,
  anonymity_threshold: 3,
  launched_at: '2026-11-01T09:00:00.000Z',
  closed_at: null,
  readiness: null,
  participants: [
    {
      id: 'p1',
      cycle_id: 'c1',
      reviewee: { id: 'grace', full_name: 'Grace Hopper' },
      manager: ada,
      results_released_at: null,
      results_opened_at: null,
      acknowledged_at: null,
      can_manage: true,
      nominations: [],
      requests: [request('r1', 'linus', 'PENDING'), request('r2', 'linus', 'PENDING'), request('r3', 'ken', 'SUBMITTED')],
    },
  ],
};

it('colours and labels follow the shared thresholds (79 behind, 80 almost, 100 complete); remind one person and all late people', async () => {
  const { calls } = stubGraphql(
    {
      ReviewCycles: () => ({ data: { reviewCycles: [summary('c0', 'Spring draft', 'DRAFT'), summary('c1', 'Autumn 360', 'ACTIVE')] } }),
      ReviewTeamProgress: () => ({ data: { reviewTeamProgress: progress } }),
      ReviewCycle: () => ({ data: { reviewCycle: cycle } }),
      RemindReviewer: () => ({ data: { remindReviewer: { queued: 1, already_reminded: 0 } } }),
      RemindLateReviewers: () => ({ data: { remindLateReviewers: { queued: 3, already_reminded: 1 } } }),
    },
    { me: meAs('MANAGER', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews/team-progress');
  const people = await screen.findByRole('list', { name: 'People of Platform' }, T);
  expect((screen.getByLabelText('Cycle') as HTMLSelectElement).value).toBe('c1');
  for (const [name, band, label] of [
    ['Linus Torvalds', 'behind', 'Behind'],
    ['Grace Hopper', 'almost', 'Almost'],
    ['Ken Thompson', 'complete', 'Complete'],
  ] as const) {
    const row = within(people).getByRole('listitem', { name });
    const meter = row.querySelector('.tp-meter') as HTMLElement;
    expect(meter.dataset.band).toBe(band);
    expect(meter.style.getPropertyValue('--completion-fill')).toBe(COMPLETION_COLOURS[band].fill);
    expect(within(row).getByText(label)).toBeTruthy();
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      completionStatus(progress.teams[0]!.people.find((p) => p.full_name === name)!.completion.done, 100).text,
    );
  }
  expect(within(within(people).getByRole('listitem', { name: 'Linus Torvalds' })).getByText('2 late')).toBeTruthy();
  expect(within(people).queryByRole('button', { name: 'Remind Ken Thompson' })).toBeNull();

  fireEvent.click(within(people).getByRole('button', { name: 'Remind Linus Torvalds' }));
  expect(await screen.findByText('1 reminder sent.')).toBeTruthy();
  // One message for the person, whatever the number of reviews they owe: one call naming one of their requests.
  expect(calls.filter((c) => c.operationName === 'RemindReviewer').map((c) => c.variables.requestId)).toEqual(['r1']);

  fireEvent.click(screen.getByRole('button', { name: 'Remind all late' }));
  expect(await screen.findByText('3 reminders sent; 1 person was already reminded today.')).toBeTruthy();
  await waitFor(() => expect(calls.find((c) => c.operationName === 'RemindLateReviewers')?.variables).toEqual({ cycleId: 'c1' }));
});

it("a member is shown the server's refusal", async () => {
  stubGraphql(
    {
      ReviewCycles: () => ({ data: { reviewCycles: [summary('c1', 'Autumn 360', 'ACTIVE')] } }),
      ReviewTeamProgress: () => refusal('Team progress is for managers and admins.', 'FORBIDDEN'),
    },
    { me: meAs('MEMBER') },
  );
  await renderSignedIn('/reviews/team-progress');
  expect((await screen.findByRole('alert', {}, T)).textContent).toBe('Team progress is for managers and admins.');
  expect(screen.queryByRole('button', { name: 'Remind all late' })).toBeNull();
});
