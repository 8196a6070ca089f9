// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Cycle, Participant } from './review-cycles.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const person = (id: string, full_name: string) => ({ id, full_name });

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
  nomination_end: null,
  review_end: '2026-12-31T23:59:59.999Z',
  results_release: null,
  participant_count: participants.length,
  request_count: 0,
  submitted_count: 0,
  can_manage: true,
  created_by: person('ada', 'Ada Lovelace'),
  perspectives: ['SELF', 'MANAGER', 'PEER'],
  min_peers: 1,
  max_peers: 2,
  anonymity_threshold: 5,
  launched_at: null,
  closed_at: null,
  participants,
  readiness: null,
  ...patch,
});

it('shows each participant with their peers, and a refused launch names who lacks peers', async () => {
  const linus = participant('p1', person('linus', 'Linus Torvalds'), {
    nominations: [{ id: 'n1', reviewer: person('grace', 'Grace Hopper'), nominated_by: person('linus', 'Linus Torvalds'), status: 'PROPOSED' }],
  });
  const ken = participant('p2', person('ken', 'Ken Thompson'));
  const { calls } = stubGraphql(
    {
      ReviewCycle: () => ({ data: { reviewCycle: cycle([linus, ken]) } }),
      LaunchReviewCycle: () => refusal('Ken Thompson has fewer than 1 approved peer.', 'CONFLICT'),
      ApproveNominations: () => ({ data: { approveNominations: { ...linus, nominations: [{ ...linus.nominations[0]!, status: 'APPROVED' }] } } }),
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1');
  const list = await screen.findByRole('list', { name: 'Participants' }, T);
  const linusCard = within(list).getByRole('listitem', { name: 'Linus Torvalds' });
  expect(within(linusCard).getByTestId('nomination-state').textContent).toBe('1 proposed, waiting for approval');
  expect(within(within(linusCard).getByRole('list', { name: 'Peers of Linus Torvalds' })).getByText('Grace Hopper ·', { exact: false })).toBeTruthy();
  expect(within(within(list).getByRole('listitem', { name: 'Ken Thompson' })).getByTestId('nomination-state').textContent).toBe('No peers proposed yet');

  fireEvent.click(within(linusCard).getByRole('button', { name: 'Approve peers of Linus Torvalds' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'ApproveNominations')?.variables).toEqual({ participantId: 'p1' }));

  fireEvent.click(screen.getByRole('button', { name: 'Launch cycle' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Launch Autumn 360?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Launch cycle' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Ken Thompson has fewer than 1 approved peer.');
});

it("the reviewee proposes peers from the suggestions, within the cycle's minimum and maximum", async () => {
  const me = participant('p1', person('linus', 'Linus Torvalds'), { can_manage: false });
  const { calls } = stubGraphql(
    {
      ReviewCycle: () => ({ data: { reviewCycle: cycle([me], { can_manage: false }) } }),
      PeerSuggestions: () => ({
        data: { peerSuggestions: [person('grace', 'Grace Hopper'), person('ken', 'Ken Thompson'), person('radia', 'Radia Perlman')] },
      }),
      TeamPickerPeople: () => ({ data: { organizationUsers: [] } }),
      NominatePeers: ({ reviewerIds }) => ({
        data: {
          nominatePeers: {
            ...me,
            nominations: reviewerIds.map((id: string) => ({ id: `n-${id}`, reviewer: person(id, id), nominated_by: null, status: 'PROPOSED' })),
          },
        },
      }),
    },
    { me: meAs('MEMBER', { id: 'linus' }) },
  );
  await renderSignedIn('/reviews?id=c1');
  expect(screen.queryByRole('button', { name: 'Launch cycle' })).toBeNull();
  fireEvent.click(await screen.findByRole('button', { name: 'Propose peers' }, T));
  const group = screen.getByRole('group', { name: 'Propose your peers' });
  fireEvent.click(await within(group).findByRole('button', { name: 'Propose peers' }));
  expect(await within(group).findByText('Choose at least 1 peer.')).toBeTruthy();
  await within(group).findByRole('checkbox', { name: /^Grace Hopper/ }, T); // the suggestions have loaded
  for (const name of [/^Grace Hopper/, /^Ken Thompson/, /^Radia Perlman/]) fireEvent.click(within(group).getByRole('checkbox', { name }));
  fireEvent.click(within(group).getByRole('button', { name: 'Propose peers' }));
  expect(await within(group).findByText('Choose at most 2 peers.')).toBeTruthy();
  fireEvent.click(within(group).getByRole('checkbox', { name: /^Radia Perlman/ }));
  fireEvent.click(within(group).getByRole('button', { name: 'Propose peers' }));
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'NominatePeers')?.variables).toEqual({ participantId: 'p1', reviewerIds: ['grace', 'ken'] }),
  );
});

it('the dashboard card counts my pending reviews and names the next one due', async () => {
  const item = (id: string, name: string, due: string, perspective: 'PEER' | 'SELF' = 'PEER') => ({
    id,
    cycle_id: 'c1',
    cycle_name: 'Autumn 360',
    cycle_type: '360',
    cycle_status: 'ACTIVE' as const,
    reviewee: person(`p-${id}`, name),
    perspective,
    status: 'PENDING' as const,
    due_at: due,
    submitted_at: null,
    decline_reason: null,
  });
  stubGraphql(
    {
      WidgetPreferences: () => ({ data: { userWidgetPreferences: { user_id: 'ada', enabled_widgets: ['PENDING_REVIEWS'] } } }),
      MyReviewRequests: () => ({
        data: { myReviewRequests: [item('r1', 'Grace Hopper', '2099-01-10T23:59:59.999Z'), item('r2', 'Ada Lovelace', '2099-02-01T23:59:59.999Z', 'SELF')] },
      }),
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
  await renderSignedIn('/home/dashboard');
  const card = within(await screen.findByRole('list', { name: 'Dashboard widgets' }, T)).getByRole('listitem');
  expect((await within(card).findByTestId('pending-review-count', {}, T)).textContent).toBe('2');
  expect(within(card).getByText('Next: Grace Hopper, due Jan 10, 2099')).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'Open pending reviews' }).getAttribute('href')).toBe('/reviews/pending');
});

it('closing asks first and says how many of the reviews were submitted', async () => {
  const { calls } = stubGraphql(
    {
      ReviewCycle: () => ({
        data: { reviewCycle: cycle([participant('p1', person('linus', 'Linus Torvalds'))], { status: 'ACTIVE', request_count: 7, submitted_count: 5 }) },
      }),
      CloseReviewCycle: () => ({ data: { closeReviewCycle: cycle([], { status: 'CLOSED' }) } }),
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?id=c1');
  fireEvent.click(await screen.findByRole('button', { name: 'Close cycle' }, T));
  const dialog = await screen.findByRole('alertdialog', { name: 'Close Autumn 360?' });
  expect(dialog.textContent).toContain('5 of 7 reviews were submitted. The 2 not submitted by now can no longer be answered.');
  expect(calls.some((c) => c.operationName === 'CloseReviewCycle')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close cycle' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'CloseReviewCycle')).toBe(true));
  // The test ends when the person has read the outcome: no alert is left to land in the next test.
  expect((await screen.findByRole('status', {}, T)).textContent).toContain('Done: Autumn 360 is closed.');
});
