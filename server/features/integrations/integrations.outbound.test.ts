import dns from 'node:dns';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationProvider } from '../../../shared/integrations.js';
import type { Resolver } from '../../lib/outbound/outbound.types.js';
import { closedPort, startListener, type Listener } from '../../lib/outbound/outbound.test-support.js';
import { newId } from '../../lib/tokens.js';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { users } from '../users/users.tables.js';
import { runTest } from './integrations.connections.js';
import { deleteConnection, insertConnection, listConnections } from './integrations.connections.repo.js';
import { unreachable } from './integrations.errors.js';
import { FAKES_ENV } from './integrations.outbound.test-support.js';
import { sealCredentials } from './integrations.secrets.js';
import { sendSlackDirectMessage } from './slack/slack.dm.js';

/**
 * An admin's base URL cannot make the server reach into its own network (docs/decisions/0054).
 * Listeners on this machine must receive nothing when an admin points any provider at them, in
 * any form of the address, unless the operator allows it (OUTBOUND_ALLOW_PRIVATE); redirects to
 * another host are never followed, so no credential reaches one; and what the admin reads never
 * tells a refused address from a closed port, nor quotes what a target answered.
 */
const PROVIDERS: IntegrationProvider[] = ['GITHUB', 'BITBUCKET', 'JIRA', 'AZURE_BOARDS', 'SLACK'];
const TOKEN = 'tok-0123456789abcdef-secret';
const MARKER = 'INTERNAL-ANSWER-7f3a';
const TEST = 'mutation($input: ConnectIntegrationInput!) { testIntegrationInput(input: $input) { ok message missing } }';
const CONNECT = 'mutation($input: ConnectIntegrationInput!) { connectIntegration(input: $input) { id } }';

const input = (provider: IntegrationProvider, base_url: string) => ({
  provider,
  base_url,
  token: TOKEN,
  ...(provider === 'SLACK' ? {} : { account: provider === 'JIRA' ? 'admin@acme.test' : 'acme' }),
});
const notReached = (provider: IntegrationProvider) => ({ ok: false, missing: [], message: unreachable(provider).message });

/** The system's names, and one more that resolves to loopback as a hostile DNS would. */
const resolve: Resolver = async (hostname) =>
  hostname === 'loopback.teamlens.test' ? [{ address: '127.0.0.1', family: 4 }] : dns.promises.lookup(hostname, { all: true, verbatim: true });

type Admin = Awaited<ReturnType<typeof signedIn>>;
let strict: FastifyInstance;
let allowing: FastifyInstance;
let strictWorld: Awaited<ReturnType<typeof seedOrg>>;
let strictAdmin: Admin;
let allowingAdmin: Admin;
let listener: Listener;

beforeAll(async () => {
  [strict, allowing] = await Promise.all([createTestApp({}, { resolve }), createTestApp({ ...FAKES_ENV })]);
  strictWorld = await seedOrg(strict);
  strictAdmin = await signedIn(strict, strictWorld.admin.email);
  allowingAdmin = await signedIn(allowing, (await seedOrg(allowing)).admin.email);
  // On IPv4 and IPv6 at once: 127.0.0.1, ::1, ::ffff:127.0.0.1 and 0.0.0.0 all land here.
  listener = await startListener({ host: '::', body: `{"login":"${MARKER}"}` });
});
afterAll(async () => {
  await listener?.close();
  await Promise.all([strict?.close(), allowing?.close()]);
});

async function tested(admin: Admin, provider: IntegrationProvider, baseUrl: string) {
  const r = await admin.gql(TEST, { input: input(provider, baseUrl) });
  expect(r.errors, baseUrl).toBeUndefined();
  return r.data!.testIntegrationInput as { ok: boolean; message: string; missing: string[] };
}

