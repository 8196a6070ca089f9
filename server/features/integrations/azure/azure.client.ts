import type { RequestOptions } from 'node:http';
import type * as azdev from 'azure-devops-node-api';
import type { CoreApi } from 'azure-devops-node-api/CoreApi.js';
import type { LocationsApi } from 'azure-devops-node-api/LocationsApi.js';
import type { WorkItemTrackingApi } from 'azure-devops-node-api/WorkItemTrackingApi.js';
import type { IRequestHandler } from 'azure-devops-node-api/interfaces/common/VsoBaseInterfaces.js';
import { OutboundRefusedError } from '../../../lib/outbound/outbound.types.js';
import { IntegrationError, NotTheService, classifyHttpFailure, unreachable } from '../integrations.errors.js';
import type { OpenConnection } from '../integrations.provider.js';

/**
 * azure-devops-node-api for a connection: the organization URL is the base URL and the
 * organization (`https://dev.azure.com/acme`, a fake on 127.0.0.1 in tests), a personal access
 * token handler, the SDK's retries off (we classify failures ourselves, integrations.errors.ts).
 * The clients are made once per operation: the SDK negotiates resource locations (OPTIONS
 * `{org}/_apis/{area}`) and caches them on the client.
 */
export type AzureClients = {
  orgUrl: string;
  web: azdev.WebApi;
  wit: () => Promise<WorkItemTrackingApi>;
  core: () => Promise<CoreApi>;
  locations: () => Promise<LocationsApi>;
};

export function azureOrgUrl(connection: OpenConnection): string {
  return `${connection.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(connection.account)}`;
}

/**
 * The personal access token handler, guarded (server/lib/outbound, docs/decisions/0054):
 * typed-rest-client calls `prepareRequest` on every request, after choosing its agent, so the
 * guarded agent of the request's origin replaces it (every socket checked) and a request to any
 * other origin fails before the token is set. The origins: the connection's own, and for
 * https://dev.azure.com the organization's legacy address https://<organization>.visualstudio.com,
 * where Azure DevOps may place the services of an organization whose primary URL is the legacy one
 * (its resource areas answer with that address). Redirects are off (`allowRedirects: false`): the
 * SDK would follow them with the token.
 */
function guardedHandler(connection: OpenConnection, inner: IRequestHandler): IRequestHandler {
  const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const origins = [connection.baseUrl];
  if (new URL(connection.baseUrl).origin === 'https://dev.azure.com' && /^[a-z0-9][a-z0-9-]{0,49}$/i.test(connection.account))
    origins.push(`https://${connection.account}.visualstudio.com`);
  const clients = new Map(
    origins.map((url) => {
      const client = connection.outbound.client(url);
      const u = new URL(client.origin);
      return [`${bare(u.hostname)}:${Number(u.port) || (client.tls ? 443 : 80)}`, client] as const;
    }),
  );
  return {
    prepareRequest(options: RequestOptions) {
      const client = clients.get(`${bare(String(options.host ?? ''))}:${Number(options.port)}`);
      if (!client)
        throw new OutboundRefusedError({
          host: String(options.host ?? ''),
          address: null,
          port: Number(options.port) || 0,
          reason: 'another origin than the connection’s',
        });
      options.agent = client.agent;
      inner.prepareRequest(options);
    },
    canHandleAuthentication: () => false,
    handleAuthentication: () => Promise.reject(new Error('Azure DevOps asked to sign in again.')),
  };
}

/** azure-devops-node-api, loaded on first use: importing it takes ~12 MB of memory, which an install without Azure Boards never needs. */
export async function azureClients(connection: OpenConnection): Promise<AzureClients> {
  const { WebApi, getPersonalAccessTokenHandler } = await import('azure-devops-node-api');
  const orgUrl = azureOrgUrl(connection);
  const handler = guardedHandler(connection, getPersonalAccessTokenHandler(connection.credentials.token ?? ''));
  const web = new WebApi(orgUrl, handler, { allowRetries: false, allowRedirects: false, socketTimeout: 30_000 });
  let wit: Promise<WorkItemTrackingApi> | null = null;
  let core: Promise<CoreApi> | null = null;
  return {
    orgUrl,
    web,
    wit: () => (wit ??= azureCall('the work item service', () => web.getWorkItemTrackingApi())),
    core: () => (core ??= azureCall('the project service', () => web.getCoreApi())),
    locations: () => web.getLocationsApi(),
  };
}

type Failure = { statusCode?: number; responseHeaders?: Record<string, string | string[] | undefined>; code?: string };

/** Runs one SDK call; a failure becomes an IntegrationError (never with the token in it). A 404 is a null answer in this SDK. */
export async function azureCall<T>(what: string, run: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof IntegrationError) throw err;
    const e = err as Failure;
    if (typeof e.statusCode === 'number') {
      if (e.statusCode === 401 || e.statusCode === 203)
        throw new IntegrationError(
          'AUTH',
          `Azure DevOps rejected the personal access token (${what}): it is wrong, expired or revoked, or not for this organization.`,
        );
      throw classifyHttpFailure('AZURE_BOARDS', e.statusCode, e.responseHeaders, now(), what);
    }
    // Not JSON, or JSON the SDK cannot read as Azure DevOps's (it stumbles over a missing field): another server's answer.
    if (err instanceof SyntaxError || err instanceof TypeError) throw new NotTheService('AZURE_BOARDS');
    if (e.code) throw unreachable('AZURE_BOARDS');
    if (err instanceof Error && /Failed to find api location|resource areas/i.test(err.message)) {
      throw new IntegrationError('NOT_FOUND', `Azure DevOps does not offer ${what} at this organization URL: check the base URL and the organization.`);
    }
    throw new IntegrationError('BAD_PAYLOAD', `Azure DevOps answered unexpectedly (${what}).`);
  }
}
