import { refreshPrFactDays } from './integrations.pr-facts.repo.js';
import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { conflict, notFound } from '../../../shared/app-error.js';
import { SYNC_KINDS, type CodeProcessSettings, type SyncKind, type SyncRunStatus } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { requireAdmin } from '../../graphql/context.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import { parseInput } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { adapterOf } from './integrations.adapters.js';
import { readCodeProcessSettings } from './integrations.code-process.repo.js';
import { findConnection, findConnectionById, listScopes, patchConnection, touchSynced } from './integrations.connections.repo.js';
import { IntegrationError, shownFailure } from './integrations.errors.js';
import { createIngestWriter } from './integrations.ingest.repo.js';
import { matchAccounts } from './integrations.matching.repo.js';
import type { IngestWriter, OpenConnection, SyncContext } from './integrations.provider.js';
import { checkActionIssues } from './integrations.retro-actions.js';
import { openConnection, scrubSecrets, type ConnectionRow } from './integrations.secrets.js';
import {
  activeRun,
  clearCursors,
  cursorStore,
  findRun,
  hasCursors,
  insertRun,
  patchRun,
  reconcilePrefix,
  unmatchedEmails,
  type SyncRunRow,
} from './integrations.sync.repo.js';
import { jobStatusesByIds } from '../../jobs/jobs.repo.js';

import { addDays, addMonths } from '../../../shared/dates.js';

/**
 * The sync engine (docs/decisions/0051) on the persisted scheduler. One run at a time per
 * connection: `syncIntegration` (or a schedule) writes a QUEUED sync_runs row and enqueues the job
 * `integrations.sync` ({ connectionId, runId }, unique per run). The job opens the credentials,
 * hands the adapter a SyncContext (included scopes, `since`, the code process, the one ingest
 * writer, the cursor store, progress), then matches accounts and closes retro action items whose
 * issue closed. Faults, as the adapters classify them (integrations.errors.ts):
 * - RATE_LIMITED: the run waits (RATE_LIMITED, resumes_at) and a new job for the same run is due at
 *   the service's retry time; it continues from the cursors;
 * - UNAVAILABLE / UNREACHABLE / NOT_FOUND / anything unexpected: the job throws, the scheduler
 *   retries it with back-off (the run shows the error meanwhile); FAILED after the last attempt;
 * - AUTH / ACCESS / BAD_PAYLOAD: FAILED at once, the connection ERROR with the message;
 * - the server stopping: the scheduler records the job interrupted; the run shows INTERRUPTED and
 *   continues from its cursors when the job runs again.
 * Recurring: INCREMENTAL hourly, RECONCILE nightly (re-reads the last RECONCILE_DAYS with its own
 * cursors, so missed webhooks heal; upserts by natural key never duplicate). Never a credential in
 * `error`, `last_error` or a log line (scrubSecrets).
 */
export const SYNC_JOB_KIND = 'integrations.sync';
export const SCHEDULED_SYNC_KIND = 'integrations.sync.scheduled';
export const RECONCILE_DAYS = 3;
const MAX_ATTEMPTS = 5;
const PROGRESS_EVERY_MS = 250;

type SyncPayload = { connectionId: string; runId: string };
type ScheduledPayload = { connectionId: string; kind: SyncKind };

export const scheduleKey = (connectionId: string, kind: 'INCREMENTAL' | 'RECONCILE') => `integrations.sync:${connectionId}:${kind}`;

/** The organization's code process (what counts; how deployments, bugs and incidents are recognised). */
export const readSettings = (db: Db, orgId: string): CodeProcessSettings => readCodeProcessSettings(db, orgId);

/** Where a backfill starts: `months` calendar months before `now` (UTC), the month's last day when it has no such day (May 31 less 3 months is Feb 28). */
export const monthsBefore = (now: number, months: number) => addMonths(now, -months).toISOString();