describe('without OUTBOUND_ALLOW_PRIVATE', () => {
  const forms = (p: number) => [
    `http://127.0.0.1:${p}`,
    `https://127.0.0.1:${p}`,
    `http://localhost:${p}`,
    `https://localhost:${p}`,
    `http://0.0.0.0:${p}`,
    `http://[::1]:${p}`,
    `http://[::ffff:127.0.0.1]:${p}`,
    `http://2130706433:${p}`,
    `http://0x7f.1:${p}`,
    `http://127.1:${p}/api`,
    `https://loopback.teamlens.test:${p}`,
  ];

  it.each(PROVIDERS)('%s pointed at this machine in any form reaches nothing, in the words of a closed port', async (provider) => {
    const before = listener.connections;
    for (const base of forms(listener.port)) expect(await tested(strictAdmin, provider, base), base).toEqual(notReached(provider));
    expect(listener.connections).toBe(before);
    // A port nothing listens on, on a server that allows loopback: the same words.
    expect(await tested(allowingAdmin, provider, `http://127.0.0.1:${await closedPort()}`)).toEqual(notReached(provider));
  });

  it('connecting is refused in those words and stores nothing', async () => {
    const before = listener.connections;
    const r = await strictAdmin.gql(CONNECT, { input: input('GITHUB', `http://[::ffff:127.0.0.1]:${listener.port}`) });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0]!.message).toBe(unreachable('GITHUB').message);
    expect(listConnections(strict.services.db, strictWorld.org.id)).toEqual([]);
    expect(listener.connections).toBe(before);
  });

  it('a connection stored before the guard, pointing here: its scopes and the Slack bot’s direct messages reach nothing', async () => {
    const { db, keys } = strict.services;
    const stored = (provider: IntegrationProvider) => {
      const id = newId();
      return insertConnection(db, {
        id,
        organization_id: strictWorld.org.id,
        provider,
        base_url: `http://127.0.0.1:${listener.port}`,
        account: 'acme',
        auth_kind: 'TOKEN',
        secret_sealed: sealCredentials(keys, id, { token: TOKEN }),
        secret_hint: '••••cdef',
        external_info: {},
        backfill_months: 6,
        status: 'CONNECTED',
        created_by: strictWorld.admin.id,
      });
    };
    const before = listener.connections;
    const github = stored('GITHUB');
    const refresh = await strictAdmin.gql('mutation($id: ID!) { refreshIntegrationScopes(id: $id) { id } }', { id: github.id });
    expect(refresh.errors?.[0]?.message).toBe(unreachable('GITHUB').message);
    stored('SLACK');
    db.update(users).set({ slack_id: 'U0123ABC' }).where(eq(users.id, strictWorld.member.id)).run();
    expect(await sendSlackDirectMessage(strict.services, strictWorld.org.id, strictWorld.member.id, { text: 'hello' })).toEqual({
      ok: false,
      error: unreachable('SLACK').message,
    });
    expect(listener.connections).toBe(before);
    for (const c of listConnections(db, strictWorld.org.id)) deleteConnection(db, strictWorld.org.id, c.id);
  });
});

describe('with OUTBOUND_ALLOW_PRIVATE=127.0.0.1', () => {
  it.each(PROVIDERS)('%s reaches the listener, and never shows what it answered', async (provider) => {
    const answers = [
      { status: 200, headers: { 'content-type': 'text/html' }, body: `<html>${MARKER}</html>` },
      { status: 200, body: `{"oops": "${MARKER}"` },
      { status: 401, body: `{"message":"${MARKER}"}` },
      { status: 404, body: `{"message":"${MARKER}"}` },
      { status: 500, body: `${MARKER} stack trace` },
      { status: 200, body: `{"ok":false,"error":"${MARKER}","needed":"${MARKER}"}` },
    ];
    for (const answer of answers) {
      const target = await startListener(answer);
      try {
        const result = await tested(allowingAdmin, provider, target.url);
        expect(target.requests.length, JSON.stringify(answer)).toBeGreaterThan(0);
        expect(result.message, JSON.stringify(answer)).not.toContain(MARKER);
        expect(result.message).not.toContain(TOKEN);
      } finally {
        await target.close();
      }
    }
  });
});

