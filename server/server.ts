import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { seedOnFirstStart } from './db/seed.js';

/** The only file that starts the process: config -> app -> first-start seed -> listen. */
async function main(): Promise<void> {
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
  const app = await buildApp(config);
  const first = await seedOnFirstStart(app.services);
  await app.listen({ port: config.port, host: config.host });

  const lines = [`Teamlens is running at ${config.baseUrl}`];
  if (first) {
    lines.push(first.demo ? 'First start: created a demo organization with ~30 users in 4 teams.' : 'First start: created your organization.');
    lines.push(`Sign in as ${first.adminEmail} with password ${first.generated ? first.password : '(the ADMIN_PASSWORD you set)'}`);
    if (first.generated) lines.push('This password is shown only once: keep it (demo users share it).');
    if (first.demo) lines.push('When you are ready for real people: remove the demo data on /admin/settings/account or with npm run demo:remove.');
  }
  console.log(`\n  ${lines.join('\n  ')}\n`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}

void main();
