import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { Keys } from './db/keys.js';
import type { Outbound } from './lib/outbound/outbound.policy.js';
import type { PubSub } from './graphql/pubsub.js';
import type { Mailer } from './features/notifications/mailer.js';
import type { Scheduler } from './jobs/jobs.scheduler.js';
import type { StorageHealth } from './db/storage-health.js';

/** What every feature gets: passed in, never imported as a singleton. */
export type Services = {
  config: Config;
  db: Db;
  keys: Keys;
  pubsub: PubSub;
  mailer: Mailer;
  /** The persisted job scheduler (server/jobs): register handlers, enqueue jobs, recurring schedules. */
  scheduler: Scheduler;
  log: FastifyBaseLogger;
  /** The guard of every connection to an address an admin typed (server/lib/outbound, docs/decisions/0054). */
  outbound: Outbound;
  /** Storage failures met anywhere, logged once and kept for GET /api/health (docs/decisions/0058). */
  storage: StorageHealth;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
