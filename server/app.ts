import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import jwt from '@fastify/jwt';
import type { Config } from './config.js';
import { closeDatabase, openDatabase } from './db/connection.js';
import { StorageHealth } from './db/storage-health.js';
import { ensurePrivateDataDir } from './db/private-files.js';
import { warmPasswordHashing } from './lib/password.js';
import { censorLogged, LOG_REDACT_PATHS, serializeRequest } from './lib/log-redaction.js';
import { loadKeys } from './db/keys.js';
import { PubSub } from './graphql/pubsub.js';
import { graphqlPlugin } from './graphql/graphql.plugin.js';
import { batchSchemaExtensions } from './graphql/schema-batch.js';
import { operationRulesPlugin } from './graphql/operation-rules.js';
import { Mailer } from './features/notifications/mailer.js';
import { securityPlugin } from './plugins/security.js';
import { authRoutes, authFallbackRoute } from './features/auth/auth.routes.js';
import { accountRoutes } from './features/auth/account.routes.js';
import { authSessionsFeature } from './features/auth/auth.sessions.graphql.js';
import { usersFeature } from './features/users/index.js';
import { teamsFeature } from './features/teams/index.js';
import { orgFeature } from './features/org/index.js';
import { notificationsFeature } from './features/notifications/index.js';
import { massCreationFeature } from './features/mass-creation/index.js';
import { massCreationRecoveryFeature } from './features/mass-creation/mass-creation.recovery.js';
import { mediaFeature } from './features/media/index.js';
import { mediaRecoveryFeature } from './features/media/media.recovery.js';
import { publicFormsFeature } from './features/public-forms/index.js';
import { engagementFeature } from './features/engagement/index.js';
import { adminDashboardFeature } from './features/admin-dashboard/index.js';
import { featureAreasFeature } from './features/feature-areas/index.js';
import { installFeature } from './features/install/index.js';
import { Scheduler } from './jobs/jobs.scheduler.js';
import { jobsFeature } from './jobs/index.js';
import { sprintsFeature } from './features/sprints/index.js';
import { reviewsFeature } from './features/reviews/index.js';
import { retrosFeature } from './features/retros/index.js';
import { feedbackFeature } from './features/feedback/index.js';
import { notesFeature } from './features/notes/index.js';
import { goalsFeature } from './features/goals/index.js';
import { growthFeature } from './features/growth/index.js';
import { demoFeature } from './features/demo/index.js';
import { auditFeature } from './features/audit/index.js';
import { backupsFeature } from './features/backups/index.js';
import { integrationsFeature } from './features/integrations/index.js';
import { insightsFeature } from './features/insights/index.js';
import { billingFeature } from './features/billing/index.js';
import { assistantFeature } from './features/assistant/index.js';
import { subscriptionsPlugin } from './graphql/subscriptions.js';
import { spaPlugin } from './plugins/spa.js';
import { healthPlugin } from './plugins/health.js';
import { startDisposableListRefresh } from './lib/disposable-list-refresh.js';
import type { Services } from './services.js';
import { Outbound } from './lib/outbound/outbound.policy.js';
import type { Resolver } from './lib/outbound/outbound.types.js';

export type BuildOptions = {
  logger?: boolean;
  /** Where log lines go (default: pino's own stdout destination); server.ts passes a sink that never blocks. */
  logStream?: { write(line: string): void };
  /** The built web app to serve (default dist/client); tests pass their own. */
  clientDist?: string;
  /** How outbound connections resolve names (default: the system's); tests name hosts without DNS. */
  resolve?: Resolver;
  /** Check the features' GraphQL schema (default true); the server start skips it (server/graphql/schema-batch.ts). */
  validateSchema?: boolean;
};

/** Infrastructure -> GraphQL -> features, in this order. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // No token, signature or password reaches a log line (docs/decisions/0044): request URLs and every logged link are redacted.
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest },
            redact: { paths: LOG_REDACT_PATHS, censor: censorLogged },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
  });

  // On the thread pool while the rest is built; awaited before the app is returned (a build that
  // fails first must not leave its rejection unhandled).
  const passwordHashing = warmPasswordHashing();
  passwordHashing.catch(() => undefined);
  const dataDirWarning = ensurePrivateDataDir(config.dataDir);
  if (dataDirWarning) app.log.warn(dataDirWarning);
  const db = openDatabase(path.join(config.dataDir, 'teamlens.db'), { synchronous: config.dbSynchronous });
  const storage = new StorageHealth({ db, dataDir: config.dataDir, log: app.log });
  const services: Services = {
    config,
    db,
    keys: loadKeys(config.dataDir),
    pubsub: new PubSub(),
    mailer: new Mailer(db, app.log, config.smtpUrl, config.mailFrom),
    scheduler: new Scheduler({ db, log: app.log, storage }),
    log: app.log,
    outbound: new Outbound({
      allowPrivate: config.outboundAllowPrivate,
      resolve: options.resolve,
      onRefused: (refusal) =>
        app.log.warn({ outbound: refusal }, 'outbound connection refused; OUTBOUND_ALLOW_PRIVATE can allow an address on a private network'),
    }),
    storage,
  };
  app.decorate('services', services);
  app.addHook('onReady', async () => services.scheduler.start());
  app.addHook('onClose', async () => {
    await services.scheduler.stop();
    services.mailer.close();
    closeDatabase(db);
  });
  const disposableList = startDisposableListRefresh(config, app.log);
  app.addHook('onClose', async () => disposableList.stop());

  // First: it records every route as it is added, with its rule (docs/decisions/0041).
  await app.register(operationRulesPlugin);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(jwt, { secret: services.keys.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'], cache: false } });
  await app.register(securityPlugin);
  await app.register(healthPlugin);
  await app.register(graphqlPlugin);

  const features = [
    authRoutes,
    accountRoutes,
    authSessionsFeature,
    usersFeature,
    orgFeature,
    teamsFeature,
    notificationsFeature,
    massCreationFeature,
    mediaFeature,
    publicFormsFeature,
    engagementFeature,
    adminDashboardFeature,
    featureAreasFeature,
    installFeature,
    jobsFeature,
    sprintsFeature,
    reviewsFeature,
    retrosFeature,
    feedbackFeature,
    notesFeature,
    goalsFeature,
    growthFeature,
    integrationsFeature,
    insightsFeature,
    billingFeature,
    assistantFeature,
    demoFeature,
    auditFeature,
    backupsFeature,
    // Work a stop or a kill cut off, marked on start (docs/decisions/0038); jobs: Scheduler.start().
    massCreationRecoveryFeature,
    mediaRecoveryFeature,
  ];
  const schema = batchSchemaExtensions(app);
  for (const feature of features) await app.register(feature);
  schema.apply({ validate: options.validateSchema });

  await app.register(subscriptionsPlugin);
  await app.register(authFallbackRoute);
  await app.register(spaPlugin, { root: options.clientDist });
  await passwordHashing;
  return app;
}