/** Creates a QUEUED run and its job; CONFLICT while another run of the connection is queued, running or waiting on a rate limit. */
export function startSync(services: Services, connection: ConnectionRow, kind: SyncKind): SyncRunRow {
  const { db, scheduler } = services;
  const now = new Date(scheduler.now()).toISOString();
  const run = db.transaction(
    () => {
      const busy = activeRun(db, connection.id);
      if (busy && !isStale(db, busy))
        throw conflict(
          `A sync of this connection is already ${busy.status === 'RATE_LIMITED' ? 'waiting on a rate limit' : busy.status.toLowerCase()}: wait until it finishes.`,
        );
      if (busy) patchRun(db, busy.id, { status: 'FAILED', finished_at: now, error: busy.error ?? 'The sync stopped and was replaced by a new one.' });
      // A new backfill reads everything again from its start: the incremental cursors would skip it.
      if (kind === 'BACKFILL') clearCursors(db, connection.id, null);
      const created = insertRun(db, { organizationId: connection.organization_id, connectionId: connection.id, kind, now });
      const { job } = scheduler.enqueue({
        kind: SYNC_JOB_KIND,
        uniqueKey: `run:${created.id}`,
        organizationId: connection.organization_id,
        payload: { connectionId: connection.id, runId: created.id } satisfies SyncPayload,
      });
      patchRun(db, created.id, { job_id: job.id });
      return { ...created, job_id: job.id };
    },
    { behavior: 'immediate' },
  );
  return run;
}

/** A run whose job is gone or finished without it (dead after its attempts, removed): it holds nothing. */
function isStale(db: Db, run: SyncRunRow): boolean {
  if (!run.job_id) return false;
  const status = jobStatusesByIds(db, [run.job_id]).get(run.job_id);
  return status === undefined || status === 'dead' || (status === 'done' && run.status !== 'RATE_LIMITED');
}

/** The status a page shows: a queued or running run whose job the server left behind is INTERRUPTED (it continues when the job runs again). */
export function shownRunStatuses(db: Db, runs: readonly SyncRunRow[]): Map<string, SyncRunStatus> {
  const jobIds = runs.filter((r) => (r.status === 'RUNNING' || r.status === 'QUEUED') && r.job_id).map((r) => r.job_id!);
  const statuses = jobStatusesByIds(db, jobIds);
  return new Map(runs.map((r) => [r.id, r.job_id && statuses.get(r.job_id) === 'interrupted' ? 'INTERRUPTED' : r.status]));
}

type RunOutcome = { status: 'DONE' | 'RATE_LIMITED' | 'FAILED'; itemsWritten: number };

/**
 * Runs one sync run to its end (the job's handler, and the sample data set's load which calls it with
 * the fake services up). Throws for faults the scheduler should retry.
 */
