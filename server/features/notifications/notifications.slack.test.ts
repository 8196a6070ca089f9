import { expect, it } from 'vitest';
import { codeOf, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { updateUser } from '../users/users.repo.js';
import { useAppWithFakeSlack } from './notifications.test-support.js';

const t = useAppWithFakeSlack();

const SET =
  'mutation($url: String!, $label: String) { setSlackWebhook(url: $url, channel_label: $label) { webhook_hint channel_label created_at last_error } }';
const READ = '{ slackWebhook { webhook_hint channel_label last_success_at last_error } organization { slack_integration } }';

it('lets an admin connect, test and remove Slack; the organization says whether Slack is connected', async () => {
  const o = await seedOrg(t.app, 'Slacky');
  const admin = await signedIn(t.app, o.admin.email);
  expect((await admin.gql(READ)).data).toEqual({ slackWebhook: null, organization: { slack_integration: false } });
  expect(codeOf(await admin.gql('mutation { sendSlackTestMessage { delivered } }'))).toBe('NOT_FOUND');

  const url = t.slack.hookUrl('/services/T9/B9/SecretTokenWXYZ');
  const set = await admin.gql(SET, { url: `  ${url} `, label: ' #eng-reviews ' });
  expect(set.data!.setSlackWebhook).toMatchObject({ webhook_hint: '…WXYZ', channel_label: '#eng-reviews', last_error: null });
  expect((await admin.gql(READ)).data).toEqual({
    slackWebhook: { webhook_hint: '…WXYZ', channel_label: '#eng-reviews', last_success_at: null, last_error: null },
    organization: { slack_integration: true },
  });

  const test = await admin.gql('mutation { sendSlackTestMessage { delivered message } }');
  expect(test.data!.sendSlackTestMessage).toEqual({ delivered: true, message: 'The test message was posted to Slack.' });
  expect(t.slack.received).toEqual([
    {
      path: '/services/T9/B9/SecretTokenWXYZ',
      body: { text: 'Teamlens is connected to this channel. People of Slacky who choose Slack notifications will be mentioned here.' },
    },
  ]);
  expect((await admin.gql(READ)).data!.slackWebhook.last_success_at).toEqual(expect.any(String));

  t.slack.answer.status = 410;
  t.slack.answer.text = 'channel_is_archived';
  expect((await admin.gql('mutation { sendSlackTestMessage { delivered message } }')).data!.sendSlackTestMessage).toEqual({
    delivered: false,
    message: 'Slack answered 410: channel_is_archived.',
  });
  expect((await admin.gql(READ)).data!.slackWebhook.last_error).toBe('Slack answered 410: channel_is_archived.');

  expect((await admin.gql('mutation { removeSlackWebhook }')).data).toEqual({ removeSlackWebhook: true });
  expect((await admin.gql(READ)).data).toEqual({ slackWebhook: null, organization: { slack_integration: false } });
  expect((await admin.gql('mutation { removeSlackWebhook }')).data).toEqual({ removeSlackWebhook: false });
});

it('refuses addresses that are not Slack webhooks, next to the field', async () => {
  const o = await seedOrg(t.app, 'Picky');
  const admin = await signedIn(t.app, o.admin.email);
  const cases = [
    '',
    'not a url',
    'https://evil.example/services/x',
    `${t.slack.base.replace('127.0.0.1', 'localhost')}services/x`,
    t.slack.base,
    `${t.slack.base}${'x'.repeat(500)}`,
  ];
  for (const url of cases) {
    const res = await admin.gql(SET, { url });
    expect(codeOf(res), url).toBe('BAD_USER_INPUT');
    expect((res.errors![0]!.extensions!.fields as Record<string, string>).url, url).toBeTruthy();
  }
  const wrongBase = await admin.gql(SET, { url: 'https://evil.example/services/x' });
  expect((wrongBase.errors![0]!.extensions!.fields as Record<string, string>).url).toBe(`Use the webhook URL Slack gives you: it starts with ${t.slack.base}`);
  expect((await admin.gql(READ)).data!.organization.slack_integration).toBe(false);
});

it('keeps Slack to admins, and each organization to its own webhook; the URL is never returned', async () => {
  const a = await seedOrg(t.app, 'Alpha');
  const b = await seedOrg(t.app, 'Beta');
  const adminA = await signedIn(t.app, a.admin.email);
  const adminB = await signedIn(t.app, b.admin.email);
  const member = await signedIn(t.app, a.member.email);
  const secret = t.slack.hookUrl('/services/TA/BA/alphaSecret0001');
  await adminA.gql(SET, { url: secret });

  for (const op of [
    READ,
    'mutation { removeSlackWebhook }',
    'mutation { sendSlackTestMessage { delivered } }',
    'mutation { sendTestNotification { in_app } }',
  ]) {
    expect(codeOf(await member.gql(op)), op).toBe('FORBIDDEN');
  }
  expect(codeOf(await member.gql(SET, { url: t.slack.hookUrl('/services/x') }))).toBe('FORBIDDEN');

  // Beta sees nothing of Alpha's webhook, and its own changes leave Alpha's alone.
  expect((await adminB.gql(READ)).data).toEqual({ slackWebhook: null, organization: { slack_integration: false } });
  expect(codeOf(await adminB.gql('mutation { sendSlackTestMessage { delivered } }'))).toBe('NOT_FOUND');
  expect((await adminB.gql('mutation { removeSlackWebhook }')).data).toEqual({ removeSlackWebhook: false });
  expect(t.slack.received).toEqual([]);

  const everything = JSON.stringify([
    await adminA.gql(READ),
    await adminA.gql(SET, { url: secret }),
    await member.gql('{ organization { slack_integration } }'),
  ]);
  expect(everything).not.toContain('alphaSecret');
  expect(everything).toContain('…0001');
  expect((await member.gql('{ organization { slack_integration } }')).data).toEqual({ organization: { slack_integration: true } });
});

it('sends an admin a test notification through each channel they turned on', async () => {
  const o = await seedOrg(t.app, 'Tester');
  const admin = await signedIn(t.app, o.admin.email);
  expect((await admin.gql('mutation { sendTestNotification { in_app email slack_delivered } }')).data!.sendTestNotification).toEqual({
    in_app: true,
    email: true,
    slack_delivered: null,
  });
  expect((await admin.gql('{ unreadNotificationCount notifications { kind title link } }')).data).toEqual({
    unreadNotificationCount: 1,
    notifications: [{ kind: 'test', title: 'Test notification from Teamlens', link: '/settings/privacy' }],
  });
  expect(outboxMails(t.app, o.admin.email).map((m) => m.subject)).toEqual(['Test notification from Teamlens']);

  await admin.gql(SET, { url: t.slack.hookUrl('/services/T/B/tester') });
  updateUser(t.app.services.db, o.org.id, o.admin.id, { notifications: ['slack', 'kinds:none'], slack_id: 'UADMIN01' });
  expect((await admin.gql('mutation { sendTestNotification { in_app email slack_delivered } }')).data!.sendTestNotification).toEqual({
    in_app: false,
    email: false,
    slack_delivered: true,
  });
  expect(t.slack.received.at(-1)!.body.text).toBe('<@UADMIN01>: Test notification from Teamlens <http://localhost:3000/settings/privacy|Open in Teamlens>');
});

it('accepts only an https SLACK_WEBHOOK_BASE, or http to this machine', async () => {
  const { loadConfig } = await import('../../config.js');
  expect(loadConfig({}).slackWebhookBase).toBe('https://hooks.slack.com/');
  expect(loadConfig({ SLACK_WEBHOOK_BASE: 'http://127.0.0.1:4010/' }).slackWebhookBase).toBe('http://127.0.0.1:4010/');
  expect(() => loadConfig({ SLACK_WEBHOOK_BASE: 'http://chat.example.com/hooks/' })).toThrow(/SLACK_WEBHOOK_BASE: must be https/);
  expect(() => loadConfig({ SLACK_WEBHOOK_BASE: 'http://127.0.0.1.evil.example/' })).toThrow(/SLACK_WEBHOOK_BASE/);
});
