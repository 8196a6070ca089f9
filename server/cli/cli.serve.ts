import { loadConfig } from '../config.js';
import { ensurePrivateDataDir } from '../db/private-files.js';
import { ServerLock } from '../db/server-lock.js';
import { fail } from '../lib/command.js';
import { startServer } from '../start.js';

/**
 * `teamlens` / `teamlens serve` (`npm start`): one server per data directory. Its lock is held until
 * the process ends (the operating system releases it on any exit), so `teamlens restore` and a
 * second server see it (docs/decisions/0062).
 */
export async function serveCommand(argv: string[]): Promise<number | 'serving'> {
  if (argv.length) return fail(`teamlens serve takes no arguments (settings are environment variables: teamlens --help).`);
  const { dataDir } = loadConfig();
  ensurePrivateDataDir(dataDir);
  const lock = ServerLock.acquire(dataDir);
  if (!lock) return fail(`Another Teamlens server is running on ${dataDir}: one server per data directory.`);
  try {
    await startServer();
  } catch (err) {
    lock.release();
    throw err;
  }
  return 'serving';
}