export async function executeRun(
  services: Services,
  runId: string,
  job: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal' | 'enqueue' | 'jobId'>,
): Promise<RunOutcome | null> {
  const { db, scheduler, log } = services;
  const run = findRun(db, runId);
  if (!run || run.status === 'DONE' || run.status === 'FAILED') return null;
  const row = findConnectionById(db, run.connection_id);
  if (!row) return null;
  const nowMs = scheduler.now();
  const iso = (ms = scheduler.now()) => new Date(ms).toISOString();
  patchRun(db, run.id, { status: 'RUNNING', started_at: run.started_at ?? iso(nowMs), resumes_at: null, error: null, job_id: job.jobId });

  let connection: OpenConnection | null = null;
  const adapter = adapterOf(db, row);
  let written = run.items_written;
  let requests = run.requests;
  let pending: Partial<SyncRunRow> = {};
  let lastWrite = 0;
  const flush = () => {
    if (!Object.keys(pending).length) return;
    patchRun(db, run.id, { ...pending, items_written: written, requests });
    pending = {};
    lastWrite = Date.now();
  };
  try {
    connection = openConnection(services, row);
    const settings = readSettings(db, row.organization_id);
    const scopes = listScopes(db, row.id, { includedOnly: true }).map((s) => ({ id: s.id, kind: s.kind, externalId: s.external_id, name: s.name }));
    const reconcile = run.kind === 'RECONCILE';
    // A backfill, or an incremental run with no cursor yet, reads from the backfill start; a reconciliation its own wider window.
    const since = reconcile && hasCursors(db, row.id) ? addDays(nowMs, -RECONCILE_DAYS).toISOString() : monthsBefore(nowMs, row.backfill_months);
    const writer = createIngestWriter(db, { organizationId: row.organization_id, connectionId: row.id, settings });
    const count = (n: unknown) => {
      if (typeof n === 'number') {
        written += n;
        pending.items_written = written;
      }
      return n;
    };
    const write: IngestWriter = {
      scope: (s) => writer.scope(s),
      accounts: (list) => writer.accounts(list),
      pullRequests: (scopeId, list) => count(writer.pullRequests(scopeId, list)) as number,
      deployments: (scopeId, list) => count(writer.deployments(scopeId, list)) as number,
      issues: (scopeId, list) => count(writer.issues(scopeId, list)) as number,
      sprints: (scopeId, list) => count(writer.sprints(scopeId, list)) as number,
    };
    const ctx: SyncContext = {
      kind: run.kind,
      connection,
      settings,
      scopes,
      since,
      now: new Date(nowMs),
      write,
      cursors: cursorStore(db, row.id, reconcile ? reconcilePrefix(run.id) : ''),
      // `requests` is a count of new requests since the last call (the GitHub adapter sends 1 per request).
      progress: (u) => {
        if (u.done !== undefined) pending.progress_done = u.done;
        if (u.total !== undefined) pending.progress_total = u.total;
        if (u.label !== undefined) pending.progress_label = u.label.slice(0, 300);
        if (u.requests) {
          requests += u.requests;
          pending.requests = requests;
        }
        if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) flush();
      },
      signal: job.signal,
    };
    if (row.provider === 'SLACK') ctx.unmatchedEmails = unmatchedEmails(db, row);
    await adapter.sync(ctx);
    flush();
    matchAccounts(db, row.organization_id, row.id);
    // The team pages' read model: rebuilt now, so the first page read after a sync has nothing to rebuild.
    refreshPrFactDays(db, row.organization_id);
    await checkActionIssues(services, connection, job.signal).catch((err: unknown) => {
      // Closing action items is a courtesy of the sync: a failure here does not fail it.
      log.warn(
        { connectionId: row.id, error: scrubSecrets(err instanceof Error ? err.message : String(err), connection?.credentials) },
        'retro action issues could not be checked',
      );
    });
    const end = iso();
    db.transaction(() => {
      patchRun(db, run.id, {
        status: 'DONE',
        finished_at: end,
        items_written: written,
        requests,
        error: null,
        resumes_at: null,
        progress_label: run.kind === 'BACKFILL' ? 'Backfill done' : 'Done',
      });
      touchSynced(db, row.id, end);
      if (reconcile) clearCursors(db, row.id, reconcilePrefix(run.id));
    });
    return { status: 'DONE', itemsWritten: written };
  } catch (err) {
    flush();
    const message = scrubSecrets(err instanceof Error ? err.message : String(err), connection?.credentials).slice(0, 1000);
    if (job.signal.aborted) {
      patchRun(db, run.id, { status: 'INTERRUPTED', error: 'The server stopped during the sync; it continues from where it was when the server is back.' });
      throw new Error('The server stopped while this sync ran.', { cause: err });
    }
    if (err instanceof IntegrationError && err.kind === 'RATE_LIMITED') {
      const at = err.retryAt && err.retryAt.getTime() > scheduler.now() ? err.retryAt : new Date(scheduler.now() + 60_000);
      const { job: next } = job.enqueue({
        kind: SYNC_JOB_KIND,
        uniqueKey: `run:${run.id}@${at.toISOString()}:after:${job.jobId}`,
        runAt: at,
        organizationId: row.organization_id,
        payload: { connectionId: row.id, runId: run.id } satisfies SyncPayload,
      });
      patchRun(db, run.id, { status: 'RATE_LIMITED', resumes_at: at.toISOString(), error: message, job_id: next.id });
      log.info({ connectionId: row.id, runId: run.id, resumesAt: at.toISOString() }, 'sync rate limited: resumes later');
      return { status: 'RATE_LIMITED', itemsWritten: written };
    }
    const fatal = err instanceof IntegrationError && (err.kind === 'AUTH' || err.kind === 'ACCESS' || err.kind === 'BAD_PAYLOAD');
    // Not the words of an unexpected error: an SDK's may quote the service's answer (shownFailure). The log has them.
    const shown = err instanceof IntegrationError ? message : `The sync stopped: ${scrubSecrets(shownFailure(row.provider, err), connection?.credentials)}`;
    log.warn({ connectionId: row.id, runId: run.id, kind: err instanceof IntegrationError ? err.kind : 'UNEXPECTED', error: message }, 'sync did not finish');
    if (fatal || job.attempt >= job.maxAttempts) {
      db.transaction(() => {
        patchRun(db, run.id, { status: 'FAILED', finished_at: iso(), error: shown });
        patchConnection(db, row.id, fatal ? { status: 'ERROR', last_error: shown } : { last_error: shown });
      });
      return { status: 'FAILED', itemsWritten: written };
    }
    patchRun(db, run.id, { status: 'QUEUED', error: `${shown} (attempt ${job.attempt} of ${job.maxAttempts})` });
    throw new Error(shown, { cause: err });
  }
}

