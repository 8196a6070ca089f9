import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { CLIENT_DIST } from '../lib/paths.js';


/** A page path (not an API path, not a file): the SPA's index.html answers it. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/graphql' || pathname.startsWith('/api/') || pathname === '/api') return false;
  // No GraphQL IDE is served: these answer 404, not the web app.
  if (/^\/(graphiql|playground|altair|voyager)(\/|$)/.test(pathname)) return false;
  return !path.posix.basename(pathname).includes('.');
}

/**
 * Serves the built web app: pre-compressed files, a year of cache for hashed assets,
 * index.html (never cached) for page paths only; other misses are JSON 404s.
 */
export const spaPlugin = fp(async (app: FastifyInstance): Promise<void> => {
  const hasBuild = fs.existsSync(path.join(CLIENT_DIST, 'index.html'));
  if (hasBuild) {
    // @fastify/static takes no route config: the file routes it adds next (and only those: this
    // plugin is the app's last) are public, declared here (docs/decisions/0041).
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, rule: route.config?.rule ?? 'PUBLIC' };
    });
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasBuild) app.get('/', { config: { rule: 'PUBLIC' } }, (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  app.setNotFoundHandler((request, reply) => {
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
});
