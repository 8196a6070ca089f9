import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, Chunk>;

/** A screen and its route files from the root down (pathless layouts included), as in client/routes. */
export const MEASURED_ROUTES: Array<{ path: string; files: string[] }> = [
  { path: '/login', files: ['__root.tsx', '_auth.tsx', '_auth/login.tsx'] },
  { path: '/home/dashboard', files: ['__root.tsx', '_app.tsx', '_app/home/dashboard.tsx'] },
  { path: '/admin/settings/users', files: ['__root.tsx', '_app.tsx', '_app/admin.tsx', '_app/admin/settings/users.tsx'] },
];

export type RouteWeight = { path: string; files: number; gzipKb: number; rawKb: number; onDemandGzipKb: number };

const gzipSizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string): { raw: number; gzip: number } {
  let size = gzipSizes.get(file);
  if (!size) {
    const buf = fs.readFileSync(path.join(clientDir, file));
    size = { raw: buf.length, gzip: zlib.gzipSync(buf).length };
    gzipSizes.set(file, size);
  }
  return size;
}

/** The static-import closure of some manifest keys: what the browser must load before the code runs. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * JavaScript weight of a route: the entry (index.html's script and its static imports) plus the
 * route chunks that TanStack Router's code splitting made for each route file on the way
 * (`routes/<file>?tsr-split=...`) and their static imports, gzip-compressed one by one (level 6,
 * what a server sends). "On demand" is what those chunks import later with import(): the
 * GraphQL client on the first request, form rules on the first submit.
 */
export function measureRouteWeights(manifestPath = path.join(clientDir, '.vite/manifest.json')): RouteWeight[] {
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build (vite.config.ts build.manifest).`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry');
  const routeKeys = new Set(Object.keys(manifest).filter((k) => k.startsWith('routes/')));
  return MEASURED_ROUTES.map(({ path: routePath, files }) => {
    const keys = [entry];
    for (const file of files) {
      if (!fs.existsSync(path.join(root, 'client/routes', file))) throw new Error(`client/routes/${file} does not exist`);
      keys.push(...[...routeKeys].filter((k) => k.startsWith(`routes/${file}?`)));
    }
    const loaded = closure(manifest, keys);
    const later = new Set<string>();
    for (const key of loaded) {
      if (key === entry) continue;
      for (const dyn of manifest[key]!.dynamicImports ?? []) if (!loaded.has(dyn) && !routeKeys.has(dyn)) later.add(dyn);
    }
    // The GraphQL client is imported on demand from a shared chunk; count it once under "on demand".
    for (const dyn of manifest[entry]!.dynamicImports ?? []) if (!routeKeys.has(dyn) && !loaded.has(dyn)) later.add(dyn);
    const jsFiles = (set: Set<string>) => [...new Set([...set].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')))];
    const now = jsFiles(loaded).map(sizeOf);
    const onDemand = jsFiles(closure(manifest, [...later])).filter((f) => !jsFiles(loaded).includes(f)).map(sizeOf);
    const kb = (n: number) => +(n / 1024).toFixed(1);
    return {
      path: routePath,
      files: now.length,
      gzipKb: kb(now.reduce((s, x) => s + x.gzip, 0)),
      rawKb: kb(now.reduce((s, x) => s + x.raw, 0)),
      onDemandGzipKb: kb(onDemand.reduce((s, x) => s + x.gzip, 0)),
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(measureRouteWeights()));
}
