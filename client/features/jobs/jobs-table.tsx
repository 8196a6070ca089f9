import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { JOB_STATUSES, JOBS_LIMIT, scheduledJobsQueryOptions, useRetryJob, type JobStatus, type ScheduledJob } from './api.js';
import './jobs.css';
import { formatDateTime } from '../../../shared/format.js';

export const STATUS_LABEL: Record<JobStatus, string> = {
  QUEUED: 'Waiting',
  RUNNING: 'Running',
  INTERRUPTED: 'Interrupted',
  FAILED: 'Failed, will retry',
  DEAD: 'Gave up',
  DONE: 'Done',
};

const RETRYABLE: ReadonlySet<JobStatus> = new Set(['FAILED', 'INTERRUPTED', 'DEAD']);

/** What the time column says for each status. */
function whenOf(job: ScheduledJob): string {
  if (job.status === 'QUEUED') return `Runs ${formatDateTime(job.run_at)}`;
  if (job.status === 'FAILED') return `Next try ${formatDateTime(job.run_at)}`;
  // Due again at once: it runs on the scheduler's next pass after the restart.
  if (job.status === 'INTERRUPTED') return `Runs again ${formatDateTime(job.run_at)}`;
  if (job.status === 'RUNNING') return `Due ${formatDateTime(job.run_at)}`;
  return `Finished ${formatDateTime(job.finished_at ?? job.run_at)}`;
}

function RetryButton({ job }: { job: ScheduledJob }) {
  const retry = useRetryJob();
  async function onRetry() {
    try {
      await retry.mutateAsync(job.id);
      showAlert(job.status === 'DEAD' ? 'The job will run again with all its attempts.' : 'The job will be tried again now.', 'success');
    } catch (err) {
      showAlert(err instanceof Error ? err.message : 'The job could not be retried.', 'error');
    }
  }
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      aria-label={`Retry ${job.kind} ${job.unique_key}`}
      disabled={retry.isPending}
      onClick={() => void onRetry()}
    >
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </button>
  );
}

function JobRow({ job }: { job: ScheduledJob }) {
  return (
    <tr>
      <td data-label="Job">
        <span className="jobs-kind">{job.kind}</span>
        <span className="jobs-key">{job.unique_key}</span>
        {job.period && <span className="jobs-period">Period from {formatDateTime(job.period)}</span>}
      </td>
      <td data-label="Status">
        <span className={`jobs-status jobs-status-${job.status.toLowerCase()}`}>{STATUS_LABEL[job.status]}</span>
      </td>
      <td data-label="Attempts">{`${job.attempts} of ${job.max_attempts}`}</td>
      <td data-label="When">{whenOf(job)}</td>
      <td data-label="Last error" className="jobs-error">
        {job.last_error ?? <span className="muted">None</span>}
      </td>
      <td data-label="Action">{RETRYABLE.has(job.status) ? <RetryButton job={job} /> : <span className="muted">—</span>}</td>
    </tr>
  );
}

/**
 * The organization's scheduled jobs (reminders, automation rules, syncs) from the persisted
 * scheduler: status, attempts, when, the last error, and Retry for failed or dead jobs.
 */
export function JobsTable() {
  const headingId = useId();
  const filterId = useId();
  const [status, setStatus] = useState<JobStatus | null>(null);
  const jobs = useQuery({ ...scheduledJobsQueryOptions(status), placeholderData: (previous) => previous });

  return (
    <section className="settings-section jobs-section" aria-labelledby={headingId} aria-busy={jobs.isFetching || undefined}>
      <div className="row-between">
        <h2 id={headingId}>Scheduled jobs</h2>
        <button type="button" className="button button-secondary button-small" disabled={jobs.isFetching} onClick={() => void jobs.refetch()}>
          {jobs.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="muted">
        Work Teamlens does on its own: review reminders, automation rules, integration syncs. A job that fails is tried again later; after its last attempt it
        gives up, and you can retry it here. A job the server was stopped in the middle of is marked interrupted and runs again once the server is back. The
        latest {JOBS_LIMIT} by run time.
      </p>
      <div className="field jobs-filter">
        <label htmlFor={filterId}>Show</label>
        <select id={filterId} value={status ?? ''} onChange={(e) => setStatus((e.target.value || null) as JobStatus | null)}>
          <option value="">All jobs</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      {jobs.isPending ? (
        <PendingView label="Loading scheduled jobs…" />
      ) : jobs.isError ? (
        <div className="jobs-load-error" role="alert">
          <p>The scheduled jobs could not be loaded: {jobs.error.message}</p>
          <button type="button" className="button button-small" onClick={() => void jobs.refetch()}>
            Try again
          </button>
        </div>
      ) : jobs.data.length === 0 ? (
        <p className="jobs-empty">
          {status ? `No jobs are “${STATUS_LABEL[status]}”.` : 'No scheduled jobs yet. Reminders and automation rules add them here.'}
        </p>
      ) : (
        <table className="jobs-table">
          <caption className="sr-only">Scheduled jobs</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">When</th>
              <th scope="col">Last error</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
