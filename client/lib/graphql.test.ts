// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../test/render-route.js';
import { auth } from './auth.js';
import { gql, GraphqlError, operationNameOf } from './graphql.js';

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('operationNameOf: the name the server is sent (spec section 7), without a GraphQL parser', () => {
  it('reads the first operation, past fragments, comments and strings', () => {
    expect(operationNameOf('query Me { findOneUser { id } }')).toBe('Me');
    expect(operationNameOf('\n  mutation SkipOnboarding($id: ID!) { skip(id: $id) }')).toBe('SkipOnboarding');
    expect(operationNameOf('# query Wrong\nfragment F on User { id query }\nquery Right { me { ...F } }')).toBe('Right');
    expect(operationNameOf('fragment F on User { search(query: "query Nope { }") }\nsubscription Live { added { id } }')).toBe('Live');
  });

  it('an anonymous operation has no name', () => {
    expect(operationNameOf('{ me { id } }')).toBeUndefined();
    expect(operationNameOf('query { me { id } }')).toBeUndefined();
  });
});

describe('gql', () => {
  it('POSTs query, variables and operationName as JSON with the access token', async () => {
    const fetchMock = answer({ data: { findOneUser: { id: 'u1' } } });
    await expect(gql('query Me($id: ID) { findOneUser(id: $id) { id } }', { id: 'u1' })).resolves.toEqual({ findOneUser: { id: 'u1' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/graphql$/);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${await auth.getAccessToken()}`);
    expect(JSON.parse(String(init.body))).toEqual({ query: 'query Me($id: ID) { findOneUser(id: $id) { id } }', variables: { id: 'u1' }, operationName: 'Me' });
  });

  it("throws the server's first error with its code and field messages; UNAUTHENTICATED re-checks the session", async () => {
    const check = vi.spyOn(auth, 'check').mockResolvedValue(null);
    answer({ data: null, errors: [{ message: 'Name is required.', extensions: { code: 'BAD_USER_INPUT', fields: { name: 'Required' } } }] }, 400);
    const err = await gql('mutation Save { save }').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphqlError);
    expect(err).toMatchObject({ message: 'Name is required.', code: 'BAD_USER_INPUT', fields: { name: 'Required' } });
    expect(check).not.toHaveBeenCalled();

    answer({ data: null, errors: [{ message: 'Sign in again.', extensions: { code: 'UNAUTHENTICATED' } }] });
    await expect(gql('query Me { me { id } }')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(check).toHaveBeenCalledOnce();
  });

  it('a server failure without a GraphQL body, or no connection, is a plain-words error', async () => {
    answer('<html>Bad gateway</html>', 502);
    await expect(gql('query Me { me { id } }')).rejects.toMatchObject({ message: 'The server answered 502.', code: null });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(gql('query Me { me { id } }')).rejects.toMatchObject({ message: 'The server could not be reached. Check your connection and try again.' });
  });
});
