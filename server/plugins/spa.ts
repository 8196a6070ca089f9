import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { clientDist } from '../lib/paths.js';
import { createSpaPreloader, type ViteManifest } from './spa-preload.js';
import { pageCsp } from './csp.js';

/** A page path (not an API path, not a file): the SPA's index.html answers it. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/graphql' || pathname.startsWith('/api/') || pathname === '/api') return false;
  // No GraphQL IDE is served: these answer 404, not the web app.
  if (/^\/(graphiql|playground|altair|voyager)(\/|$)/.test(pathname)) return false;
  return !path.posix.basename(pathname).includes('.');
}

type Encoded = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

function encode(html: string): Encoded {
  const raw = Buffer.from(html);
  return {
    raw,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
    etag: `"${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`,
  };
}

/** Answers with a page's index.html (compressed as the browser accepts, revalidated by ETag, never cached without asking). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Encoded, csp: string) {
  reply
    .header('Cache-Control', 'no-cache')
    .header('Content-Security-Policy', csp)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', page.etag)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

export type SpaOptions = { /** The built web app (default dist/client). */ root?: string };

/**
 * Serves the built web app: pre-compressed files, a year of cache for hashed assets, and
 * index.html (never cached) for page paths only, with the modules, styles and fonts that page
 * needs announced in its <head> (spa-preload.ts) and the page's Content-Security-Policy (csp.ts);
 * other misses are JSON 404s.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions): Promise<void> => {
  const root = options.root ?? clientDist();
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // The inline scripts' hashes come from the file this server serves, read once at start.
  const csp = hasBuild ? pageCsp(app.services.config, fs.readFileSync(indexFile, 'utf8')) : '';
  if (hasBuild) {
    // @fastify/static takes no route config: the file routes it adds next (and only those: this
    // plugin is the app's last) are public, declared here (docs/decisions/0041).
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, rule: route.config?.rule ?? 'PUBLIC' };
    });
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const manifestFile = path.join(root, '.vite/manifest.json');
  const preloader =
    hasBuild && fs.existsSync(manifestFile)
      ? createSpaPreloader(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest, fs.readFileSync(indexFile, 'utf8'))
      : null;
  const pages = new Map<string, Encoded>();
  const pageFor = (url: string): Encoded => {
    const pathname = url.split('?')[0] ?? '/';
    const html = preloader ? preloader.htmlFor(pathname) : fs.readFileSync(indexFile, 'utf8');
    let page = pages.get(html);
    if (!page) {
      page = encode(html);
      pages.set(html, page);
    }
    return page;
  };
  if (hasBuild) app.get('/', { config: { rule: 'PUBLIC' } }, (request, reply) => sendPage(request, reply, pageFor(request.url), csp));
  app.setNotFoundHandler((request, reply) => {
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      return sendPage(request, reply, pageFor(request.url), csp);
    }
    return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
});
