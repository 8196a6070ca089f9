import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'INTERRUPTED', 'FAILED', 'DEAD', 'DONE'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const FIELDS = 'id kind unique_key status period attempts max_attempts run_at last_error created_at finished_at';

export const SCHEDULED_JOBS = graphql(`
  query ScheduledJobs($status: JobStatus, $limit: Int) {
    scheduledJobs(status: $status, limit: $limit) { ${FIELDS} }
  }
`);

export type ScheduledJob = ResultOf<typeof SCHEDULED_JOBS>['scheduledJobs'][number];

/** The latest jobs by run time; the server answers at most this many. */
export const JOBS_LIMIT = 100;

export const scheduledJobsQueryOptions = (status: JobStatus | null) =>
  queryOptions({
    queryKey: ['scheduledJobs', status ?? 'ALL', JOBS_LIMIT],
    queryFn: async () => (await gql(SCHEDULED_JOBS, { status, limit: JOBS_LIMIT })).scheduledJobs,
  });

export const RETRY_JOB = graphql(`
  mutation RetryJob($id: ID!) {
    retryJob(id: $id) { ${FIELDS} }
  }
`);

/** Runs a failed or interrupted job now, or a dead one again with all its attempts; every job list is refreshed. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await gql(RETRY_JOB, { id })).retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['scheduledJobs'] }),
  });
}
