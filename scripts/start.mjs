// `npm start`: (re)builds what is missing or older than its sources, then runs the bundled `teamlens`
// command (server/cli/cli.ts) with this script's arguments: none starts the server.
import { execFileSync } from 'node:child_process';
import { isBuildStale } from './build-state.mjs';

if (isBuildStale()) {
  console.log('Building Teamlens (web app and server)...');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
await import('../dist/server/teamlens.mjs');
