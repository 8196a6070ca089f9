// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Cycle, Participant, Readiness } from './review-cycles.api.js';

/** Peers before launch, the launch step naming who is at risk, release with confirmation, take back and Release all. */
cleanUpBetweenTests();
const T = { timeout: 5000 };
const person = (id: string, full_name: string) => ({ id, full_name });
const linus = person('linus', 'Linus Torvalds');
const ken = person('ken', 'Ken Thompson');

const participant = (id: string, reviewee: { id: string; full_name: string }, patch: Partial<Participant> = {}): Participant => ({
  id,
  cycle_id: 'c1',
  reviewee,
  manager: person('ada', 'Ada Lovelace'),
  results_released_at: null,
  results_opened_at: null,
  acknowledged_at: null,
  nominations: [],
  requests: [],
  can_manage: true,
  ...patch,
});
const cycle = (participants: Participant[], patch: Partial<Cycle> = {}): Cycle => ({
  id: 'c1',
  name: 'Autumn 360',
  type: '360',
  status: 'DRAFT',
  template_name: '360 review',
  nomination_end: '2026-12-01T23:59:59.999Z',
  review_end: '2026-12-31T23:59:59.999Z',
  results_release: null,
  participant_count: participants.length,
  request_count: 0,
  submitted_count: 0,
  can_manage: true,
  created_by: person('ada', 'Ada Lovelace'),
  perspectives: ['SELF', 'MANAGER', 'PEER'],
  min_peers: 5,
  max_peers: 8,
  anonymity_threshold: 5,
  launched_at: null,
  closed_at: null,
  participants,
  readiness: null,
  ...patch,
});

const readiness: Readiness = {
  short: [
    { participant_id: 'p2', reviewee: ken, approved: 0, proposed: 0, missing: 5, needs: 'NOMINATE', asked_at: '2026-11-20T10:00:00.000Z' },
    { participant_id: 'p1', reviewee: linus, approved: 2, proposed: 3, missing: 3, needs: 'APPROVE', asked_at: null },
  ],
  at_risk: [
    {
      participant_id: 'p2',
      reviewee: ken,
      perspective: 'PEER',
      have: 0,
      need: 5,
      message: 'Ken Thompson has 0 approved peers; peer answers need at least 5, so Ken Thompson will see no peer results.',
    },
  ],
};

