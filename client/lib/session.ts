/**
 * The session, exactly as docs/product/session.md describes it:
 * - status: loading while fetched, then authenticated (session data) or unauthenticated;
 * - checked on load, every SESSION_CHECK_INTERVAL_MS and when the tab becomes visible;
 * - cleared (sign-out without redirect, `teamlens_id` removed) when the access token has
 *   expired, or when `loggedOut` is true and no logout is in progress in this tab;
 * - a token that cannot be decoded removes `org_id` and `teamlens_id` and signs out;
 * - an error while checking signs out;
 * - a logout in another tab (the `loggedOut` storage key) calls POST /api/auth/logout here
 *   and goes to /logout.
 */
import { SESSION_CHECK_INTERVAL_MS } from '../../shared/limits.js';
import { fetchSession, logoutRequest, signInWithCredentials, signOutRequest, type Session, type SignInResult } from './auth-client.js';
import { decodeJwt, isExpired } from './jwt.js';

export const STORAGE_KEYS = {
  userId: 'teamlens_id',
  orgId: 'org_id',
  loggedOut: 'loggedOut',
  logoutInProgress: 'loggout_in_progress',
} as const;

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type SessionState = { status: SessionStatus; data: Session | null };

export type SessionApi = {
  fetchSession: () => Promise<Session | null>;
  signOut: () => Promise<void>;
  logout: () => Promise<void>;
  signIn: (email: string, password: string, callbackUrl: string) => Promise<SignInResult>;
};

export type SessionOptions = {
  api?: SessionApi;
  /** Called when another tab logged out (after POST /api/auth/logout). */
  onRemoteLogout?: () => void;
  now?: () => number;
};

const defaultApi: SessionApi = { fetchSession, signOut: signOutRequest, logout: logoutRequest, signIn: signInWithCredentials };

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export class SessionManager {
  private state: SessionState = { status: 'loading', data: null };
  private readonly listeners = new Set<() => void>();
  private inflight: Promise<Session | null> | null = null;
  private readonly api: SessionApi;
  private readonly now: () => number;
  onRemoteLogout: () => void;

  constructor(options: SessionOptions = {}) {
    this.api = options.api ?? defaultApi;
    this.now = options.now ?? Date.now;
    this.onRemoteLogout = options.onRemoteLogout ?? (() => undefined);
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: SessionState): void {
    const same = state.status === this.state.status && state.data === this.state.data;
    this.state = state;
    if (!same) for (const listener of this.listeners) listener();
  }

  /** The session once known (waits for a check in progress; checks when nothing is known yet). */
  async ensure(): Promise<Session | null> {
    if (this.inflight) return this.inflight;
    if (this.state.status === 'loading') return this.check();
    return this.state.data;
  }

  /** Fetches the session and applies the rules. Concurrent calls share one request. */
  check(): Promise<Session | null> {
    this.inflight ??= this.runCheck().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async runCheck(): Promise<Session | null> {
    let session: Session | null;
    try {
      session = await this.api.fetchSession();
    } catch {
      await this.clear();
      return null;
    }
    if (!session) {
      this.set({ status: 'unauthenticated', data: null });
      return null;
    }
    const claims = decodeJwt(session.access_token);
    if (!claims) {
      this.removeStored(STORAGE_KEYS.orgId);
      await this.clear();
      return null;
    }
    if (isExpired(claims, this.now()) || this.loggedOutElsewhere()) {
      await this.clear();
      return null;
    }
    this.store(STORAGE_KEYS.userId, session.user.id);
    this.store(STORAGE_KEYS.orgId, session.data.organization.id);
    this.set({ status: 'authenticated', data: session });
    return session;
  }

  private loggedOutElsewhere(): boolean {
    const loggedOut = safe(() => localStorage.getItem(STORAGE_KEYS.loggedOut), null) === 'true';
    const inProgress = safe(() => sessionStorage.getItem(STORAGE_KEYS.logoutInProgress), null) !== null;
    return loggedOut && !inProgress;
  }

  /** Sign-out without redirect; `teamlens_id` removed. */
  private async clear(): Promise<void> {
    this.removeStored(STORAGE_KEYS.userId);
    this.set({ status: 'unauthenticated', data: null });
    try {
      await this.api.signOut();
    } catch {
      // The server session may outlive a failed call; it expires on its own and this tab is signed out.
    }
  }

  /** An access token valid for at least `marginMs` more, refetching the session when needed. */
  async getAccessToken(marginMs = 10_000): Promise<string | null> {
    const current = this.state.data ?? (await this.ensure());
    if (!current) return null;
    const claims = decodeJwt(current.access_token);
    if (claims && !isExpired(claims, this.now() + marginMs)) return current.access_token;
    const fresh = await this.check();
    return fresh?.access_token ?? null;
  }

  /** A fresh access token of this same session and person (updateMe returns one): used from now on. */
  acceptAccessToken(token: string): void {
    const data = this.state.data;
    const claims = decodeJwt(token);
    if (!data || !claims || claims.sub !== data.user.id || isExpired(claims, this.now())) return;
    this.set({ status: 'authenticated', data: { ...data, access_token: token } });
  }

  async signIn(email: string, password: string, callbackUrl: string): Promise<SignInResult> {
    const result = await this.api.signIn(email, password, callbackUrl);
    if (result.ok) {
      this.noteSignedIn();
      await this.check();
    }
    return result;
  }

  /** A new session was created (sign-in, or registration's own cookie): an earlier logout no longer applies. */
  noteSignedIn(): void {
    this.removeStored(STORAGE_KEYS.loggedOut);
  }

  /** A person's own logout: tells other tabs through `loggedOut`, then signs out here. */
  async logout(): Promise<void> {
    safe(() => sessionStorage.setItem(STORAGE_KEYS.logoutInProgress, 'true'), undefined);
    try {
      // Removed first so that writing 'true' is a change other tabs hear even after an earlier logout.
      this.removeStored(STORAGE_KEYS.loggedOut);
      this.store(STORAGE_KEYS.loggedOut, 'true');
      this.removeStored(STORAGE_KEYS.userId);
      this.removeStored(STORAGE_KEYS.orgId);
      this.set({ status: 'unauthenticated', data: null });
      await this.api.signOut();
    } finally {
      safe(() => sessionStorage.removeItem(STORAGE_KEYS.logoutInProgress), undefined);
    }
  }

  /** Another tab wrote `loggedOut`: end this tab's session on the server and go to /logout. */
  handleStorage = (event: StorageEvent): void => {
    if (event.key !== STORAGE_KEYS.loggedOut || event.newValue !== 'true') return;
    if (safe(() => event.storageArea !== localStorage, false)) return;
    this.removeStored(STORAGE_KEYS.userId);
    this.set({ status: 'unauthenticated', data: null });
    void this.api
      .logout()
      .catch(() => undefined)
      .finally(() => this.onRemoteLogout());
  };

  private handleVisibility = (): void => {
    if (document.visibilityState === 'visible') void this.check();
  };

  /** Checks now, every SESSION_CHECK_INTERVAL_MS and on visibility; listens to other tabs. Returns stop(). */
  start(): () => void {
    void this.check();
    const timer = setInterval(() => void this.check(), SESSION_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', this.handleVisibility);
    window.addEventListener('storage', this.handleStorage);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', this.handleVisibility);
      window.removeEventListener('storage', this.handleStorage);
    };
  }

  private store(key: string, value: string): void {
    safe(() => localStorage.setItem(key, value), undefined);
  }

  private removeStored(key: string): void {
    safe(() => localStorage.removeItem(key), undefined);
  }
}
