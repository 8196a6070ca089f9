import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CODE_PROCESS } from '../../../../shared/integrations.js';
import { newId } from '../../../lib/tokens.js';
import { sealSecret } from '../../../lib/secret-box.js';
import { captureLogs, createTestApp, seedOrg, signedIn } from '../../../test/helpers.js';
import { notify } from '../../notifications/notifications.deliver.js';
import { updateUser } from '../../users/users.repo.js';
import { startFakeSlack, type FakeSlackApi } from '../fakes/fake-slack.js';
import type { AccountInput, CursorStore, OpenConnection, SyncContext } from '../integrations.provider.js';
import { integrationConnections } from '../integrations.tables.js';
import { slackAdapter } from './slack.adapter.js';
import { FAKES_ENV, fakesOutbound } from '../integrations.outbound.test-support.js';

/** The fakes on 127.0.0.1 are allowed the operator's way (OUTBOUND_ALLOW_PRIVATE, docs/decisions/0054). */
const outbound = fakesOutbound();

let app: FastifyInstance;
let fake: FakeSlackApi;
beforeAll(async () => {
  // Pages of 3 members: users.list is followed through next_cursor.
  fake = await startFakeSlack({ maxPage: 3 });
  app = await createTestApp({ LOG_LEVEL: 'warn', ...FAKES_ENV });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const signal = () => new AbortController().signal;
const connection = (token = fake.token): OpenConnection => ({
  id: 'conn-slack',
  organizationId: 'org',
  provider: 'SLACK',
  baseUrl: fake.url,
  account: '',
  authKind: 'TOKEN',
  credentials: { token },
  externalInfo: {},
  backfillMonths: 6,
  outbound,
});
const calls = (method: string) => fake.requests.filter((r) => r.path === `/api/${method}`).length;

it('tests the bot token: the workspace T0ACME, a missing scope, a revoked token in plain words', async () => {
  expect(await slackAdapter.test(connection(), signal())).toEqual({
    ok: true,
    missing: [],
    message: 'Connected to the Acme workspace as teamlens.',
    info: { team_id: 'T0ACME', team: 'Acme', bot_user_id: 'U0TEAMLENS', bot_user: 'teamlens', url: 'https://acme.slack.com/' },
  });
  expect(await slackAdapter.listScopes(connection(), signal())).toEqual([
    { kind: 'WORKSPACE', externalId: 'T0ACME', name: 'Acme', url: 'https://acme.slack.com/' },
  ]);

  fake.scopes.delete('users:read.email');
  const lacking = await slackAdapter.test(connection(), signal());
  fake.scopes.add('users:read.email');
  expect(lacking).toMatchObject({
    ok: false,
    missing: ['users:read.email'],
    message: 'Connected to the Acme workspace, but the bot token lacks the users:read.email scope: add it to the Slack app and reinstall it.',
  });

  const revoked = await slackAdapter.test(connection('xoxb-revoked-9999'), signal());
  expect(revoked).toEqual({
    ok: false,
    missing: [],
    message: 'Slack rejected the bot token (auth.test) (invalid_auth): it is wrong or revoked, or the app was uninstalled or its account deactivated.',
  });
  expect(JSON.stringify(revoked)).not.toContain('xoxb-revoked');
});

it('syncs members as accounts (bots flagged, deleted ones left out) and looks up by email the people users.list did not name', async () => {
  const accounts = new Map<string, AccountInput>();
  const cursors = new Map<string, string | null>();
  const store: CursorStore = {
    get: (s, e) => ({ cursor: cursors.get(`${s}|${e}`) ?? null, etag: null }),
    set: (s, e, v) => {
      cursors.set(`${s}|${e}`, v.cursor);
    },
  };
  const ctx: SyncContext = {
    kind: 'BACKFILL',
    connection: connection(),
    settings: DEFAULT_CODE_PROCESS,
    scopes: [],
    since: '2025-01-01T00:00:00.000Z',
    now: new Date(),
    cursors: store,
    write: {
      scope: () => ({ id: 'x', included: true }),
      accounts: (list) => list.forEach((a) => accounts.set(a.externalId, a)),
      pullRequests: () => 0,
      deployments: () => 0,
      issues: () => 0,
      sprints: () => 0,
    },
    progress: () => undefined,
    signal: signal(),
    // bob is in users.list (no lookup); alice and dave are guests users.list leaves out; carol's Jira email is not Slack's.
    unmatchedEmails: ['alice@acme.test', 'BOB@acme.test', 'c.chen@acme-corp.test', 'dave@acme.test'],
  };
  fake.unlisted.clear();
  for (const key of ['alice', 'carol', 'dave']) fake.unlisted.add(key);
  fake.requests.length = 0;
  await slackAdapter.sync(ctx);
  fake.unlisted.clear();

  expect(calls('users.list')).toBe(2);
  expect(calls('users.lookupByEmail')).toBe(3);
  expect([...accounts.values()].sort((a, b) => a.externalId.localeCompare(b.externalId))).toEqual([
    { externalId: 'U0ALICE', login: 'alice', displayName: 'Alice Archer', email: 'alice@acme.test', isBot: false },
    { externalId: 'U0BOB', login: 'bob', displayName: 'Bob Baker', email: 'bob@acme.test', isBot: false },
    { externalId: 'U0CIBOT', login: 'ci-bot', displayName: 'CI bot', email: null, isBot: true },
    { externalId: 'U0DAVE', login: 'dave', displayName: 'Dave Diaz', email: 'dave@acme.test', isBot: false },
    { externalId: 'U0ERIN', login: 'erin', displayName: 'Erin Evans', email: 'erin@acme.test', isBot: false },
    { externalId: 'USLACKBOT', login: 'slackbot', displayName: 'Slackbot', email: null, isBot: true },
  ]);
  expect(cursors.get('workspace|users')).toBeNull();

  // A 429 stops the sync as RATE_LIMITED with the time to resume (no sleeping).
  fake.failNext('users.list', { status: 429, retryAfter: 30 });
  const limited = await slackAdapter.sync(ctx).catch((e: unknown) => e);
  expect(limited).toMatchObject({ kind: 'RATE_LIMITED' });
  expect((limited as { retryAt: Date }).retryAt.getTime()).toBe(ctx.now.getTime() + 30_000);
});

it('sends notifications by direct message to people with a slack_id when a Slack bot is connected, and a failure never fails the notification', async () => {
  const o = await seedOrg(app, 'Dm');
  const db = app.services.db;
  const id = newId();
  db.insert(integrationConnections)
    .values({
      id,
      organization_id: o.org.id,
      provider: 'SLACK',
      base_url: fake.url,
      secret_sealed: sealSecret(app.services.keys.secretsKey, JSON.stringify({ token: fake.token }), `integration:${id}`),
      secret_hint: '••••mlens',
      external_info: { team_id: 'T0ACME' },
      status: 'CONNECTED',
    })
    .run();
  updateUser(db, o.org.id, o.report.id, { notifications: ['slack', 'in_app', 'review_requests'], slack_id: 'U0BOB', slack_team_id: 'T0ACME' });
  updateUser(db, o.org.id, o.member.id, { notifications: ['slack', 'in_app', 'review_requests'] });
  updateUser(db, o.org.id, o.admin.id, { notifications: ['slack', 'in_app'], slack_id: 'U0ERIN', slack_team_id: 'T0ACME' });
  fake.messages.length = 0;

  const report = await notify(app.services, {
    organizationId: o.org.id,
    userIds: [o.report.id, o.member.id],
    kind: 'review_requests',
    private: false,
    title: 'Review <Ada> & Bob',
    body: 'Private words',
    link: '/reviews/pending',
  });
  expect(report).toEqual({ recipients: 2, inApp: 2, email: 0, slack: { mentioned: 0, delivered: null } });
  // Only the person with a slack_id; nothing for the member without one.
  expect(fake.messages).toEqual([
    {
      channel: 'U0BOB',
      text: 'Review &lt;Ada&gt; &amp; Bob <http://localhost:3000/reviews/pending|Open in Teamlens>',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Review &lt;Ada&gt; &amp; Bob*\n<http://localhost:3000/reviews/pending|Open in Teamlens>' } }],
    },
  ]);
  expect(JSON.stringify(fake.messages)).not.toContain('Private words');

  // Through the API: an admin's test notification reaches their direct messages.
  const admin = await signedIn(app, o.admin.email);
  expect((await admin.gql('mutation { sendTestNotification { in_app slack_delivered } }')).data).toEqual({
    sendTestNotification: { in_app: true, slack_delivered: null },
  });
  expect(fake.messages.at(-1)).toMatchObject({
    channel: 'U0ERIN',
    text: 'Test notification from Teamlens <http://localhost:3000/settings/privacy|Open in Teamlens>',
  });

  // Slack's 429: skipped with a warning, the notification itself goes out, nothing recorded as an error.
  const logs = captureLogs(app);
  fake.failNext('chat.postMessage', { status: 429, retryAfter: 30 });
  // (Both have a slack_id: after the 429 for the first, the second is not tried.)
  const limited = await notify(app.services, {
    organizationId: o.org.id,
    userIds: [o.report.id, o.admin.id],
    kind: 'review_requests',
    private: false,
    title: 'Second request',
  });
  expect(limited).toMatchObject({ recipients: 2, inApp: 2 });
  expect(fake.messages).toHaveLength(2);
  expect(logs.text()).toContain('Slack direct message skipped: rate limited');
  const conn = () => db.select().from(integrationConnections).where(eq(integrationConnections.id, id)).get()!;
  expect(conn().last_error).toBeNull();

  // A revoked token: recorded for the admin in words without the token, cleared by the next delivered message.
  fake.failNext('chat.postMessage', { error: 'token_revoked' });
  expect(
    await notify(app.services, { organizationId: o.org.id, userIds: [o.report.id], kind: 'review_requests', private: false, title: 'Third request' }),
  ).toMatchObject({ inApp: 1 });
  logs.restore();
  expect(conn().last_error).toBe(
    'Direct message not delivered: Slack rejected the bot token (chat.postMessage) (token_revoked): it is wrong or revoked, or the app was uninstalled or its account deactivated.',
  );
  expect(logs.text()).toContain('Slack direct message not delivered');
  expect(logs.text()).not.toContain(fake.token);
  await notify(app.services, { organizationId: o.org.id, userIds: [o.report.id], kind: 'review_requests', private: false, title: 'Fourth request' });
  expect(fake.messages.at(-1)).toMatchObject({ channel: 'U0BOB', text: 'Fourth request' });
  expect(conn().last_error).toBeNull();

  // A paused connection sends nothing.
  db.update(integrationConnections).set({ status: 'PAUSED' }).where(eq(integrationConnections.id, id)).run();
  await notify(app.services, { organizationId: o.org.id, userIds: [o.report.id], kind: 'review_requests', private: false, title: 'Fifth request' });
  expect(fake.messages.map((m) => m.text)).not.toContain('Fifth request');
});
