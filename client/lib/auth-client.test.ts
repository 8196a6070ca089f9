// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSession } from './auth-client.js';

const session = {
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null },
  expires: '2030-01-01T00:00:00.000Z',
  access_token: 'token',
  data: { organization: { id: 'o1' } },
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__teamlensSession;
});

describe('the session request index.html started (docs/decisions/0040)', () => {
  it('the first check takes its answer instead of asking again; later checks ask the server', async () => {
    const fetchMock = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    window.__teamlensSession = Promise.resolve(json(session));
    expect(await fetchSession()).toEqual(session);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await fetchSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('an early request that failed or was refused is asked again', async () => {
    const fetchMock = vi.fn(async () => json(session));
    vi.stubGlobal('fetch', fetchMock);
    window.__teamlensSession = Promise.resolve(undefined);
    expect(await fetchSession()).toEqual(session);
    window.__teamlensSession = Promise.resolve(json({ error: 'INTERNAL_SERVER_ERROR' }, 500));
    expect(await fetchSession()).toEqual(session);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