describe('a server that answers but is not the service', () => {
  // A web page, someone else's JSON, a reply that is not JSON, a web server's 404 page.
  const answers = {
    page: { status: 200, headers: { 'content-type': 'text/html' }, body: `<html>${MARKER}</html>` },
    json: { status: 200, body: `{"service":"${MARKER}"}` },
    broken: { status: 200, body: `{"oops": "${MARKER}"` },
    missing: { status: 404, headers: { 'content-type': 'text/html' }, body: `<h1>${MARKER}</h1>` },
  };
  // What Jira and Azure DevOps already say of some of them, naming the base URL too.
  const own: Partial<Record<IntegrationProvider, Partial<Record<keyof typeof answers, string>>>> = {
    JIRA: {
      missing:
        'No Jira answered at this base URL: check the address, including the context path if Jira runs under one (for example https://jira.example.com/jira).',
    },
    AZURE_BOARDS: Object.fromEntries(
      (['page', 'broken', 'missing'] as const).map((k) => [k, 'Azure DevOps does not know this organization URL: check the base URL and the organization.']),
    ),
  };

  it.each(PROVIDERS)('%s: names the host and what it is not, never “could not be reached”, never its words', async (provider) => {
    for (const [name, answer] of Object.entries(answers) as Array<[keyof typeof answers, (typeof answers)[keyof typeof answers]]>) {
      const target = await startListener(answer);
      try {
        const result = await tested(allowingAdmin, provider, target.url);
        const label = { GITHUB: 'GitHub', BITBUCKET: 'Bitbucket Cloud', JIRA: 'Jira', AZURE_BOARDS: 'Azure Boards', SLACK: 'Slack' }[provider];
        expect([name, result], provider).toEqual([
          name,
          {
            ok: false,
            missing: [],
            message: own[provider]?.[name] ?? `The server at 127.0.0.1:${target.port} answered, but it is not ${label}: check the base URL.`,
          },
        ]);
      } finally {
        await target.close();
      }
    }
    // Connecting is refused in the same words, and stores nothing.
    const target = await startListener(answers.json);
    try {
      const r = await allowingAdmin.gql(CONNECT, { input: input(provider, target.url) });
      expect([codeOf(r), r.errors?.[0]?.message]).toEqual([
        'BAD_USER_INPUT',
        expect.stringContaining(`The server at 127.0.0.1:${target.port} answered, but it is not`),
      ]);
    } finally {
      await target.close();
    }
  });
});

describe('redirects', () => {
  it.each(PROVIDERS)('%s does not follow a redirect to another host, allowed or not: no credential reaches it', async (provider) => {
    const target = await startListener();
    const redirector = await startListener({ status: 302, headers: { location: `http://127.0.0.1:${target.port}/elsewhere` }, body: MARKER });
    try {
      const result = await tested(allowingAdmin, provider, redirector.url);
      expect(redirector.requests.length).toBeGreaterThan(0);
      expect(target.connections).toBe(0);
      expect(result.ok).toBe(false);
      expect(result.message).not.toContain(MARKER);
    } finally {
      await Promise.all([target.close(), redirector.close()]);
    }
  });

  it('a public-looking host that redirects to this machine: the listener receives nothing, whichever provider follows', async () => {
    // api.public.test stands for a public host: the server may reach its address (127.0.0.2), not loopback's 127.0.0.1.
    const publicLike = await createTestApp(
      { OUTBOUND_ALLOW_PRIVATE: '127.0.0.2' },
      { resolve: async (h) => (h === 'api.public.test' ? [{ address: '127.0.0.2', family: 4 }] : []) },
    );
    const redirector = await startListener({ host: '127.0.0.2', status: 307, headers: { location: `http://127.0.0.1:${listener.port}/internal` } });
    try {
      const before = listener.connections;
      for (const provider of PROVIDERS) {
        const result = await runTest({
          id: 'draft',
          organizationId: 'org',
          provider,
          baseUrl: `http://api.public.test:${redirector.port}`,
          account: provider === 'JIRA' ? 'admin@acme.test' : 'acme',
          authKind: 'TOKEN',
          credentials: { token: TOKEN },
          externalInfo: {},
          backfillMonths: 6,
          outbound: publicLike.services.outbound,
        });
        expect(result.ok, provider).toBe(false);
      }
      expect(redirector.requests.length).toBeGreaterThanOrEqual(PROVIDERS.length);
      expect(listener.connections).toBe(before);
    } finally {
      await redirector.close();
      await publicLike.close();
    }
  });
});
