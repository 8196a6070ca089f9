import { classifyHttpFailure, foreignErrorAnswer, IntegrationError, NotTheService, unreachable } from '../integrations.errors.js';
import type { OpenConnection } from '../integrations.provider.js';

/**
 * A small typed client of Bitbucket Cloud's REST API 2.0 on fetch. Why not the `bitbucket`
 * npm package: it is a generated wrapper on node-fetch 2 (its own fetch, no AbortSignal of ours),
 * with retries and types we would switch off or override, and Bitbucket's API is a handful of GETs
 * whose pages carry a ready `next` URL. Here: one place that authenticates, classifies failures
 * (classifyHttpFailure; never sleeps), refuses redirects and follows `next`, on the connection's
 * guarded fetch (server/lib/outbound, docs/decisions/0054).
 *
 * Authentication (support.atlassian.com "Using API tokens" / "Access tokens"): a token with a colon
 * is `username:app_password` (or `email:api_token`) sent as HTTP basic auth; a token without a colon
 * is a workspace, project or repository access token sent as `Authorization: Bearer`.
 */
export const BITBUCKET_TIMEOUT_MS = 20_000;

export type BbAccount = { type?: string; uuid?: string; account_id?: string; nickname?: string; display_name?: string };
export type BbPage<T> = { values: T[]; next?: string; pagelen?: number; size?: number; page?: number };
export type BbRepository = {
  uuid: string;
  full_name: string;
  name: string;
  slug?: string;
  links?: { html?: { href?: string } };
  mainbranch?: { name?: string } | null;
};
export type BbPullRequest = {
  id: number;
  title: string;
  state: 'OPEN' | 'MERGED' | 'DECLINED' | 'SUPERSEDED';
  draft?: boolean;
  author: BbAccount | null;
  created_on: string;
  updated_on: string;
  destination?: { branch?: { name?: string } };
  merge_commit?: { hash?: string } | null;
  links?: { html?: { href?: string } };
  /** Who is asked to review now (the single pull request and webhook payloads carry it; lists do not). */
  reviewers?: BbAccount[] | null;
};
export type BbActivity = {
  /** A snapshot of the pull request after a change; the oldest is its creation. `reviewers`: everyone asked at that moment. */
  update?: { date: string; state?: string; draft?: boolean; author?: BbAccount | null; reviewers?: BbAccount[] | null };
  approval?: { date: string; user: BbAccount | null };
  changes_requested?: { date: string; user: BbAccount | null };
  comment?: { id: number; created_on: string; user: BbAccount | null; deleted?: boolean };
};
export type BbCommit = { hash: string; date: string; author?: { raw?: string; user?: BbAccount | null } };
export type BbDiffstat = { lines_added?: number | null; lines_removed?: number | null };
/** An issue of a repository's issue tracker (retro action items). */
export type BbIssue = { id: number; title?: string; state?: string; created_on?: string; updated_on?: string | null; links?: { html?: { href?: string } } };
export type BbEnvironment = { uuid: string; name: string; environment_type?: { name?: string } };
export type BbDeployment = {
  uuid: string;
  state: { name: string; status?: { name?: string }; started_on?: string | null; completed_on?: string | null };
  environment: { uuid: string };
  release?: { commit?: { hash?: string } | null } | null;
};

export type BitbucketClient = {
  get<T>(pathOrUrl: string, what?: string): Promise<T>;
  /** A JSON POST (a new issue); failures as for `get`. */
  post<T>(path: string, body: unknown, what?: string): Promise<T>;
  /** Every page of a list, following `next`; `onPage` gets each page as it comes and may say 'stop'. */
  pages<T>(pathOrUrl: string, what: string, onPage: (page: BbPage<T>) => Promise<'stop' | void> | 'stop' | void): Promise<void>;
  all<T>(pathOrUrl: string, what: string): Promise<T[]>;
  requests: number;
};

export function authorizationFor(token: string): string {
  return token.includes(':') ? `Basic ${Buffer.from(token, 'utf8').toString('base64')}` : `Bearer ${token}`;
}