/** Whether scheduled work may run for the connection now. */
function mayRunScheduled(db: Db, row: ConnectionRow | undefined): row is ConnectionRow {
  return !!row && row.status === 'CONNECTED' && !row.is_sample && isFeatureAreaOn(db, row.organization_id, 'INTEGRATIONS');
}

/** The hourly incremental and nightly reconciliation schedules of a connection (created on connect, paused with it, removed on disconnect). */
export function scheduleSyncs(services: Services, row: Pick<ConnectionRow, 'id' | 'organization_id' | 'status'>): void {
  const active = row.status !== 'PAUSED';
  const hour = new Date(Math.ceil(services.scheduler.now() / 3_600_000) * 3_600_000);
  services.scheduler.schedule({
    key: scheduleKey(row.id, 'INCREMENTAL'),
    kind: SCHEDULED_SYNC_KIND,
    organizationId: row.organization_id,
    payload: { connectionId: row.id, kind: 'INCREMENTAL' } satisfies ScheduledPayload,
    every: { unit: 'hours', count: 1 },
    startAt: hour,
    catchUp: 'latest',
    active,
  });
  services.scheduler.schedule({
    key: scheduleKey(row.id, 'RECONCILE'),
    kind: SCHEDULED_SYNC_KIND,
    organizationId: row.organization_id,
    payload: { connectionId: row.id, kind: 'RECONCILE' } satisfies ScheduledPayload,
    every: { unit: 'days', count: 1 },
    startAt: '2026-01-01T02:30:00.000Z',
    catchUp: 'latest',
    active,
  });
}

export function unscheduleSyncs(services: Services, connectionId: string): void {
  services.scheduler.unschedule(scheduleKey(connectionId, 'INCREMENTAL'));
  services.scheduler.unschedule(scheduleKey(connectionId, 'RECONCILE'));
}

const syncKindSchema = z.enum(SYNC_KINDS).nullish();

export const integrationsSyncPart: FeaturePart = {
  resolvers: {
    Mutation: {
      syncIntegration: (_: unknown, args: { id: string; kind?: SyncKind | null }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const row = findConnection(ctx.services.db, viewer.organizationId, args.id);
        if (!row) throw notFound('Integration');
        if (row.status === 'PAUSED') throw conflict('This connection is paused: resume it first.');
        const kind = parseInput(syncKindSchema, args.kind) ?? (row.last_synced_at ? 'INCREMENTAL' : 'BACKFILL');
        return startSync(ctx.services, row, kind);
      },
    },
    SyncRun: {
      status: (r: SyncRunRow & { shown_status?: SyncRunStatus }, _: unknown, ctx: MercuriusContext) =>
        r.shown_status ?? shownRunStatuses(ctx.services.db, [r]).get(r.id) ?? r.status,
    },
  },
  register: (app: FastifyInstance) => {
    const { scheduler, db, log } = app.services;
    scheduler.register<SyncPayload>(
      SYNC_JOB_KIND,
      async (payload, job) => {
        await executeRun(app.services, payload.runId, job);
      },
      { maxAttempts: MAX_ATTEMPTS, backoff: { baseMs: 60_000, maxMs: 3_600_000 }, leaseMs: 30 * 60_000 },
    );
    scheduler.register<ScheduledPayload>(SCHEDULED_SYNC_KIND, (payload) => {
      const row = findConnectionById(db, payload.connectionId);
      if (!mayRunScheduled(db, row)) return;
      if (activeRun(db, row.id)) return; // the running one covers this period
      try {
        startSync(app.services, row, payload.kind);
      } catch (err) {
        log.debug({ connectionId: row.id, err: err instanceof Error ? err.message : String(err) }, 'scheduled sync skipped');
      }
    });
  },
};
