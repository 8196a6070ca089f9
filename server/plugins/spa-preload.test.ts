import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { spaPlugin } from './spa.js';
import { createSpaPreloader, type ViteManifest } from './spa-preload.js';

/** A Vite manifest shaped like the real build's (vite.config.ts: route splits, the boot and app groups). */
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_rolldown-runtime-R1.js'],
    css: ['assets/index-C1.css'],
    dynamicImports: ['routes/_app.tsx?tsr-split=component---loader'],
  },
  '_rolldown-runtime-R1.js': { file: 'assets/rolldown-runtime-R1.js' },
  '_app-A1.js': { file: 'assets/app-A1.js', imports: ['_rolldown-runtime-R1.js', 'index.html'], css: ['assets/app-S1.css'] },
  '_useSuspenseQuery-Q1.js': { file: 'assets/useSuspenseQuery-Q1.js', imports: ['index.html'] },
  '_review-cycles.api-P1.js': { file: 'assets/review-cycles.api-P1.js', imports: ['index.html'], css: ['assets/review-cycles-S2.css'] },
  '_forms-F1.js': { file: 'assets/forms-F1.js', imports: ['index.html'] },
  'routes/_app.tsx?tsr-split=component---loader': {
    file: 'assets/_app-L1.js',
    src: 'routes/_app.tsx?tsr-split=component---loader',
    imports: ['_app-A1.js', '_useSuspenseQuery-Q1.js', 'index.html'],
  },
  'routes/_app.tsx?tsr-split=errorComponent': { file: 'assets/_app-X1.js', imports: ['index.html'] },
  'routes/_app/home/dashboard.tsx?tsr-split=component---loader': {
    file: 'assets/dashboard-D1.js',
    imports: ['_review-cycles.api-P1.js', '_useSuspenseQuery-Q1.js', 'index.html'],
  },
  'routes/_app/admin.tsx?tsr-split=component---loader': { file: 'assets/admin-M1.js', imports: ['index.html'] },
  'routes/_app/admin/settings/users.tsx?tsr-split=component---loader': { file: 'assets/users-U1.js', imports: ['_forms-F1.js', 'index.html'] },
  'routes/_app/admin/dashboard.tsx?tsr-split=component---loader': { file: 'assets/admin-dashboard-D3.js', imports: ['index.html'] },
  'routes/_app/admin/settings/users_.import.tsx?tsr-split=component---loader': { file: 'assets/users_.import-I1.js', imports: ['index.html'] },
  'routes/_app/profile/user-profile/$id.tsx?tsr-split=component---loader': { file: 'assets/_id-P2.js', imports: ['index.html'] },
  'routes/_app/profile/user-profile/organization-chart.tsx?tsr-split=component---loader': { file: 'assets/organization-chart-O1.js', imports: ['index.html'] },
  'routes/_auth.tsx?tsr-split=component---loader': { file: 'assets/_auth-H1.js', imports: ['index.html'] },
  'routes/_auth/login.tsx?tsr-split=component---loader': { file: 'assets/login-N1.js', imports: ['_forms-F1.js', 'index.html'] },
  'routes/_public/index.tsx?tsr-split=component---loader': { file: 'assets/index-W1.js', imports: ['index.html'] },
  '../node_modules/graphql-request/build/entrypoints/main.js': { file: 'assets/main-G1.js', isDynamicEntry: true } as ViteManifest[string],
};

/** The real client/index.html (as Vite leaves it, the entry script aside): it must start the session request itself. */
const indexHtml = fs
  .readFileSync(path.join(import.meta.dirname, '../../client/index.html'), 'utf8')
  .replace(/<script type="module"[^>]*><\/script>/, '')
  .replace('</head>', '  <script type="module" crossorigin src="/assets/index-E1.js"></script>\n  </head>');

const preloader = createSpaPreloader(manifest, indexHtml);

