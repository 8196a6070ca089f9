// Builds the web app when dist/client is missing or older than the client sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = path.resolve('dist/client/index.html');
const newest = (dir) => fs.readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).reduce((m, e) => Math.max(m, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
const stale = !fs.existsSync(built) || fs.statSync(built).mtimeMs < Math.max(newest('client'), fs.statSync('vite.config.ts').mtimeMs);
if (stale) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
