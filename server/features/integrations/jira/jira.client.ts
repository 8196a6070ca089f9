import type { AgileClient, Version2Client, Version3Client } from 'jira.js';
import { IntegrationError, NotTheService, classifyHttpFailure, unreachable } from '../integrations.errors.js';
import type { OpenConnection } from '../integrations.provider.js';

/**
 * jira.js clients for a connection: `host` = the site's base URL (with its context path on Data
 * Center, e.g. https://jira.example.com/jira; a fake on 127.0.0.1 in tests). Jira Cloud signs in
 * with basic auth (account email + API token) and speaks REST API v3; Jira Data Center (Server)
 * with a personal access token as a Bearer token (no email) and speaks REST API v2. Both have the
 * Agile API. jira.js has no built-in retries, so every failure reaches `jiraCall`, the one place
 * that reads it (integrations.errors.ts).
 */
export type JiraFlavour = 'CLOUD' | 'DATA_CENTER';
export type JiraClients = { flavour: JiraFlavour; v3: Version3Client; v2: Version2Client; agile: AgileClient };

/**
 * The flavour of a connection: what its test detected (`externalInfo.flavour`, from
 * `/rest/api/2/serverInfo`'s deploymentType), else by its credentials: Jira Cloud needs the
 * account email, a Data Center personal access token has none.
 */
export function flavourOf(connection: Pick<OpenConnection, 'externalInfo' | 'account'>): JiraFlavour {
  const f = connection.externalInfo.flavour;
  if (f === 'CLOUD' || f === 'DATA_CENTER') return f;
  return connection.account ? 'CLOUD' : 'DATA_CENTER';
}

/** jira.js, loaded on first use: importing it takes ~35 MB of memory, which an install without Jira never needs. */
const loadJira = () => import('jira.js');

export async function jiraClients(connection: OpenConnection, signal: AbortSignal, flavour: JiraFlavour = flavourOf(connection)): Promise<JiraClients> {
  const { AgileClient, Version2Client, Version3Client } = await loadJira();
  const token = connection.credentials.token ?? '';
  const common = { host: connection.baseUrl, baseRequestConfig: transport(connection, signal) };
  // jira.js sends `Authorization: Bearer <accessToken>` for oauth2 with a host and no refresh data: a Data Center PAT.
  const config =
    flavour === 'DATA_CENTER'
      ? { ...common, authentication: { oauth2: { accessToken: token } } }
      : { ...common, authentication: { basic: { email: connection.account, apiToken: token } } };
  return { flavour, v3: new Version3Client(config), v2: new Version2Client(config), agile: new AgileClient(config) };
}

/** A client without credentials: `/rest/api/2/serverInfo` answers anonymously on Cloud and Data Center alike. */
export async function anonymousJira(connection: OpenConnection, signal: AbortSignal): Promise<Version2Client> {
  const { Version2Client } = await loadJira();
  return new Version2Client({ host: connection.baseUrl, baseRequestConfig: transport(connection, signal) });
}

/**
 * axios through the connection's guarded agents (server/lib/outbound, docs/decisions/0054): every
 * socket checked, none to another origin; no redirect followed (a 3xx is a failure, read by
 * jiraCall); no proxy from the environment, which would put the proxy's address in place of the
 * checked one.
 */
function transport(connection: OpenConnection, signal: AbortSignal) {
  const { httpAgent, httpsAgent } = connection.outbound.client(connection.baseUrl);
  return { signal, timeout: 30_000, httpAgent, httpsAgent, maxRedirects: 0, proxy: false as const };
}

/** A GET of a path jira.js has no method for (Data Center's `/rest/api/2/project`). */
export function jiraGet<T>(client: Version2Client, url: string, params?: Record<string, unknown>): Promise<T> {
  return client.sendRequest<T>({ url, method: 'GET', params }, undefined as never);
}

type RawHeaders = Record<string, string> & { toJSON?: () => Record<string, string> };
type Failure = {
  status?: number;
  cause?: { response?: { headers?: RawHeaders }; code?: string };
  code?: string;
  response?: { status?: number; headers?: RawHeaders };
};

const REJECTED: Record<JiraFlavour, (what: string) => string> = {
  CLOUD: (what) => `Jira rejected the email and API token (${what}): the token is wrong, expired or revoked, or the email is not the token's owner.`,
  DATA_CENTER: (what) => `Jira rejected the personal access token (${what}): it is wrong, expired or revoked.`,
};

/** Runs one request; a failure becomes an IntegrationError (never with a credential in it). */
export async function jiraCall<T>(what: string, run: () => Promise<T>, now: () => number = Date.now, flavour: JiraFlavour = 'CLOUD'): Promise<T> {
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
      if (status === 401) throw new IntegrationError('AUTH', REJECTED[flavour](what));
      throw classifyHttpFailure('JIRA', status, headers, now(), what);
    }
    if ((err as { name?: string }).name === 'CanceledError') throw new IntegrationError('UNREACHABLE', `The Jira request was cancelled (${what}).`);
    throw unreachable('JIRA');
  }
  if (result === null || typeof result !== 'object') throw new NotTheService('JIRA');
  return result;
}
