// Whether dist/ is missing or older than the sources it is built from.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['dist/client/index.html', 'dist/server/teamlens.mjs'].map((f) => path.join(root, f));
const sources = ['client', 'server', 'shared', 'vite.config.ts', 'scripts/vite-chunk-groups.ts', 'package-lock.json'].map((f) => path.join(root, f));

function newest(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) max = Math.max(max, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return max;
}

export function isBuildStale() {
  if (!outputs.every((f) => fs.existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs));
  return sources.some((s) => fs.existsSync(s) && newest(s) > built);
}
