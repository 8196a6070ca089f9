import { ConfigError } from '../config.js';
import path from 'node:path';
import { MigrationError } from '../db/migrations.js';
import { classifyStorageError, describeForOperator } from '../db/storage-errors.js';
import { applyConfigFile } from './cli.config-file.js';
import { helpText } from './cli.help.js';
import { version } from './cli.version.js';

type Command = (argv: string[]) => number | 'serving' | Promise<number | 'serving'>;

/** The commands load their modules when chosen: `teamlens --help` starts nothing it does not need. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./cli.serve.js')).serveCommand,
  backup: async () => (await import('./cli.backup.js')).backupCommand,
  restore: async () => (await import('./cli.backup.js')).restoreCommand,
  'reset-link': async () => (await import('./cli.reset-link.js')).resetLinkCommand,
  'demo-remove': async () => (await import('./cli.demo-remove.js')).demoRemoveCommand,
};

/**
 * `teamlens <command>`: the one entry of the single executable and of the npm scripts (npm start,
 * backup, reset-link, demo:remove run dist/server/teamlens.mjs). Settings come from the environment
 * over DATA_DIR/teamlens.env; a wrong one, a failed migration or a refused command is one readable
 * message and exit code 1, never a stack (docs/decisions/0062). Returns the exit code, or 'serving'.
 */
export async function runCli(argv: string[]): Promise<number | 'serving'> {
  const [name = 'serve', ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    console.log(`teamlens ${version()}`);
    return 0;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log(helpText(version()));
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    console.error(`Unknown command "${name}": teamlens --help lists the commands.`);
    return 1;
  }
  try {
    applyConfigFile(process.env);
    return await (
      await load()
    )(rest);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof MigrationError) {
      console.error(err.message);
      return 1;
    }
    // A full or failing data directory, met by any command (the lock, migrations, keys, the seed,
    // a backup): one line that says where and why, no stack (docs/decisions/0058).
    const dataDir = path.resolve(process.env.DATA_DIR || './data');
    const storage = classifyStorageError(err, dataDir);
    if (storage) {
      console.error(`Teamlens cannot ${name === 'serve' ? 'start' : name}: ${describeForOperator(storage, dataDir)}.`);
      return 1;
    }
    const e = err as NodeJS.ErrnoException & { port?: number };
    if (e.syscall === 'listen' && (e.code === 'EADDRINUSE' || e.code === 'EACCES')) {
      console.error(
        `Teamlens cannot listen on port ${e.port ?? process.env.PORT}: ${e.code === 'EADDRINUSE' ? 'another program uses it' : 'this account may not use it'}. Set PORT (and HOST) to another one.`,
      );
      return 1;
    }
    throw err;
  }
}
