import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationProvider } from '../../../shared/integrations.js';
import { newId } from '../../lib/tokens.js';
import { createTestApp, seedOrg } from '../../test/helpers.js';
import { basicAuthorization } from './azure/azure.webhook.js';
import { bitbucketSignature } from './bitbucket/bitbucket.webhook.js';
import { signatureOf } from './github/github.webhook.js';
import { jiraSignatureOf } from './jira/jira.webhook.js';
import { sealCredentials, sealWebhookSecret } from './integrations.secrets.js';

/**
 * Webhook deliveries applied in the order of the objects' own time (docs/decisions/0057), through
 * the real route for each provider: a signed delivery resent under a new delivery id, or a retry
 * arriving after a newer one, carries an older state; it is acknowledged (200, so the service stops
 * retrying) and nothing of it is written. Links in the payloads are kept only when http(s).
 */

const SECRET = 'webhook-secret-0123456789abcdef';
let app: FastifyInstance;
let orgId = '';
const ids: Partial<Record<IntegrationProvider, string>> = {};
const db = () => app.services.db.$client;

function connect(provider: IntegrationProvider): string {
  const id = newId();
  db()
    .prepare(
      `insert into integration_connections (id, organization_id, provider, base_url, account, secret_sealed, webhook_secret_sealed, external_info) values (?, ?, ?, ?, 'acme', ?, ?, '{}')`,
    )
    .run(
      id,
      orgId,
      provider,
      provider === 'JIRA' ? 'https://acme.atlassian.net' : 'https://dev.azure.com',
      sealCredentials(app.services.keys, id, { token: 'tok-0123456789' }),
      sealWebhookSecret(app.services.keys, id, SECRET),
    );
  return id;
}

const post = (provider: IntegrationProvider, body: string, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/api/integrations/webhooks/${ids[provider]}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });

beforeAll(async () => {
  app = await createTestApp();
  orgId = (await seedOrg(app)).org.id;
  for (const p of ['GITHUB', 'BITBUCKET', 'JIRA', 'AZURE_BOARDS'] as const) ids[p] = connect(p);
});
afterAll(async () => {
  await app?.close();
});

const T1 = '2025-03-01T10:00:00.000Z';
const T2 = '2025-03-02T10:00:00.000Z';
const T3 = '2025-03-03T10:00:00.000Z';

describe('GitHub', () => {
  const pr = (state: 'open' | 'closed', updated: string, url = 'https://github.com/acme/api/pull/7') =>
    JSON.stringify({
      action: state === 'open' ? 'reopened' : 'closed',
      repository: { full_name: 'acme/api', html_url: 'https://github.com/acme/api' },
      pull_request: {
        node_id: 'PR_7',
        number: 7,
        title: `state at ${updated}`,
        html_url: url,
        state,
        created_at: T1,
        updated_at: updated,
        closed_at: state === 'closed' ? updated : null,
        user: { id: 1, login: 'alice', type: 'User' },
      },
    });
  const send = (body: string, delivery: string) =>
    post('GITHUB', body, { 'x-github-event': 'pull_request', 'x-github-delivery': delivery, 'x-hub-signature-256': signatureOf(SECRET, body) });
  const stored = () => db().prepare(`select state, title, updated_at, url from ext_pull_requests where connection_id = ? and number = 7`).get(ids.GITHUB);

  it('an older pull request state resent under a new delivery id is acknowledged and not applied; a newer one is', async () => {
    const reopened = pr('open', T1);
    expect((await send(reopened, 'gh-1')).statusCode).toBe(202);
    expect((await send(pr('closed', T2), 'gh-2')).statusCode).toBe(202);
    const replayed = await send(reopened, 'gh-1-again');
    expect([replayed.statusCode, replayed.json()]).toEqual([200, { accepted: false, stale: true }]);
    expect(stored()).toEqual({ state: 'CLOSED', title: `state at ${T2}`, updated_at: T2, url: 'https://github.com/acme/api/pull/7' });
    // Nothing of it is remembered either: the same id again is still stale, not a duplicate.
    expect((await send(reopened, 'gh-1-again')).json()).toEqual({ accepted: false, stale: true });
    expect((await send(pr('open', T3), 'gh-3')).statusCode).toBe(202);
    expect(stored()).toMatchObject({ state: 'OPEN', updated_at: T3 });
  });

  it('an older deployment status does not replace a newer one', async () => {
    const status = (state: string, at: string) =>
      JSON.stringify({
        repository: { full_name: 'acme/api' },
        deployment: { id: 99, sha: 'abc', environment: 'production', created_at: T1 },
        deployment_status: { state, environment: 'production', created_at: at },
      });
    const send2 = (body: string, delivery: string) =>
      post('GITHUB', body, { 'x-github-event': 'deployment_status', 'x-github-delivery': delivery, 'x-hub-signature-256': signatureOf(SECRET, body) });
    const failure = status('failure', T1);
    expect((await send2(failure, 'dep-1')).statusCode).toBe(202);
    expect((await send2(status('success', T2), 'dep-2')).statusCode).toBe(202);
    expect((await send2(failure, 'dep-1-again')).json()).toEqual({ accepted: false, stale: true });
    expect(db().prepare(`select result, finished_at from ext_deployments where external_id = '99'`).get()).toEqual({ result: 'SUCCESS', finished_at: T2 });
  });

  it('keeps only http(s) links from a payload: javascript: and data: are stored as no link', async () => {
    for (const [n, url] of [
      [8, 'javascript:alert(document.cookie)'],
      [9, 'data:text/html,<script>alert(1)</script>'],
      [10, '  JavaScript:alert(1)'],
      [11, '/relative/path'],
    ] as const) {
      const body = pr('open', T3, url)
        .replace(/"number":7/, `"number":${n}`)
        .replace('"PR_7"', `"PR_${n}"`)
        .replace('"https://github.com/acme/api"', '"javascript:alert(2)"');
      expect((await send(body, `url-${n}`)).statusCode).toBe(202);
      expect(db().prepare(`select url from ext_pull_requests where connection_id = ? and number = ?`).get(ids.GITHUB, n)).toEqual({ url: null });
    }
    expect(db().prepare(`select url from integration_scopes where connection_id = ? and external_id = 'acme/api'`).get(ids.GITHUB)).toEqual({
      url: 'https://github.com/acme/api',
    });
  });
});

