import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { seedOnFirstStart } from './db/seed.js';
import { createLogSink } from './lib/log-sink.js';
import { usePrivateUmask } from './db/private-files.js';
import { installShutdown } from './lib/shutdown.js';

export type StartOptions = {
  /** Runs after the app is built, before the first-start seed and listen (tests register extra job kinds here). */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
};

/** Config -> app (logging to a sink that never blocks) -> signal handling -> first-start seed -> listen. */
export async function startServer(options: StartOptions = {}): Promise<FastifyInstance> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Everything the server writes into the data directory is for its own account only (docs/decisions/0044).
  usePrivateUmask();
  const sink = createLogSink(process.stdout);
  // A failing data directory here (migrations, keys, the seed, marking interrupted work) is reported
  // in one line by the command (server/cli/cli.ts, docs/decisions/0058), which then exits.
  const app = await buildApp(config, { logStream: sink, validateSchema: false });
  // Before anything slow: a SIGTERM during the seed or listen closes what is open, within the deadline.
  installShutdown(app, { out: process.stdout, deadlineMs: config.shutdownDeadlineMs });
  await options.beforeListen?.(app);
  const first = await seedOnFirstStart(app.services);
  await app.listen({ port: config.port, host: config.host });

  const lines = [`Teamlens is running at ${config.baseUrl}`];
  if (first) {
    lines.push(first.demo ? 'First start: created a demo organization with ~30 users in 4 teams.' : 'First start: created your organization.');
    lines.push(`Sign in as ${first.adminEmail} with password ${first.generated ? first.password : '(the ADMIN_PASSWORD you set)'}`);
    if (first.generated) lines.push('This password is shown only once: keep it (demo users share it).');
    if (first.demo)
      lines.push('When you are ready for real people: remove the demo data on /admin/settings/account or with teamlens demo-remove (npm run demo:remove).');
    if (config.signUp !== 'OPEN')
      lines.push('Public sign-up is closed: others join by invitation. Open it under Admin, Settings, Configurations, or set SIGNUP=open.');
  }
  sink.write(`\n  ${lines.join('\n  ')}\n\n`);
  return app;
}
