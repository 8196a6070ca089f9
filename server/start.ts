import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm start`: builds the web app when its build is missing, then starts the server. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
  console.log('Building the web app (first start)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
await import('./server.js');