describe('Bitbucket', () => {
  const pr = (state: 'OPEN' | 'DECLINED', updated: string) =>
    JSON.stringify({
      repository: { full_name: 'acme/web', links: { html: { href: 'vbscript:msgbox(1)' } } },
      pullrequest: {
        id: 3,
        title: `state at ${updated}`,
        state,
        author: { uuid: '{a}', display_name: 'Ann' },
        created_on: T1,
        updated_on: updated,
        links: { html: { href: 'https://bitbucket.org/acme/web/pull-requests/3' } },
      },
    });
  const send = (body: string, delivery: string) =>
    post('BITBUCKET', body, { 'x-event-key': 'pullrequest:updated', 'x-request-uuid': delivery, 'x-hub-signature': bitbucketSignature(SECRET, body) });

  it('an older pull request state under a new request id is acknowledged and not applied', async () => {
    const open = pr('OPEN', T1);
    expect((await send(open, 'bb-1')).statusCode).toBe(202);
    expect((await send(pr('DECLINED', T2), 'bb-2')).statusCode).toBe(202);
    expect((await send(open, 'bb-3')).json()).toEqual({ accepted: false, stale: true });
    expect(db().prepare(`select state, updated_at, url from ext_pull_requests where connection_id = ?`).get(ids.BITBUCKET)).toEqual({
      state: 'CLOSED',
      updated_at: T2,
      url: 'https://bitbucket.org/acme/web/pull-requests/3',
    });
    expect(db().prepare(`select url from integration_scopes where connection_id = ?`).get(ids.BITBUCKET)).toEqual({ url: null });
  });
});

describe('Jira', () => {
  const issue = (status: 'To Do' | 'Done', updated: string) =>
    JSON.stringify({
      timestamp: Date.parse(updated),
      webhookEvent: 'jira:issue_updated',
      issue: {
        id: '10001',
        key: 'ALPHA-1',
        fields: {
          project: { id: '100', key: 'ALPHA' },
          summary: `state at ${updated}`,
          issuetype: { name: 'Story' },
          created: T1,
          updated,
          resolutiondate: status === 'Done' ? updated : null,
          status: { name: status, statusCategory: { key: status === 'Done' ? 'done' : 'new' } },
        },
      },
    });
  const send = (body: string, delivery: string) =>
    post('JIRA', body, { 'x-atlassian-webhook-identifier': delivery, 'x-hub-signature': jiraSignatureOf(SECRET, body) });

  it('an older issue state under a new identifier is acknowledged and not applied', async () => {
    const todo = issue('To Do', T1);
    expect((await send(todo, 'j-1')).statusCode).toBe(202);
    expect((await send(issue('Done', T2), 'j-2')).statusCode).toBe(202);
    expect((await send(todo, 'j-3')).json()).toEqual({ accepted: false, stale: true });
    expect(db().prepare(`select status, status_category, updated_at from ext_issues where connection_id = ?`).get(ids.JIRA)).toEqual({
      status: 'Done',
      status_category: 'DONE',
      updated_at: T2,
    });
  });
});

describe('Azure Boards', () => {
  const update = (state: 'Active' | 'Closed', rev: number, changed: string, eventId: string) =>
    JSON.stringify({
      id: eventId,
      eventType: 'workitem.updated',
      resourceContainers: { project: { id: 'proj-1' } },
      resource: {
        rev,
        fields: { 'System.State': { oldValue: state === 'Closed' ? 'Active' : 'New', newValue: state } },
        revision: {
          id: 42,
          rev,
          fields: {
            'System.State': state,
            'System.Title': `rev ${rev}`,
            'System.TeamProject': 'Web',
            'System.WorkItemType': 'Task',
            'System.CreatedDate': T1,
            'System.ChangedDate': changed,
          },
        },
      },
    });
  const send = (body: string) => post('AZURE_BOARDS', body, { authorization: basicAuthorization('hook', SECRET) });

  it('an older revision under a new event id is acknowledged and not applied', async () => {
    expect((await send(update('Active', 2, T1, 'ev-1'))).statusCode).toBe(202);
    expect((await send(update('Closed', 3, T2, 'ev-2'))).statusCode).toBe(202);
    expect((await send(update('Active', 2, T1, 'ev-1-resent'))).json()).toEqual({ accepted: false, stale: true });
    expect(db().prepare(`select status, updated_at from ext_issues where connection_id = ?`).get(ids.AZURE_BOARDS)).toEqual({
      status: 'Closed',
      updated_at: T2,
    });
  });
});