/** The error body Bitbucket sends with a 403 for a token without a scope: `error.detail.required`. */
export async function requiredScopes(res: Response): Promise<string[]> {
  try {
    const body = (await res.json()) as { error?: { detail?: { required?: unknown } } };
    const req = body.error?.detail?.required;
    return Array.isArray(req) ? req.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export class BitbucketAccessError extends IntegrationError {
  constructor(
    message: string,
    readonly missing: string[],
  ) {
    super('ACCESS', message);
  }
}

/** `onRequest` is told of each request (the sync's progress counts them). */
export function createBitbucketClient(
  connection: OpenConnection,
  signal: AbortSignal,
  now: () => number = Date.now,
  onRequest: () => void = () => undefined,
): BitbucketClient {
  const base = connection.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const { fetch } = connection.outbound.client(base);
  const authorization = authorizationFor(connection.credentials.token ?? '');
  async function request<T>(method: 'GET' | 'POST', pathOrUrl: string, payload: unknown, what: string): Promise<T> {
    // `next` links are absolute; only ever follow them on the connection's own host (the token goes with them).
    const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
    if (new URL(url).origin !== origin)
      throw new IntegrationError('BAD_PAYLOAD', `Bitbucket Cloud sent a next page on another host${what ? ` (${what})` : ''}.`);
    let res: Response;
    client.requests++;
    onRequest();
    try {
      res = await fetch(url, {
        method,
        headers: { authorization, accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        redirect: 'error',
        signal: AbortSignal.any([signal, AbortSignal.timeout(BITBUCKET_TIMEOUT_MS)]),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw unreachable('BITBUCKET');
    }
    if (!res.ok) {
      if (foreignErrorAnswer(res.status, res.headers.get('content-type'))) {
        await res.body?.cancel().catch(() => undefined);
        throw new NotTheService('BITBUCKET');
      }
      const failure = classifyHttpFailure('BITBUCKET', res.status, res.headers, now(), what);
      if (failure.kind === 'ACCESS') {
        const missing = await requiredScopes(res);
        throw new BitbucketAccessError(
          missing.length ? `Bitbucket Cloud refused access${what ? ` (${what})` : ''}: the token lacks the ${missing.join(', ')} permission.` : failure.message,
          missing,
        );
      }
      await res.body?.cancel().catch(() => undefined);
      throw failure;
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw new NotTheService('BITBUCKET');
    }
  }
  const client: BitbucketClient = {
    requests: 0,
    get<T>(pathOrUrl: string, what = ''): Promise<T> {
      return request<T>('GET', pathOrUrl, undefined, what);
    },
    post<T>(path: string, body: unknown, what = ''): Promise<T> {
      return request<T>('POST', path, body, what);
    },
    async pages<T>(pathOrUrl: string, what: string, onPage: (page: BbPage<T>) => Promise<'stop' | void> | 'stop' | void): Promise<void> {
      let next: string | undefined = pathOrUrl;
      let guard = 0;
      while (next) {
        const page: BbPage<T> = await client.get<BbPage<T>>(next, what);
        if (!page || !Array.isArray(page.values)) throw new IntegrationError('BAD_PAYLOAD', `Bitbucket Cloud sent a page without values (${what}).`);
        const said = await onPage(page);
        next = said === 'stop' ? undefined : page.next;
        if (++guard > 100_000) throw new IntegrationError('BAD_PAYLOAD', `Bitbucket Cloud kept sending pages (${what}).`);
      }
    },
    async all<T>(pathOrUrl: string, what: string): Promise<T[]> {
      const out: T[] = [];
      await client.pages<T>(pathOrUrl, what, (p) => {
        out.push(...p.values);
      });
      return out;
    },
  };
  return client;
}

/** A repository's full name (`workspace/slug`) as a path segment pair. */
export function repoPath(fullName: string): string {
  return fullName.split('/').map(encodeURIComponent).join('/');
}
