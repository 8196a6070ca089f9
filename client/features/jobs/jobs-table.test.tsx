// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { ScheduledJob } from './api.js';

cleanUpBetweenTests();

function job(patch: Partial<ScheduledJob>): ScheduledJob {
  return {
    id: 'job-1',
    kind: 'reviews.reminder',
    unique_key: 'cycle-1:req-1:2026-11-25',
    status: 'QUEUED',
    period: null,
    attempts: 0,
    max_attempts: 5,
    run_at: '2026-11-25T09:00:00.000Z',
    last_error: null,
    created_at: '2026-11-23T09:00:00.000Z',
    finished_at: null,
    ...patch,
  };
}

/** Answers like the server: the list filtered by status; RetryJob requeues a dead job with its attempts reset. */
function stubJobs(jobs: ScheduledJob[]) {
  const state = { jobs };
  const { calls } = stubGraphql(
    {
      ScheduledJobs: (v) => ({ data: { scheduledJobs: state.jobs.filter((j) => !v.status || j.status === v.status) } }),
      RetryJob: (v) => {
        state.jobs = state.jobs.map((j) => (j.id === v.id ? { ...j, status: 'QUEUED', attempts: 0, finished_at: null } : j));
        return { data: { retryJob: state.jobs.find((j) => j.id === v.id)! } };
      },
    },
    { me: meAs('ADMIN') },
  );
  return calls;
}

it("lists the organization's jobs with status, attempts, time and last error; Retry requeues a dead job", async () => {
  const calls = stubJobs([
    job({ id: 'j-queued', unique_key: 'cycle-1:req-2:2026-11-30', run_at: '2026-11-30T09:00:00.000Z' }),
    job({
      id: 'j-dead',
      unique_key: 'cycle-1:req-1:2026-11-25',
      status: 'DEAD',
      attempts: 5,
      last_error: 'No mail server answered',
      finished_at: '2026-11-24T10:00:00.000Z',
    }),
    job({
      id: 'j-done',
      kind: 'reviews.rule',
      unique_key: 'rule-7@2026-11-01T09:00:00.000Z',
      status: 'DONE',
      attempts: 1,
      period: '2026-11-01T09:00:00.000Z',
      finished_at: '2026-11-01T09:00:01.000Z',
    }),
  ]);
  await renderSignedIn('/admin/settings');
  const table = await screen.findByRole('table', { name: 'Scheduled jobs' });
  const [, queued, dead, done] = within(table).getAllByRole('row');
  expect(queued!.textContent).toContain('Waiting');
  expect(queued!.textContent).toMatch(/Runs Nov 30, 2026/);
  expect(within(queued!).queryByRole('button', { name: /Retry/ })).toBeNull();
  expect(dead!.textContent).toContain('Gave up');
  expect(dead!.textContent).toContain('5 of 5');
  expect(dead!.textContent).toContain('No mail server answered');
  expect(done!.textContent).toContain('Period from Nov 1, 2026');

  fireEvent.click(within(dead!).getByRole('button', { name: 'Retry reviews.reminder cycle-1:req-1:2026-11-25' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'RetryJob' && c.variables.id === 'j-dead')).toBe(true));
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Scheduled jobs' })).getAllByRole('row')[2]!.textContent).toContain('0 of 5'));
  expect(await screen.findByText('The job will run again with all its attempts.')).toBeTruthy();
});

it('filters by status and says when nothing matches, or when there are no jobs at all', async () => {
  const calls = stubJobs([job({ id: 'j-queued' })]);
  await renderSignedIn('/admin/settings');
  await screen.findByRole('table', { name: 'Scheduled jobs' });
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'DEAD' } });
  expect(await screen.findByText('No jobs are “Gave up”.')).toBeTruthy();
  expect(calls.filter((c) => c.operationName === 'ScheduledJobs').map((c) => c.variables.status)).toEqual([null, 'DEAD']);
  cleanup();

  stubJobs([]);
  await renderSignedIn('/admin/settings');
  expect(await screen.findByText('No scheduled jobs yet. Reminders and automation rules add them here.')).toBeTruthy();
});

it('shows why the jobs could not be loaded, and the rest of the settings page still works', async () => {
  stubGraphql({ ScheduledJobs: () => refusal('Only an admin can do this.', 'FORBIDDEN') }, { me: meAs('ADMIN') });
  await renderSignedIn('/admin/settings');
  const alert = await screen.findByText(/The scheduled jobs could not be loaded: Only an admin can do this\./);
  expect(alert).toBeTruthy();
  expect(screen.getByRole('list', { name: 'Settings pages' })).toBeTruthy();
});

it('shows a job the server stop cut off as Interrupted, due again, filterable, and runs it now on Retry', async () => {
  const calls = stubJobs([
    job({ id: 'j-done', status: 'DONE', attempts: 1, finished_at: '2026-11-24T09:00:00.000Z' }),
    job({
      id: 'j-cut',
      unique_key: 'cycle-2:req-7:2026-11-25',
      status: 'INTERRUPTED',
      attempts: 1,
      run_at: '2026-11-25T08:00:00.000Z',
      last_error: 'The server stopped while this job ran.',
    }),
  ]);
  await renderSignedIn('/admin/settings');
  const table = await screen.findByRole('table', { name: 'Scheduled jobs' });
  const cut = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes('cycle-2:req-7'))!;
  expect(within(cut).getByText('Interrupted')).toBeTruthy();
  expect(cut.textContent).toContain('1 of 5');
  expect(cut.textContent).toMatch(/Runs again Nov 25, 2026/);
  expect(cut.textContent).toContain('The server stopped while this job ran.');
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'INTERRUPTED' } });
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Scheduled jobs' })).getAllByRole('row')).toHaveLength(2));
  fireEvent.click(screen.getByRole('button', { name: 'Retry reviews.reminder cycle-2:req-7:2026-11-25' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'RetryJob' && c.variables.id === 'j-cut')).toBe(true));
  expect(await screen.findByText('The job will be tried again now.')).toBeTruthy();
});
