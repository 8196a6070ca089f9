import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { CLIENT_DIST } from '../lib/paths.js';
import { pageCsp } from './csp.js';

/** A page path (not an API path, not a file): the SPA's index.html answers it. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/graphql' || pathname.startsWith('/api/') || pathname === '/api') return false;
  // No GraphQL IDE is served: these answer 404, not the web app.
  if (/^\/(graphiql|playground|altair|voyager)(\/|$)/.test(pathname)) return false;
  return !path.posix.basename(pathname).includes('.');
}

export type SpaOptions = { /** The built web app (default dist/client). */ root?: string };

/**
 * Serves the built web app: pre-compressed files, a year of cache for hashed assets,
 * index.html (never cached, with the page's Content-Security-Policy) for page paths only;
 * other misses are JSON 404s.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions): Promise<void> => {
  const root = options.root ?? CLIENT_DIST;
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // The inline scripts' hashes come from the file this server serves, read once at start.
  const csp = hasBuild ? pageCsp(app.services.config, fs.readFileSync(indexFile, 'utf8')) : '';
  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', csp).sendFile('index.html');
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasBuild) app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      return sendIndex(reply);
    }
    return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
});
