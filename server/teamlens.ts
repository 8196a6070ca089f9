import { runCli } from './cli/cli.js';

/** The process entry (dist/server/teamlens.mjs; the single executable starts in server/binary): see server/cli/cli.ts. */
const code = await runCli(process.argv.slice(2));
if (code !== 'serving') {
  process.exit(code);
}
