// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS } from '../../shared/limits.js';
import { fakeApi, sessionWith, tokenExpiringAt } from '../test/fixtures.js';
import { STORAGE_KEYS, SessionManager } from './session.js';

const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('session rules (docs/product/session.md)', () => {
  it('is loading until the check answers, then authenticated, storing teamlens_id and org_id', async () => {
    const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(inAMinute())));
    const session = new SessionManager({ api });
    expect(session.getState().status).toBe('loading');
    await session.check();
    expect(session.getState().status).toBe('authenticated');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('user-1');
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBe('org-1');
  });

  it('is unauthenticated when the server has no session ({})', async () => {
    const { api, calls } = fakeApi(async () => null);
    const session = new SessionManager({ api });
    expect(await session.check()).toBeNull();
    expect(session.getState().status).toBe('unauthenticated');
    expect(calls.signOut).toBe(0);
  });

  it('an expired access token signs out without redirect and removes teamlens_id', async () => {
    localStorage.setItem(STORAGE_KEYS.userId, 'user-1');
    const { api, calls } = fakeApi(async () => sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) - 1)));
    const session = new SessionManager({ api });
    expect(await session.check()).toBeNull();
    expect(session.getState()).toEqual({ status: 'unauthenticated', data: null });
    expect(calls.signOut).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it('loggedOut=true with no logout in progress clears the session', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    const { api, calls } = fakeApi(async () => sessionWith(tokenExpiringAt(inAMinute())));
    const session = new SessionManager({ api });
    await session.check();
    expect(session.getState().status).toBe('unauthenticated');
    expect(calls.signOut).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it('loggedOut=true while this tab has a logout in progress keeps the session', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    sessionStorage.setItem(STORAGE_KEYS.logoutInProgress, 'true');
    const { api, calls } = fakeApi(async () => sessionWith(tokenExpiringAt(inAMinute())));
    const session = new SessionManager({ api });
    await session.check();
    expect(session.getState().status).toBe('authenticated');
    expect(calls.signOut).toBe(0);
  });

  it('loggedOut other than "true" is ignored', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedOut, 'false');
    const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(inAMinute())));
    const session = new SessionManager({ api });
    await session.check();
    expect(session.getState().status).toBe('authenticated');
  });

  it('a token that cannot be decoded removes org_id and teamlens_id and signs out', async () => {
    localStorage.setItem(STORAGE_KEYS.userId, 'user-1');
    localStorage.setItem(STORAGE_KEYS.orgId, 'org-1');
    const { api, calls } = fakeApi(async () => sessionWith('not-a-jwt'));
    const session = new SessionManager({ api });
    await session.check();
    expect(session.getState().status).toBe('unauthenticated');
    expect(calls.signOut).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBeNull();
  });

  it('an error while checking signs out', async () => {
    const { api, calls } = fakeApi(async () => {
      throw new Error('session answered 500');
    });
    const session = new SessionManager({ api });
    await session.check();
    expect(session.getState().status).toBe('unauthenticated');
    expect(calls.signOut).toBe(1);
  });

  it('signing in clears loggedOut so the next check keeps the new session', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(inAMinute())));
    const session = new SessionManager({ api });
    const result = await session.signIn('alex@example.com', 'pw', 'http://localhost:3000/home/dashboard');
    expect(result.ok).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.loggedOut)).toBeNull();
    expect(session.getState().status).toBe('authenticated');
  });

  it('a logout sets loggedOut for other tabs and ends with no logout in progress', async () => {
    const { api, calls } = fakeApi(async () => sessionWith(tokenExpiringAt(inAMinute())));
    const session = new SessionManager({ api });
    await session.check();
    let inProgressDuringSignOut: string | null = null;
    api.signOut = async () => {
      inProgressDuringSignOut = sessionStorage.getItem(STORAGE_KEYS.logoutInProgress);
      calls.signOut++;
    };
    await session.logout();
    expect(inProgressDuringSignOut).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('true');
    expect(sessionStorage.getItem(STORAGE_KEYS.logoutInProgress)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(session.getState().status).toBe('unauthenticated');
  });

  it('a second logout still changes loggedOut, so other tabs hear it again', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    const writes: string[] = [];
    const set = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (this === localStorage && key === STORAGE_KEYS.loggedOut) writes.push(`set:${value}:was:${localStorage.getItem(key)}`);
    });
    const { api } = fakeApi(async () => null);
    await new SessionManager({ api }).logout();
    set.mockRestore();
    expect(writes).toEqual(['set:true:was:null']);
  });

  it('a loggedOut storage event from another tab calls the logout endpoint and goes to /logout', async () => {
    const { api, calls } = fakeApi(async () => sessionWith(tokenExpiringAt(inAMinute())));
    const onRemoteLogout = vi.fn();
    const session = new SessionManager({ api, onRemoteLogout });
    const stop = session.start();
    await session.ensure();
    expect(session.getState().status).toBe('authenticated');

    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'true', storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.loggedOut, newValue: null, storageArea: localStorage }));
    expect(calls.logout).toBe(0);

    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.loggedOut, newValue: 'true', storageArea: localStorage }));
    await vi.waitFor(() => expect(onRemoteLogout).toHaveBeenCalledTimes(1));
    expect(calls.logout).toBe(1);
    expect(session.getState().status).toBe('unauthenticated');
    stop();
  });

  it('checks on start, every 60 s and when the tab becomes visible', async () => {
    vi.useFakeTimers();
    const fetchSession = vi.fn(async () => sessionWith(tokenExpiringAt(Math.floor(Date.now() / 1000) + 600)));
    const { api } = fakeApi(fetchSession);
    const session = new SessionManager({ api });
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSession).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(fetchSession).toHaveBeenCalledTimes(4);
  });

  it('a token seen expiring within the margin is refreshed before use', async () => {
    let exp = Math.floor(Date.now() / 1000) + 5;
    const { api } = fakeApi(async () => sessionWith(tokenExpiringAt(exp)));
    const session = new SessionManager({ api });
    await session.check();
    exp = inAMinute();
    const token = await session.getAccessToken();
    expect(token).toBe(tokenExpiringAt(exp));
  });
});
