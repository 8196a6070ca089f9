// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql, type OperationHandlers } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { actionItem, listEntry } from './retro-fixtures.test-support.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

function stubDashboard(operations: OperationHandlers) {
  return stubGraphql(
    {
      WidgetPreferences: () => ({ data: { userWidgetPreferences: { user_id: 'ada', enabled_widgets: ['UPCOMING_RETROS', 'RETRO_ACTION_ITEMS'] } } }),
      MyReviewRequests: () => ({ data: { myReviewRequests: [] } }),
      MyNominationTasks: () => ({ data: { myNominationTasks: [] } }),
      OrganizationSummary: () => ({ data: { organization: { id: 'org-1', name: 'Acme', onboarding_phase: 'DONE', is_onboarding_phase_skipped: false } } }),
      ...operations,
    },
    { me: meAs('MEMBER', { id: 'ada' }) },
  );
}

it('lists upcoming retros with their team and time, and a Join link for the running one', async () => {
  stubDashboard({
    UpcomingRetros: () => ({
      data: {
        upcomingRetros: [
          listEntry({ id: 'run', title: 'Sprint 11 retro', phase: 'VOTE', started_at: '2026-11-25T09:00:00.000Z' }),
          listEntry({ id: 'next', title: 'Sprint 12 retro', scheduled_at: '2099-01-05T10:00:00.000Z' }),
        ],
      },
    }),
    MyRetroActionItems: () => ({ data: { myRetroActionItems: [] } }),
  });
  await renderSignedIn('/home/dashboard');
  const list = await screen.findByRole('list', { name: 'Upcoming retros' }, T);
  const [running, next] = within(list).getAllByRole('listitem');
  expect(running!.textContent).toContain('Platform · Running now: Vote');
  expect(within(running!).getByRole('link', { name: 'Join Sprint 11 retro' }).getAttribute('href')).toBe('/professional-development/sprint-retro/review/run');
  expect(next!.textContent).toContain('Platform · ');
  expect(next!.textContent).toContain('2099');
  expect(within(next!).queryByRole('link', { name: /Join/ })).toBeNull();
  expect(screen.getByText('You own no open action items. What your team agrees in a retro and gives to you shows up here.')).toBeTruthy();
});

it('says in plain words when no retro is planned', async () => {
  stubDashboard({ UpcomingRetros: () => ({ data: { upcomingRetros: [] } }), MyRetroActionItems: () => ({ data: { myRetroActionItems: [] } }) });
  await renderSignedIn('/home/dashboard');
  expect(await screen.findByText('No retro is planned for your teams.', {}, T)).toBeTruthy();
});

it('lists my action items with the overdue one marked, and changing a status saves it in place', async () => {
  const { calls } = stubDashboard({
    UpcomingRetros: () => ({ data: { upcomingRetros: [] } }),
    MyRetroActionItems: () => ({
      data: {
        myRetroActionItems: [
          actionItem({ id: 'late', text: 'Write the deploy checklist', due_on: '2020-01-10' }),
          actionItem({ id: 'soon', text: 'Book the pairing sessions', due_on: '2099-03-01', status: 'IN_PROGRESS' }),
        ],
      },
    }),
    SetMyRetroActionItemStatus: ({ id, input }) => ({
      data: { updateRetroActionItem: actionItem({ id, text: 'Write the deploy checklist', due_on: '2020-01-10', status: input.status ?? undefined }) },
    }),
  });
  await renderSignedIn('/home/dashboard');
  const list = await screen.findByRole('list', { name: 'My retro action items' }, T);
  const late = within(list).getByRole('listitem', { name: 'Write the deploy checklist' });
  expect(within(late).getByText('Overdue: was due Jan 10, 2020').className).toBe('retro-overdue');
  const soon = within(list).getByRole('listitem', { name: 'Book the pairing sessions' });
  expect(within(soon).getByText('Due Mar 1, 2099')).toBeTruthy();
  expect((within(soon).getByLabelText('Status of Book the pairing sessions') as HTMLSelectElement).value).toBe('IN_PROGRESS');

  fireEvent.change(within(late).getByLabelText('Status of Write the deploy checklist'), { target: { value: 'DONE' } });
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'SetMyRetroActionItemStatus')?.variables).toEqual({ id: 'late', input: { status: 'DONE' } }),
  );
  await waitFor(() => expect(screen.getByText('“Write the deploy checklist” is now done.')).toBeTruthy());
  // Still listed (in place), now done and no longer marked overdue.
  expect((within(late).getByLabelText('Status of Write the deploy checklist') as HTMLSelectElement).value).toBe('DONE');
  expect(within(late).queryByText(/Overdue/)).toBeNull();
});

it('shows a refused status change next to the item and keeps the old status', async () => {
  stubDashboard({
    UpcomingRetros: () => ({ data: { upcomingRetros: [] } }),
    MyRetroActionItems: () => ({ data: { myRetroActionItems: [actionItem()] } }),
    SetMyRetroActionItemStatus: () => refusal('Only the team, the owner and managers may change this action item.', 'FORBIDDEN'),
  });
  await renderSignedIn('/home/dashboard');
  const select = await screen.findByLabelText('Status of Write the deploy checklist', {}, T);
  fireEvent.change(select, { target: { value: 'DROPPED' } });
  expect(await screen.findByText('The status could not be changed: Only the team, the owner and managers may change this action item.')).toBeTruthy();
  expect((select as HTMLSelectElement).value).toBe('OPEN');
});
