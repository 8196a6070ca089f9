import type { Session } from '../lib/auth-client.js';
import type { SessionApi } from '../lib/session.js';
import { addDays } from '../../shared/dates.js';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token with the given expiry (seconds since the epoch). */
export function tokenExpiringAt(expSeconds: number): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify({ sub: 'u1', org: 'o1', sid: 's1', exp: expSeconds }))}.signature`;
}

export function sessionWith(accessToken: string): Session {
  return {
    user: { id: 'user-1', name: 'Alex Admin', email: 'alex@example.com', image: null },
    expires: addDays(Date.now(), 1).toISOString(),
    access_token: accessToken,
    data: { organization: { id: 'org-1' } },
  };
}

export function fakeApi(fetchSession: SessionApi['fetchSession']) {
  const calls = { signOut: 0, logout: 0 };
  const api: SessionApi = {
    fetchSession,
    signOut: async () => void calls.signOut++,
    logout: async () => void calls.logout++,
    signIn: async () => ({ error: null, status: 200, ok: true, url: 'http://localhost:3000/home/dashboard' }),
  };
  return { api, calls };
}
