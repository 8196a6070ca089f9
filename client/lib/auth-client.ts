/** The browser side of /api/auth (NextAuth v4 shapes). */
export type Session = { user: { id: string; name: string; email: string; image: string | null }; expires: string; access_token: string; data: { organization: { id: string } } };

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', headers: { 'content-type': 'application/json' } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export async function getSession(): Promise<Session | null> {
  const s = await getJson<Partial<Session>>('/api/auth/session');
  return s.access_token ? (s as Session) : null;
}

export async function getCsrfToken(): Promise<string> {
  return (await getJson<{ csrfToken: string }>('/api/auth/csrf')).csrfToken;
}

/** Mirrors next-auth/react signIn('credentials', { redirect: false }). */
export async function signIn(email: string, password: string, callbackUrl: string): Promise<{ error: string | null; url: string | null }> {
  const csrfToken = await getCsrfToken();
  const res = await fetch('/api/auth/callback/credentials', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl, json: 'true' }),
  });
  const data = (await res.json()) as { url: string };
  const error = new URL(data.url).searchParams.get('error');
  return { error, url: error ? null : data.url };
}

export async function signOut(): Promise<void> {
  const csrfToken = await getCsrfToken();
  await fetch('/api/auth/signout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, json: 'true' }),
  });
}

export async function graphql<T>(token: string, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data as T;
}
