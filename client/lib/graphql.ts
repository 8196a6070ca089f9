/**
 * The one GraphQL client: POST /graphql with operationName, variables and query, and the
 * session's access token as a Bearer header (spec section 7). A plain fetch: the operation's
 * name is read from the document text, so no GraphQL parser (graphql-request brought one, 12 kB
 * of script that every signed-in page waited for before its first query, docs/decisions/0040).
 */
import { auth } from './auth.js';

export class GraphqlError extends Error {
  constructor(message: string, readonly code: string | null, readonly fields: Record<string, string> = {}) {
    super(message);
    this.name = 'GraphqlError';
  }
}

type GraphqlResponse<T> = { data?: T | null; errors?: Array<{ message?: string; extensions?: { code?: unknown; fields?: unknown } }> };

const names = new Map<string, string | undefined>();

/**
 * The name of the document's first operation (`query Me { … }` is "Me"): the first `query`,
 * `mutation` or `subscription` keyword outside any selection set, strings and comments.
 */
export function operationNameOf(document: string): string | undefined {
  if (names.has(document)) return names.get(document);
  let depth = 0;
  let name: string | undefined;
  for (let i = 0; i < document.length && name === undefined; i++) {
    const c = document[i]!;
    if (c === '#') i = document.indexOf('\n', i) === -1 ? document.length : document.indexOf('\n', i);
    else if (c === '"') {
      const block = document.startsWith('"""', i);
      const end = block ? document.indexOf('"""', i + 3) : document.slice(i + 1).search(/(?<!\\)"/) + i + 1;
      i = end < i ? document.length : end + (block ? 2 : 0);
    } else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && /[a-z]/.test(c) && !/[\w]/.test(document[i - 1] ?? ' ')) {
      const match = /^(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document.slice(i, i + 200));
      if (match) name = match[2];
      else if (/^(query|mutation|subscription)\b/.test(document.slice(i, i + 13))) break; // the first operation has no name
    }
  }
  names.set(document, name);
  return name;
}

/** Runs one operation; throws GraphqlError with the server's extensions.code. */
export async function gql<T>(document: string, variables?: Record<string, unknown>): Promise<T> {
  const token = await auth.getAccessToken();
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const operationName = operationNameOf(document);
  let res: Response;
  let body: GraphqlResponse<T> | undefined;
  try {
    res = await fetch(new URL('/graphql', window.location.href).href, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify({ query: document, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) }),
    });
    body = (await res.json().catch(() => undefined)) as GraphqlResponse<T> | undefined;
  } catch {
    throw new GraphqlError('The server could not be reached. Check your connection and try again.', null);
  }
  const first = body?.errors?.[0];
  if (first || !res.ok || !body) {
    const ext = first?.extensions ?? {};
    const fields = ext.fields && typeof ext.fields === 'object' ? (ext.fields as Record<string, string>) : {};
    const code = typeof ext.code === 'string' ? ext.code : null;
    // The session ended on the server (signed out elsewhere, password changed): re-check it now,
    // so the authenticated pages send the person to sign-in instead of showing errors.
    if (code === 'UNAUTHENTICATED') void auth.check();
    throw new GraphqlError(first?.message ?? `The server answered ${res.status}.`, code, fields);
  }
  return body.data as T;
}