describe('what a page preloads (the Vite manifest and TanStack Router file routes)', () => {
  it('a signed-in page: its chunk, its layout chunks, their imports and styles, and the GraphQL client last', () => {
    expect(preloader.preloadsFor('/home/dashboard')).toEqual({
      modules: ['/assets/_app-L1.js', '/assets/app-A1.js', '/assets/useSuspenseQuery-Q1.js', '/assets/dashboard-D1.js', '/assets/review-cycles.api-P1.js'],
      laterModules: ['/assets/main-G1.js'],
      styles: ['/assets/app-S1.css', '/assets/review-cycles-S2.css'],
    });
  });

  it('a path that only redirects (/admin) preloads the page it opens', () => {
    expect(preloader.preloadsFor('/admin')).toEqual(preloader.preloadsFor('/admin/dashboard'));
    expect(preloader.preloadsFor('/admin/').modules).toContain('/assets/admin-dashboard-D3.js');
  });

  it('nested layouts, and what the entry already loads or only errors need is left out', () => {
    const { modules } = preloader.preloadsFor('/admin/settings/users');
    expect(modules).toEqual([
      '/assets/_app-L1.js',
      '/assets/app-A1.js',
      '/assets/useSuspenseQuery-Q1.js',
      '/assets/admin-M1.js',
      '/assets/users-U1.js',
      '/assets/forms-F1.js',
    ]);
    expect(modules.join()).not.toMatch(/index-E1|rolldown-runtime|_app-X1/);
  });

  it('a un-nested route (users_.import) is not inside users.tsx; a static segment beats a parameter', () => {
    expect(preloader.preloadsFor('/admin/settings/users/import').modules).toContain('/assets/users_.import-I1.js');
    expect(preloader.preloadsFor('/admin/settings/users/import').modules).not.toContain('/assets/users-U1.js');
    expect(preloader.preloadsFor('/profile/user-profile/organization-chart').modules).toContain('/assets/organization-chart-O1.js');
    expect(preloader.preloadsFor('/profile/user-profile/some-id').modules).toContain('/assets/_id-P2.js');
  });

  it('sign-in and public pages never load the signed-in shell or the GraphQL client', () => {
    expect(preloader.preloadsFor('/login')).toEqual({
      modules: ['/assets/_auth-H1.js', '/assets/login-N1.js', '/assets/forms-F1.js'],
      laterModules: [],
      styles: [],
    });
    expect(preloader.preloadsFor('/')).toEqual({ modules: ['/assets/index-W1.js'], laterModules: [], styles: [] });
    expect(preloader.preloadsFor('/no/such/page')).toEqual({ modules: [], laterModules: [], styles: [] });
  });
});

describe('index.html as served for a page path', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-spa-'));
    fs.mkdirSync(path.join(root, '.vite'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(root, 'assets/dashboard-D1.js'), 'export {};');
    app = Fastify();
    app.decorate('services', { config: loadConfig({ DATA_DIR: root }) } as never);
    await app.register(spaPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('/home/dashboard starts the session request and announces the page chunks in <head>, compressed, never cached unchecked', async () => {
    const res = await app.inject({ url: '/home/dashboard?x=1', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<script>window\.__teamlensSession = fetch\('\/api\/auth\/session'/);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-D1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/main-G1.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/review-cycles-S2.css">');
    expect(head.indexOf('rel="preload" href="/api/auth/session"')).toBeLessThan(head.indexOf('<script type="module"'));

    const again = await app.inject({ url: '/home/dashboard', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('/login gets its own preloads, uncompressed when the browser asks for none; files and API misses are not pages', async () => {
    const login = await app.inject({ url: '/login' });
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.body).toContain('href="/assets/login-N1.js"');
    expect(login.body).not.toContain('dashboard-D1.js');
    expect((await app.inject({ url: '/assets/dashboard-D1.js' })).body).toBe('export {};');
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
  });
});