it('before launch: who is short and by how many, Remind to nominate, and a launch that names who is at risk', async () => {
  const { calls } = stubGraphql(
    {
      ReviewCycle: () => ({ data: { reviewCycle: cycle([participant('p1', linus), participant('p2', ken)], { readiness }) } }),
      RemindToNominate: () => ({ data: { remindToNominate: { queued: 1, already_reminded: 0 } } }),
      RemindAllToNominate: () => ({ data: { remindAllToNominate: { queued: 1, already_reminded: 1 } } }),
      LaunchReviewCycle: () => ({ data: { launchReviewCycle: cycle([], { status: 'ACTIVE' }) } }),
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1');
  const panel = await screen.findByRole('region', { name: 'Peers before launch' }, T);
  const rows = within(within(panel).getByRole('list', { name: 'Short of approved peers' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(rows[0]).toMatch(/^Ken Thompson: 0 of 5 approved peers, 5 short · asked Nov 20, 2026 Remind Ken Thompson to nominate$/);
  expect(rows[1]).toBe(
    'Linus Torvalds: 2 of 5 approved peers, 3 short; 3 proposed, waiting for approval · not asked yet Remind the manager of Linus Torvalds to approve',
  );

  fireEvent.click(within(panel).getByRole('button', { name: 'Remind Ken Thompson to nominate' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'RemindToNominate')?.variables).toEqual({ id: 'p2' }));
  expect(await screen.findByText('1 reminder sent.')).toBeTruthy();
  fireEvent.click(within(panel).getByRole('button', { name: 'Remind all 2 to nominate' }));
  expect(await screen.findByText('1 reminder sent; 1 person was already reminded today.')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Launch cycle' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Launch Autumn 360?' });
  expect(within(dialog).getByTestId('launch-risks').textContent).toContain('1 person will see no anonymous results');
  expect(within(within(dialog).getByRole('list', { name: 'At risk' })).getByText(/Ken Thompson will see no peer results/)).toBeTruthy();
  const go = within(dialog).getByRole('button', { name: 'Launch anyway' }) as HTMLButtonElement;
  expect(go.disabled).toBe(true);
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /Launch anyway: I know these people will not see those results/ }));
  expect(go.disabled).toBe(false);
  fireEvent.click(go);
  await waitFor(() => expect(calls.find((c) => c.operationName === 'LaunchReviewCycle')?.variables).toEqual({ id: 'c1' }));
});

it('release asks first and names who will see them; a release is taken back until opened; Release all gives the count', async () => {
  const released = participant('p1', linus, { results_released_at: '2026-11-22T10:00:00.000Z' });
  const opened = participant('p3', person('grace', 'Grace Hopper'), {
    results_released_at: '2026-11-22T10:00:00.000Z',
    results_opened_at: '2026-11-23T10:00:00.000Z',
  });
  const { calls } = stubGraphql(
    {
      ReviewCycle: () => ({
        data: { reviewCycle: cycle([released, participant('p2', ken), opened, participant('p4', person('dennis', 'Dennis Ritchie'))], { status: 'CLOSED' }) },
      }),
      WithdrawResults: () => ({ data: { withdrawResults: { ...released, results_released_at: null } } }),
      ReleaseResults: () => ({ data: { releaseResults: participant('p2', ken, { results_released_at: '2026-11-24T10:00:00.000Z' }) } }),
      ReleaseAllResults: () => ({ data: { releaseAllResults: { released: 2, cycle: { id: 'c1', status: 'RELEASED' } } } }),
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1');
  const list = await screen.findByRole('list', { name: 'Participants' }, T);
  const card = (name: string) => within(list).getByRole('listitem', { name });
  expect(within(card('Grace Hopper')).getByText('Opened by Grace Hopper Nov 23, 2026')).toBeTruthy();
  expect(within(card('Grace Hopper')).queryByRole('button', { name: /Take back/ })).toBeNull();

  fireEvent.click(within(card('Ken Thompson')).getByRole('button', { name: 'Release results to Ken Thompson' }));
  let dialog = await screen.findByRole('alertdialog', { name: 'Release the results of Ken Thompson?' });
  expect(dialog.textContent).toContain('Ken Thompson will see their results and is told in the app and by email.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(calls.some((c) => c.operationName === 'ReleaseResults')).toBe(false);

  fireEvent.click(within(card('Linus Torvalds')).getByRole('button', { name: 'Take back the release of Linus Torvalds' }));
  dialog = await screen.findByRole('alertdialog', { name: 'Take back the release of Linus Torvalds?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Take back' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'WithdrawResults')?.variables).toEqual({ participantId: 'p1' }));

  fireEvent.click(screen.getByRole('button', { name: 'Release all (2)' }));
  dialog = await screen.findByRole('alertdialog', { name: 'Release the results of 2 people?' });
  expect(dialog.textContent).toContain('Ken Thompson and Dennis Ritchie will each see their own results');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Release 2' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'ReleaseAllResults')?.variables).toEqual({ id: 'c1' }));
  expect(await screen.findByText('Results released to 2 people.')).toBeTruthy();
});

it('the pending page lists the cycles waiting for my peer nominations, with the date', async () => {
  stubGraphql(
    {
      MyReviewRequests: () => ({ data: { myReviewRequests: [] } }),
      MyNominationTasks: () => ({
        data: {
          myNominationTasks: [
            {
              participant_id: 'p1',
              cycle_id: 'c1',
              cycle_name: 'Autumn 360',
              nomination_end: '2026-12-01T23:59:59.999Z',
              min_peers: 5,
              max_peers: 8,
              chosen: 2,
            },
          ],
        },
      }),
    },
    { me: meAs('MEMBER', { id: 'linus' }) },
  );
  await renderSignedIn('/reviews/pending');
  const tasks = await screen.findByRole('list', { name: 'Peers to nominate' }, T);
  const task = within(tasks).getByRole('listitem', { name: 'Autumn 360' });
  expect(task.textContent).toContain('Choose 5 to 8 peers by Dec 1, 2026');
  expect(task.textContent).toContain('2 chosen so far');
  expect(within(task).getByRole('link', { name: 'Choose peers for Autumn 360' }).getAttribute('href')).toBe('/reviews?id=c1');
});

it("a manager who does not run the cycle reminds their report from the report's card", async () => {
  const { calls } = stubGraphql(
    {
      ReviewCycle: () => ({
        data: {
          reviewCycle: cycle(
            [
              participant('p1', linus),
              participant('p2', ken, {
                nominations: [1, 2, 3, 4, 5].map((i) => ({
                  id: `n${i}`,
                  reviewer: person(`u${i}`, `Peer ${i}`),
                  nominated_by: null,
                  status: 'APPROVED' as const,
                })),
              }),
            ],
            { can_manage: false },
          ),
        },
      }),
      RemindToNominate: () => ({ data: { remindToNominate: { queued: 0, already_reminded: 1 } } }),
    },
    { me: meAs('MANAGER', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1');
  const list = await screen.findByRole('list', { name: 'Participants' }, T);
  expect(screen.queryByRole('region', { name: 'Peers before launch' })).toBeNull();
  expect(within(within(list).getByRole('listitem', { name: 'Ken Thompson' })).queryByRole('button', { name: /Remind/ })).toBeNull(); // 5 approved
  fireEvent.click(within(within(list).getByRole('listitem', { name: 'Linus Torvalds' })).getByRole('button', { name: 'Remind Linus Torvalds to nominate' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'RemindToNominate')?.variables).toEqual({ id: 'p1' }));
  expect(await screen.findByText('No reminder sent; 1 person was already reminded today.')).toBeTruthy();
});
