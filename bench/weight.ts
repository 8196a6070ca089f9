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

/** The public pages with a form: what a visitor downloads must not include the email-domain lists (docs/decisions/0061). */
export const PUBLIC_FORM_ROUTES: Array<{ path: string; files: string[] }> = [
  { path: '/contact', files: ['__root.tsx', '_public.tsx', '_public/contact.tsx'] },
  { path: '/resources/get-the-guide', files: ['__root.tsx', '_public.tsx', '_public/resources/get-the-guide.tsx'] },
  { path: '/sign-up', files: ['__root.tsx', '_auth.tsx', '_auth/sign-up.tsx'] },
];

/**
 * `onDemandGzipKb`: everything the page may import later (the GraphQL client included);
 * `formGzipKb`: only what the route's own chunks import later (form rules on the first submit).
 */
export type RouteWeight = { path: string; files: number; gzipKb: number; rawKb: number; onDemandGzipKb: number; formGzipKb: number };

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
function readManifest(manifestPath: string): Manifest {
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build (vite.config.ts build.manifest).`);
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
}

const defaultManifest = () => path.join(clientDir, '.vite/manifest.json');

export function measureRouteWeights(manifestPath = defaultManifest(), routes = MEASURED_ROUTES): RouteWeight[] {
  const manifest = readManifest(manifestPath);
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry');
  const routeKeys = new Set(Object.keys(manifest).filter((k) => k.startsWith('routes/')));
  return routes.map(({ path: routePath, files }) => {
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
    const fromRoute = new Set(later);
    // The GraphQL client is imported on demand from a shared chunk; count it once under "on demand".
    for (const dyn of manifest[entry]!.dynamicImports ?? []) if (!routeKeys.has(dyn) && !loaded.has(dyn)) later.add(dyn);
    const jsFiles = (set: Set<string>) => [...new Set([...set].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')))];
    const now = jsFiles(loaded).map(sizeOf);
    const onDemand = jsFiles(closure(manifest, [...later]))
      .filter((f) => !jsFiles(loaded).includes(f))
      .map(sizeOf);
    const form = jsFiles(closure(manifest, [...fromRoute]))
      .filter((f) => !jsFiles(loaded).includes(f))
      .map(sizeOf);
    return {
      path: routePath,
      files: now.length,
      gzipKb: kb(now.reduce((s, x) => s + x.gzip, 0)),
      rawKb: kb(now.reduce((s, x) => s + x.raw, 0)),
      onDemandGzipKb: kb(onDemand.reduce((s, x) => s + x.gzip, 0)),
      formGzipKb: kb(form.reduce((s, x) => s + x.gzip, 0)),
    };
  });
}

const kb = (n: number) => +(n / 1024).toFixed(1);

/** The build's largest JavaScript file, uncompressed (Vite warns past 500 kB). */
export function largestChunk(manifestPath = defaultManifest()): { file: string; rawKb: number; gzipKb: number } {
  const files = [
    ...new Set(
      Object.values(readManifest(manifestPath))
        .map((c) => c.file)
        .filter((f) => f.endsWith('.js')),
    ),
  ];
  const sized = files.map((file) => ({ file, ...sizeOf(file) })).sort((a, b) => b.raw - a.raw)[0];
  if (!sized) throw new Error('the build has no JavaScript');
  return { file: sized.file, rawKb: kb(sized.raw), gzipKb: kb(sized.gzip) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(
    JSON.stringify({ routes: measureRouteWeights(), publicForms: measureRouteWeights(defaultManifest(), PUBLIC_FORM_ROUTES), largest: largestChunk() }),
  );
}
