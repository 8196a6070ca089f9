import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { conflict, notFound } from '../../shared/app-error.js';
import { requireAdmin } from '../graphql/context.js';
import { parseInput } from '../lib/parse.js';
import { findOrganizationJob, listOrganizationJobs, requeueJob, RETRYABLE_JOB_STATUSES } from './jobs.repo.js';
import { JOB_STATUSES, type JobRow } from './jobs.tables.js';
import { declareOperationRules } from '../graphql/operation-rules.js';
import { jobsRules } from './jobs.rules.js';

const schema = /* GraphQL */ `
  "INTERRUPTED: the server stopped or was killed while it ran; it runs again once the server is back (or now, with retryJob)."
  enum JobStatus { QUEUED RUNNING DONE FAILED DEAD INTERRUPTED }
  "A job of the persisted scheduler (reminders, automation rules, syncs): admins see their organization's."
  type ScheduledJob {
    id: ID!
    kind: String!
    unique_key: String!
    status: JobStatus!
    "Start of the schedule period this job is for, when a recurring schedule made it."
    period: DateTime
    attempts: Int!
    max_attempts: Int!
    "When it is due; for a FAILED job, when it is tried again."
    run_at: DateTime!
    last_error: String
    created_at: DateTime!
    finished_at: DateTime
  }
  extend type Query {
    "Admin: the organization's scheduled jobs, latest run time first (default 50, at most 200)."
    scheduledJobs(status: JobStatus, limit: Int): [ScheduledJob!]!
  }
  extend type Mutation {
    "Admin: runs a FAILED or INTERRUPTED job now, or a DEAD one again with all its attempts."
    retryJob(id: ID!): ScheduledJob!
  }
`;

const argsSchema = z.object({
  status: z
    .enum(JOB_STATUSES.map((s) => s.toUpperCase()) as [string, ...string[]])
    .nullish()
    .transform((s) => (s ? (s.toLowerCase() as JobRow['status']) : null)),
  limit: z
    .number()
    .int()
    .min(1, 'limit: at least 1')
    .max(200, 'limit: at most 200')
    .nullish()
    .transform((v) => v ?? 50),
});

export async function jobsFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, jobsRules);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      scheduledJobs: (_: unknown, args: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const input = parseInput(argsSchema, args);
        return listOrganizationJobs(ctx.services.db, viewer.organizationId, input);
      },
    },
    Mutation: {
      retryJob: (_: unknown, args: { id: string }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { db, scheduler } = ctx.services;
        // System jobs and other organizations' jobs are not found, whatever their id.
        const job = findOrganizationJob(db, viewer.organizationId, args.id);
        if (!job) throw notFound('Job');
        if (!RETRYABLE_JOB_STATUSES.includes(job.status)) throw conflict(`Only a failed, interrupted or dead job can be retried; this one is ${job.status}.`);
        if (!requeueJob(db, job.id, new Date(scheduler.now()).toISOString())) throw conflict('The job changed meanwhile: reload the list.');
        ctx.log.info({ jobId: job.id, kind: job.kind, by: viewer.userId }, 'job retried by an admin');
        scheduler.poke();
        return findOrganizationJob(db, viewer.organizationId, job.id);
      },
    },
    ScheduledJob: {
      status: (job: JobRow) => job.status.toUpperCase(),
    },
  } as never);
}
