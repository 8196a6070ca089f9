/** The browser side of /api/auth (NextAuth v4 shapes, docs/protocols.md) and the account routes beside it. */
export type Session = {
  user: { id: string; name: string; email: string; image: string | null };
  expires: string;
  access_token: string;
  data: { organization: { id: string } };
  cf_cookies?: unknown;
};

const AUTH = '/api/auth';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${AUTH}/${path}`, { credentials: 'same-origin', headers: { 'content-type': 'application/json' } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

declare global {
  interface Window {
    /** GET /api/auth/session, started by index.html before any script loaded (docs/decisions/0040). */
    __teamlensSession?: Promise<Response | undefined>;
  }
}

/** The session request index.html started: taken once, by the first check; undefined when it failed. */
async function takeEarlySession(): Promise<Response | undefined> {
  const early = typeof window === 'undefined' ? undefined : window.__teamlensSession;
  if (!early) return undefined;
  delete window.__teamlensSession;
  const res = await early.catch(() => undefined);
  return res?.ok ? res : undefined;
}

/** GET /session: the session, or null when there is none ({}). Throws on network or server errors. */
export async function fetchSession(): Promise<Session | null> {
  const early = await takeEarlySession();
  const s = early ? ((await early.json()) as Partial<Session>) : await getJson<Partial<Session>>('session');
  return s && typeof s === 'object' && 'user' in s && s.user ? (s as Session) : null;
}

export async function getCsrfToken(): Promise<string> {
  return (await getJson<{ csrfToken: string }>('csrf')).csrfToken;
}

export type SignInResult = { error: string | null; status: number; ok: boolean; url: string | null };

/** Mirrors next-auth/react signIn('credentials', { redirect: false }). */
export async function signInWithCredentials(email: string, password: string, callbackUrl: string): Promise<SignInResult> {
  const csrfToken = await getCsrfToken();
  const res = await fetch(`${AUTH}/callback/credentials`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: FORM,
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl, json: 'true' }),
  });
  const data = (await res.json()) as { url: string };
  const url = new URL(data.url);
  const error = url.searchParams.get('error') ?? (url.searchParams.get('csrf') === 'true' ? 'Default' : null);
  return { error, status: res.status, ok: res.ok && !error, url: error ? null : data.url };
}

/** Mirrors next-auth/react signOut({ redirect: false }). */
export async function signOutRequest(): Promise<void> {
  const csrfToken = await getCsrfToken();
  await fetch(`${AUTH}/signout`, { method: 'POST', credentials: 'same-origin', headers: FORM, body: new URLSearchParams({ csrfToken, json: 'true' }) });
}

/** What another tab calls when this browser logged out elsewhere (docs/product/session.md). */
export async function logoutRequest(): Promise<void> {
  await fetch(`${AUTH}/logout`, { method: 'POST', credentials: 'same-origin' });
}

export type AccountError = { error: string; message: string; fields?: Record<string, string> };
export type AccountResult<T> = ({ ok: true } & T) | ({ ok: false; status: number } & AccountError);

/** POST to an account route with the CSRF token; a refusal comes back as { ok: false, message, fields }. */
async function postAccount<T>(path: string, body: Record<string, string>): Promise<AccountResult<T>> {
  const csrfToken = await getCsrfToken();
  const res = await fetch(`${AUTH}/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, csrfToken }),
  });
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return { ...(data as T), ok: true };
  const err = (data ?? {}) as Partial<AccountError>;
  return { ok: false, status: res.status, error: err.error ?? 'ERROR', message: err.message ?? 'Something went wrong. Try again.', fields: err.fields };
}

export const requestSignUp = (email: string) => postAccount<{ url: string }>('sign-up', { email });
export const registerAccount = (input: { token: string; organization_name: string; full_name: string; password: string }) =>
  postAccount<{ url: string }>('register', input);
export const requestPasswordReset = (email: string) => postAccount<object>('forgot-password', { email });
export const setPasswordWithLink = (token: string, password: string) => postAccount<{ url: string }>('change-password', { token, password });

export type LinkInfo = { valid: true; purpose: 'signup' | 'invite' | 'reset' | 'email-change'; email: string } | { valid: false };
export async function checkLink(token: string): Promise<LinkInfo> {
  return getJson<LinkInfo>(`link?token=${encodeURIComponent(token)}`);
}
export const confirmEmailChange = (token: string) => postAccount<{ email: string }>('verify-email', { token });
