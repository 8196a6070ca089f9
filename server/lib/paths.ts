import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder with package.json), whether running from server/ or the dist/ bundle. */
function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

let resources: string | undefined;

/**
 * Where the migrations and the built web app are read from: the project root (npm start, tests),
 * or the folder the single executable unpacked itself into (server/binary, docs/decisions/0062),
 * which sets it before anything reads a path.
 */
export function useResourceRoot(dir: string): void {
  resources = dir;
}

export function resourceRoot(): string {
  return (resources ??= findRoot(path.dirname(fileURLToPath(import.meta.url))));
}

export const migrationsDir = (): string => path.join(resourceRoot(), 'migrations');
export const clientDist = (): string => path.join(resourceRoot(), 'dist/client');
