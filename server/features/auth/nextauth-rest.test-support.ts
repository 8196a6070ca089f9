import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH, createTestApp, seedOrg, type Browser } from '../../test/helpers.js';

/**
 * Shared setup for the NextAuth v4 REST API tests (docs/protocols.md, security bar 1-17), one
 * nextauth-rest.*.test.ts file per endpoint group. Every test that makes failed sign-ins uses its
 * own client address (freshIp), so the per-address throttles of one test never leak into another.
 */
export type Cookie = LightMyRequestResponse['cookies'][number];

export const SESSION = 'teamlens.session-token';
export const CSRF = 'teamlens.csrf-token';
export const WRONG = { url: `${AUTH}/error?error=CredentialsSignin&provider=credentials` };
export const CSRF_FAILED = { url: `${AUTH}/signin?csrf=true` };

export const cookieNamed = (res: LightMyRequestResponse, name: string): Cookie | undefined => res.cookies.find((c) => c.name === name);
export const sessionSet = (res: LightMyRequestResponse): Cookie | undefined =>
  res.cookies.find((c) => c.name.endsWith('session-token') && c.value !== '' && c.maxAge !== 0);

let ipCounter = 0;
/** A fresh client address for each use, so throttles never cross tests. */
export const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export function expectNoStore(res: LightMyRequestResponse): void {
  expect(res.headers['cache-control']).toBe('private, no-cache, no-store');
  expect(res.headers.pragma).toBe('no-cache');
  expect(res.headers.expires).toBe('0');
}

export async function signInForm(browser: Browser, form: Record<string, string>): Promise<LightMyRequestResponse> {
  return browser.request({ method: 'POST', url: '/api/auth/callback/credentials', form: { json: 'true', ...form } });
}

export type AuthOrg = Awaited<ReturnType<typeof seedOrg>>;

/**
 * Registers the file's beforeAll/afterAll: the real app with one organization (Acme: an admin,
 * a manager with a report, a member), closed after the file. Read `t.app` and `t.org` in tests
 * (they are set once beforeAll has run).
 */
export function useAuthTestApp(): { readonly app: FastifyInstance; readonly org: AuthOrg } {
  let app: FastifyInstance;
  let org: AuthOrg;
  beforeAll(async () => {
    app = await createTestApp();
    org = await seedOrg(app);
  });
  afterAll(async () => {
    await app.close();
  });
  return {
    get app() {
      return app;
    },
    get org() {
      return org;
    },
  };
}
