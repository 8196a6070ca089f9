/** Content-Security-Policy on pages (with the hashes of the built index.html's inline scripts) and on every other answer (docs/decisions/0045). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.js';

const EARLY = "document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'light';";
const SECOND = '\n  window.__boot = Date.now();\n';
const INDEX = `<!doctype html><html lang="en"><head>
<script>${EARLY}</script>
<link rel="modulepreload" href="/assets/vendor-abc.js">
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div><script>${SECOND}</script></body></html>`;

const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The policy's directives by name. */
function directives(header: string | undefined): Map<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTypeOf('string');
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-csp-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  app = await createTestApp({ BASE_URL: 'https://teams.acme.example', ALLOWED_ORIGINS: 'https://lens.acme.example' }, { clientDist: dist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('pages', () => {
  it.each(['/', '/home/dashboard', '/admin/settings/users?tab=1'])(
    '%s: scripts from the origin and the inline scripts of index.html by hash, nothing else',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toEqual(["'self'", sha(EARLY), sha(SECOND)]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('font-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://teams.acme.example', 'wss://lens.acme.example']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect([...csp.get('script-src')!, ...csp.get('default-src')!]).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    },
  );
});

describe('everything else', () => {
  it.each([
    ['GET', '/api/auth/session'],
    ['GET', '/api/auth/csrf'],
    ['GET', '/api/nothing-here'],
    ['GET', '/assets/index-abc.js'],
    ['POST', '/graphql'],
  ] as const)('%s %s may load nothing and be framed by nothing', async (method, url) => {
    const res = await app.inject({
      method,
      url,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{"query":"{ __typename }"}' } : {}),
    });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
