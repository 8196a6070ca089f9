import type { Octokit } from '@octokit/rest';
import { IntegrationError, NotTheService, classifyHttpFailure, foreignErrorAnswer, unreachable } from '../integrations.errors.js';
import type { OpenConnection } from '../integrations.provider.js';
import { fetchUntil } from '../integrations.fetch.js';

/** Octokit, loaded on first use: a server start does not need it (docs/decisions/0062, warm start). */
const loadOctokit = async () => {
  const [{ Octokit }, { createAppAuth }] = await Promise.all([import('@octokit/rest'), import('@octokit/auth-app')]);
  return { Octokit, createAppAuth };
};

/**
 * One Octokit per connection and call: `baseUrl` = the connection's (github.com, GitHub Enterprise
 * Server `https://host/api/v3`, or a fake on 127.0.0.1), reached through `connection.outbound`
 * (docs/decisions/0054), a token or a GitHub App installation
 * (createAppAuth: app id, private key, installation id). No retry or throttling plugin: failures are
 * classified by `ghCall` (docs/decisions/0051: adapters never sleep; the sync engine resumes).
 */
export async function githubClient(connection: OpenConnection, signal?: AbortSignal): Promise<Octokit> {
  const { Octokit, createAppAuth } = await loadOctokit();
  const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');
  // Every request (the app's installation token too) through the connection's guarded fetch: its origin only, no redirect elsewhere.
  const common = { baseUrl, userAgent: 'teamlens-insights', log: silent, request: { fetch: fetchUntil(signal, connection.outbound.client(baseUrl).fetch) } };
  if (connection.authKind === 'APP') {
    const { app_id: appId, private_key: privateKey, installation_id: installationId } = connection.credentials;
    if (!appId || !privateKey || !installationId) throw new IntegrationError('AUTH', 'The GitHub App needs its app id, installation id and private key.');
    return new Octokit({ ...common, authStrategy: createAppAuth, auth: { appId, privateKey, installationId } });
  }
  if (!connection.credentials.token) throw new IntegrationError('AUTH', 'GitHub needs a token.');
  return new Octokit({ ...common, auth: connection.credentials.token });
}

type HttpFailure = { status?: number; response?: { status: number; headers: Record<string, string | undefined> }; name?: string; cause?: unknown };

/** An Octokit call with its failure read the one way (classifyHttpFailure); a network failure is `unreachable`. Never a token in the message. */
export async function ghCall<T>(what: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw githubFailure(err, what, signal);
  }
}

export function githubFailure(err: unknown, what: string, signal?: AbortSignal): unknown {
  if (err instanceof IntegrationError) return err;
  if (signal?.aborted) return signal.reason ?? err;
  const e = err as HttpFailure;
  if (e?.name === 'AbortError') return err;
  if (e?.name === 'GraphqlResponseError') return graphqlFailure(err as GraphqlFailure, what);
  if (e?.response && typeof e.response.status === 'number' && foreignErrorAnswer(e.response.status, e.response.headers['content-type']))
    return new NotTheService('GITHUB');
  if (e?.response && typeof e.response.status === 'number')
    return classifyHttpFailure('GITHUB', e.response.status, limitHeaders(e.response.status, e.response.headers), Date.now(), what);
  if (e && typeof e.status === 'number' && e.status !== 500 && !e.cause) return classifyHttpFailure('GITHUB', e.status, undefined, Date.now(), what);
  // @octokit/request turns a fetch failure into a RequestError 500 without a response, the cause beside it.
  return unreachable('GITHUB');
}

type GraphqlFailure = { headers?: Record<string, string | undefined>; errors?: Array<{ type?: string; message?: string }> };

/**
 * GraphQL answers 200 with `errors`: `type` NOT_FOUND (a repository gone or hidden), FORBIDDEN,
 * RATE_LIMITED (the points of the hour are spent: resume at `x-ratelimit-reset`), else unreadable.
 */
function graphqlFailure(err: GraphqlFailure, what: string): IntegrationError {
  const type = err.errors?.find((x) => x.type)?.type;
  const headers = err.headers ?? {};
  if (type === 'RATE_LIMITED') return classifyHttpFailure('GITHUB', 429, headers, Date.now(), what);
  if (type === 'NOT_FOUND') return classifyHttpFailure('GITHUB', 404, headers, Date.now(), what);
  if (type === 'FORBIDDEN') return classifyHttpFailure('GITHUB', 403, limitHeaders(403, headers), Date.now(), what);
  return badPayload(what);
}

/**
 * GitHub sends `x-ratelimit-reset` on every answer, a permission 403 too: a 403 is a rate limit only
 * with `x-ratelimit-remaining: 0` or a `retry-after` (GitHub's docs), so the reset is dropped otherwise
 * (classifyHttpFailure would read any 403 with a reset as a rate limit).
 */
function limitHeaders(status: number, headers: Record<string, string | undefined>): Record<string, string | undefined> {
  if (status !== 403 || headers['x-ratelimit-remaining'] === '0' || headers['retry-after']) return headers;
  const { 'x-ratelimit-reset': _reset, ...rest } = headers;
  return rest;
}

/** `acme/api` -> owner and repo. */
export function splitRepo(fullName: string): { owner: string; repo: string } {
  const i = fullName.indexOf('/');
  if (i <= 0) throw new IntegrationError('NOT_FOUND', `“${fullName}” is not a GitHub repository name (owner/name).`);
  return { owner: fullName.slice(0, i), repo: fullName.slice(i + 1) };
}

/** The `rel="next"` address of a Link header. */
export function nextLink(link: string | undefined): string | null {
  if (!link) return null;
  const m = /<([^>]+)>;\s*rel="next"/.exec(link);
  return m?.[1] ?? null;
}

export const badPayload = (what: string): IntegrationError =>
  new IntegrationError('BAD_PAYLOAD', `GitHub sent a reply we could not read (${what}); the sync tries again later.`);
