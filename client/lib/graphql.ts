/**
 * The one GraphQL client: POST /graphql with operationName, variables and query, and the
 * session's access token as a Bearer header (spec section 7). graphql-request (and the
 * graphql parser it brings) loads on the first operation, so public pages never carry it.
 */
import type { GraphQLClient } from 'graphql-request';
import { auth } from './auth.js';

export class GraphqlError extends Error {
  constructor(message: string, readonly code: string | null, readonly fields: Record<string, string> = {}) {
    super(message);
    this.name = 'GraphqlError';
  }
}

let client: Promise<{ client: GraphQLClient; ClientError: typeof import('graphql-request').ClientError }> | null = null;

function loadClient() {
  client ??= import('graphql-request').then(({ GraphQLClient, ClientError }) => ({
    ClientError,
    client: new GraphQLClient(new URL('/graphql', window.location.href).href, {
      requestMiddleware: async (request) => {
        const token = await auth.getAccessToken();
        const headers = new Headers(request.headers);
        if (token) headers.set('authorization', `Bearer ${token}`);
        return { ...request, headers };
      },
    }),
  }));
  // A failed download (offline) is retried on the next operation instead of failing forever.
  client.catch(() => {
    client = null;
  });
  return client;
}

/** Runs one operation; throws GraphqlError with the server's extensions.code. */
export async function gql<T>(document: string, variables?: Record<string, unknown>): Promise<T> {
  const { client, ClientError } = await loadClient();
  try {
    return await client.request<T>(document, variables);
  } catch (err) {
    if (err instanceof ClientError) {
      const first = err.response.errors?.[0];
      const ext = (first?.extensions ?? {}) as { code?: unknown; fields?: unknown };
      const fields = ext.fields && typeof ext.fields === 'object' ? (ext.fields as Record<string, string>) : {};
      const code = typeof ext.code === 'string' ? ext.code : null;
      // The session ended on the server (signed out elsewhere, password changed): re-check it now,
      // so the authenticated pages send the person to sign-in instead of showing errors.
      if (code === 'UNAUTHENTICATED') void auth.check();
      throw new GraphqlError(first?.message ?? `The server answered ${err.response.status}.`, code, fields);
    }
    throw new GraphqlError('The server could not be reached. Check your connection and try again.', null);
  }
}
