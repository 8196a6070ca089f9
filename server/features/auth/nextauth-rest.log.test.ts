/**
 * The NextAuth v4 REST API through the real app: the client _log endpoint and unsupported
 * methods or actions (docs/protocols.md, security bar 15-16).
 */
import { describe, expect, it } from 'vitest';
import { captureLogs, createTestApp } from '../../test/helpers.js';
import { freshIp, useAuthTestApp } from './nextauth-rest.test-support.js';

const t = useAuthTestApp();

describe('15. _log', () => {
  it('survives hostile levels, CR/LF codes and 1 MB bodies; neutralises newlines; rate-limits', async () => {
    const logApp = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const logs = captureLogs(logApp);
      const ip = freshIp();
      const post = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
        logApp.inject({ method: 'POST', url: '/api/auth/_log', remoteAddress: ip, headers: { 'content-type': contentType }, payload });

      for (const level of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'fatal', 'silent', '']) {
        const res = await post(new URLSearchParams({ level, code: 'CLIENT_FETCH_ERROR', message: 'x', client: 'true' }).toString());
        expect(res.statusCode, level).toBe(200);
        expect(res.json()).toEqual({});
      }
      const crlf = await post(new URLSearchParams({ level: 'error', code: 'EVIL\r\n{"level":60,"msg":"forged"}\u2028x', message: 'a\nb' }).toString());
      expect(crlf.statusCode).toBe(200);
      const json = await post(JSON.stringify({ level: { toString: 1 }, code: ['a'], message: { $gt: 1 } }), 'application/json');
      expect(json.statusCode).toBe(200);

      const big = await post(`level=error&code=${'x'.repeat(1024 * 1024)}`);
      expect(big.statusCode).toBe(413);
      const bigJson = await post(JSON.stringify({ level: 'error', code: 'x'.repeat(1024 * 1024) }), 'application/json');
      expect(bigJson.statusCode).toBe(413);

      const lines = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'client_log');
      expect(lines.length).toBeGreaterThanOrEqual(8);
      for (const line of lines) {
        expect(String(line.code ?? '')).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(String(line.message ?? '')).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(String(line.code ?? '').length).toBeLessThanOrEqual(500);
      }
      expect(logs.lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);

      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await post('level=info&code=X')).statusCode);
      expect(statuses).toContain(429);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      // another address is not affected
      const other = await logApp.inject({
        method: 'POST',
        url: '/api/auth/_log',
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'level=info&code=Y',
      });
      expect(other.statusCode).toBe(200);
      // and the server is alive
      expect((await logApp.inject({ method: 'GET', url: '/api/auth/csrf' })).statusCode).toBe(200);
    } finally {
      await logApp.close();
    }
  });
});

describe('16. unsupported method or action', () => {
  it.each([
    ['PUT', '/api/auth/session'],
    ['GET', '/api/auth/nope'],
    ['DELETE', '/api/auth/csrf'],
    ['GET', '/api/auth/callback/credentials'],
    ['GET', '/api/auth/signout'],
    ['POST', '/api/auth/nope'],
    ['PATCH', '/api/auth/session'],
    ['GET', '/api/auth/_log'],
    ['GET', '/api/auth/a/b/c'],
  ] as const)('%s %s → 400 text, never 500', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(`Error: This action with HTTP ${method} is not supported.`);
  });
});
