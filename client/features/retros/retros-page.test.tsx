// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { listEntry, team } from './retro-fixtures.test-support.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const PATH = '/professional-development/sprint-retro/review';
const teams = [
  { ...team, manager: null, team_lead: null, users: [] },
  { id: 'team2', name: 'Mobile', manager: null, team_lead: null, users: [] },
];

const running = listEntry({ id: 'run', title: 'Sprint 11 retro', phase: 'VOTE', started_at: '2026-11-25T09:00:00.000Z' });
const upcoming = listEntry({
  id: 'next',
  title: 'Sprint 12 retro',
  scheduled_at: '2099-01-05T10:00:00.000Z',
  reflect_deadline: '2099-01-06T10:00:00.000Z',
  vote_deadline: '2099-01-07T10:00:00.000Z',
});
const notMine = listEntry({
  id: 'other',
  title: 'Mobile retro',
  team: { id: 'team2', name: 'Mobile' },
  scheduled_at: '2099-02-01T10:00:00.000Z',
  viewer_can_facilitate: false,
});
const past = listEntry({
  id: 'old',
  title: 'Sprint 10 retro',
  phase: 'SUMMARY',
  started_at: '2026-11-06T09:00:00.000Z',
  ended_at: '2026-11-06T10:00:00.000Z',
  participation: { participants: 5, team_size: 6, reflections: 21, votes_cast: 25 },
});

function stubList(operations: OperationHandlers = {}) {
  return stubGraphql(
    {
      Retros: ({ team_id }) => ({ data: { retros: [running, upcoming, notMine, past].filter((r) => !team_id || r.team.id === team_id) } }),
      RetroTeams: () => ({ data: { retroTeams: teams } }),
      ...operations,
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
}

it('shows running, upcoming and past retros in their sections with what each needs', async () => {
  stubList();
  await renderSignedIn(PATH);
  const runningList = await screen.findByRole('list', { name: 'Running retros' }, T);
  const run = within(runningList).getByRole('listitem', { name: 'Sprint 11 retro' });
  expect(run.textContent).toContain('Now: Vote');
  expect(within(run).getByRole('link', { name: 'Join Sprint 11 retro' }).getAttribute('href')).toBe(`${PATH}/run`);

  const upcomingList = screen.getByRole('list', { name: 'Upcoming retros' });
  expect(
    within(upcomingList)
      .getAllByRole('listitem')
      .map((li) => within(li).getByRole('heading').textContent),
  ).toEqual(['Sprint 12 retro', 'Mobile retro']);
  const next = within(upcomingList).getByRole('listitem', { name: 'Sprint 12 retro' });
  expect(next.textContent).toContain('Facilitator: Ada Lovelace');
  expect(next.textContent).toContain('2099');
  expect(next.textContent).toContain('Async: reflecting closes');
  expect(within(next).getByRole('button', { name: 'Edit Sprint 12 retro' })).toBeTruthy();
  expect(within(next).getByRole('button', { name: 'Delete Sprint 12 retro' })).toBeTruthy();
  const other = within(upcomingList).getByRole('listitem', { name: 'Mobile retro' });
  expect(within(other).queryByRole('button')).toBeNull();

  const pastList = screen.getByRole('list', { name: 'Past retros' });
  const old = within(pastList).getByRole('listitem', { name: 'Sprint 10 retro' });
  expect(old.textContent).toContain('Ended Nov 6, 2026');
  expect(old.textContent).toContain('5 of 6 took part · 21 reflections · 25 votes');
  expect(within(old).getByRole('link', { name: 'Summary of Sprint 10 retro' }).getAttribute('href')).toBe(`${PATH}/old`);
  expect(within(old).queryByRole('link', { name: /Join/ })).toBeNull();
});

it('filters by team through the address, and says so when a section is empty', async () => {
  const { calls } = stubList();
  await renderSignedIn(PATH);
  fireEvent.change(await screen.findByLabelText('Team', {}, T), { target: { value: 'team2' } });
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'Retros').map((c) => c.variables.team_id)).toContain('team2'));
  expect(await screen.findByText('No retro is running now.')).toBeTruthy();
  expect(screen.getByText('No retro has ended yet.')).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Upcoming retros' })).getAllByRole('listitem')).toHaveLength(1);
});

it('deletes an upcoming retro after confirming, and shows a refusal inside the dialog', async () => {
  let refuse = true;
  const { calls } = stubList({
    DeleteRetro: () => (refuse ? refusal('Only a retro that has not started can be deleted.', 'CONFLICT') : { data: { deleteRetro: true } }),
  });
  await renderSignedIn(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Sprint 12 retro' }, T));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete Sprint 12 retro?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete retro' }));
  expect(await within(dialog).findByText('Only a retro that has not started can be deleted.')).toBeTruthy();
  refuse = false;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete retro' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(calls.filter((c) => c.operationName === 'DeleteRetro').map((c) => c.variables)).toEqual([{ id: 'next' }, { id: 'next' }]);
});

it('tells someone on no team why the list is empty and offers no "New retro"', async () => {
  stubGraphql({ Retros: () => ({ data: { retros: [] } }), RetroTeams: () => ({ data: { retroTeams: [] } }) }, { me: meAs('MEMBER', { id: 'ada' }) });
  await renderSignedIn(PATH);
  expect(await screen.findByRole('heading', { name: 'No team yet' }, T)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'New retro' })).toBeNull();
});
