import { AgileClient, Version3Client } from 'jira.js';
import { IntegrationError, classifyHttpFailure, unreachable } from '../integrations.errors.js';
import type { OpenConnection } from '../integrations.provider.js';

/**
 * jira.js clients for a connection: `host` = the site's base URL (a fake on 127.0.0.1 in tests),
 * basic auth with the account email and the API token. jira.js has no built-in retries, so every
 * failure reaches `jiraCall`, the one place that reads it (integrations.errors.ts).
 */
export type JiraClients = { v3: Version3Client; agile: AgileClient };

export function jiraClients(connection: OpenConnection, signal: AbortSignal): JiraClients {
  const config = {
    host: connection.baseUrl,
    authentication: { basic: { email: connection.account, apiToken: connection.credentials.token ?? '' } },
    baseRequestConfig: { signal, timeout: 30_000 },
  };
  return { v3: new Version3Client(config), agile: new AgileClient(config) };
}

type RawHeaders = Record<string, string> & { toJSON?: () => Record<string, string> };
type Failure = { status?: number; cause?: { response?: { headers?: RawHeaders }; code?: string }; code?: string; response?: { status?: number; headers?: RawHeaders } };

/** Runs one request; a failure becomes an IntegrationError (never with a credential in it). */
export async function jiraCall<T>(what: string, run: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (err) {
    if (err instanceof IntegrationError) throw err;
    const e = err as Failure;
    const status = typeof e.status === 'number' && e.cause?.response ? e.status : e.response?.status;
    if (typeof status === 'number') {
      // Axios hands AxiosHeaders (whose get() answers undefined, not null): read them as a plain object.
      const raw = e.cause?.response?.headers ?? e.response?.headers;
      const headers = raw && typeof raw.toJSON === 'function' ? raw.toJSON() : raw;
      if (status === 401) throw new IntegrationError('AUTH', `Jira rejected the email and API token (${what}): the token is wrong, expired or revoked, or the email is not the token's owner.`);
      throw classifyHttpFailure('JIRA', status, headers, now(), what);
    }
    if ((err as { name?: string }).name === 'CanceledError') throw new IntegrationError('UNREACHABLE', `The Jira request was cancelled (${what}).`);
    throw unreachable('JIRA', e.cause ?? err);
  }
  if (result === null || typeof result !== 'object') throw new IntegrationError('BAD_PAYLOAD', `Jira answered something that is not JSON (${what}).`);
  return result;
}
