import { expect, it } from 'vitest';
import { addUser, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { updateUser } from '../users/users.repo.js';
import { notify, PRIVATE_BODY_NOTE } from './notifications.deliver.js';
import { startFakeSlack } from './notifications.fake-slack.js';
import { postSlackMessage } from './notifications.slack.client.js';
import { saveSlackWebhook } from './notifications.slack.repo.js';
import { useAppWithFakeSlack } from './notifications.test-support.js';

const t = useAppWithFakeSlack();

const titlesOf = async (email: string) => {
  const me = await signedIn(t.app, email);
  return (await me.gql('{ notifications { kind title body link } }')).data!.notifications as Array<{
    kind: string;
    title: string;
    body: string | null;
    link: string | null;
  }>;
};

it('delivers each kind through the channels each person chose: in the app, by email with an absolute link, in Slack with a mention', async () => {
  const o = await seedOrg(t.app, 'Choosy');
  // member: the column default (email + in-app, default kinds); report: Slack only, mentioned by id; manager: every kind off.
  updateUser(t.app.services.db, o.org.id, o.report.id, { notifications: ['slack', 'review_requests'], slack_id: 'U0REPORT1' });
  updateUser(t.app.services.db, o.org.id, o.manager.id, { notifications: ['in_app', 'email', 'slack', 'kinds:none'] });
  saveSlackWebhook(t.app.services.db, o.org.id, { url: t.slack.hookUrl(), channelLabel: '#reviews', createdBy: o.admin.id });

  const report = await notify(t.app.services, {
    organizationId: o.org.id,
    userIds: [o.member.id, o.report.id, o.manager.id],
    kind: 'review_requests',
    private: false,
    title: 'Review <Ada> & Bob',
    body: 'Private words stay out of Slack.',
    link: '/reviews/pending',
  });
  expect(report).toEqual({ recipients: 3, inApp: 1, email: 1, slack: { mentioned: 1, delivered: true } });

  expect(await titlesOf(o.member.email)).toEqual([
    { kind: 'review_requests', title: 'Review <Ada> & Bob', body: 'Private words stay out of Slack.', link: '/reviews/pending' },
  ]);
  expect(await titlesOf(o.report.email)).toEqual([]);
  expect(await titlesOf(o.manager.email)).toEqual([]);

  const mails = outboxMails(t.app).filter((m) => m.subject === 'Review <Ada> & Bob');
  expect(mails.map((m) => m.to)).toEqual([o.member.email]);
  expect(mails[0]!.link).toBe('http://localhost:3000/reviews/pending');
  expect(mails[0]!.text).toContain('Private words stay out of Slack.');
  expect(mails[0]!.text).toContain('Open it in Teamlens: http://localhost:3000/reviews/pending');
  expect(mails[0]!.text).toContain('"Review requests" notifications are on');

  expect(t.slack.received).toHaveLength(1);
  const posted = t.slack.received[0]!;
  expect(posted.path).toBe('/services/T000/B000/fakesecret1234');
  expect(posted.body.text).toBe('<@U0REPORT1>: Review &lt;Ada&gt; &amp; Bob <http://localhost:3000/reviews/pending|Open in Teamlens>');
  expect(JSON.stringify(posted.body)).not.toContain('Private words');
  expect(posted.body.blocks).toEqual([
    { type: 'section', text: { type: 'mrkdwn', text: '*Review &lt;Ada&gt; &amp; Bob*\n<http://localhost:3000/reviews/pending|Open in Teamlens>' } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: 'For <@U0REPORT1>' }] },
  ]);
});

it('a private notification carries no body on any channel and is not posted to the Slack channel (docs/decisions/0055)', async () => {
  const o = await seedOrg(t.app, 'Hushed');
  updateUser(t.app.services.db, o.org.id, o.member.id, { notifications: ['in_app', 'email', 'slack'], slack_id: 'U0MEMBER1' });
  updateUser(t.app.services.db, o.org.id, o.report.id, { notifications: ['in_app', 'email', 'slack'], slack_id: 'U0REPORT2' });
  saveSlackWebhook(t.app.services.db, o.org.id, { url: t.slack.hookUrl(), channelLabel: '#team', createdBy: o.admin.id });

  const report = await notify(t.app.services, {
    organizationId: o.org.id,
    userIds: [o.member.id, o.report.id],
    kind: 'feedback_received',
    private: true,
    title: 'You received feedback',
    body: 'Words only the recipient may read.',
    link: '/continuous-feedback',
  });
  expect(report).toEqual({ recipients: 2, inApp: 2, email: 2, slack: { mentioned: 0, delivered: null } });
  expect(await titlesOf(o.member.email)).toEqual([{ kind: 'feedback_received', title: 'You received feedback', body: null, link: '/continuous-feedback' }]);
  const mail = outboxMails(t.app, o.member.email).find((m) => m.subject === 'You received feedback')!;
  expect(mail.text).not.toContain('Words only');
  expect(mail.text).toContain(PRIVATE_BODY_NOTE);
  expect(mail.text).toContain('Open it in Teamlens: http://localhost:3000/continuous-feedback');
  // One channel post would name both recipients side by side, to a channel the area would not tell.
  await notify(t.app.services, {
    organizationId: o.org.id,
    userIds: [o.member.id],
    kind: 'feedback_received',
    private: false,
    title: 'Round trip',
    link: '/continuous-feedback',
  });
  expect(t.slack.received.map((r) => r.body.text)).toEqual(['<@U0MEMBER1>: Round trip <http://localhost:3000/continuous-feedback|Open in Teamlens>']);
});

it('respects kinds that are off by default, and names people whose Slack id is missing or not an id', async () => {
  const o = await seedOrg(t.app, 'Kinds');
  saveSlackWebhook(t.app.services.db, o.org.id, { url: t.slack.hookUrl('/services/T1/B1/kinds'), channelLabel: null, createdBy: o.admin.id });
  updateUser(t.app.services.db, o.org.id, o.member.id, { notifications: ['slack', 'in_app', 'weekly_digest'], slack_id: 'U1> <!channel' });
  updateUser(t.app.services.db, o.org.id, o.report.id, { notifications: ['slack', 'in_app'] });

  const digest = await notify(t.app.services, {
    organizationId: o.org.id,
    userIds: [o.member.id, o.report.id],
    kind: 'weekly_digest',
    private: false,
    title: 'Your week',
  });
  expect(digest).toMatchObject({ recipients: 2, inApp: 1, email: 0, slack: { mentioned: 1, delivered: true } });
  expect(t.slack.received[0]!.body.text).toBe('Kinds Member: Your week');
  expect(await titlesOf(o.report.email)).toEqual([]);
  expect((await titlesOf(o.member.email)).map((n) => n.title)).toEqual(['Your week']);
});

it("skips deactivated, deleted and other organizations' people, and posts nothing without a webhook", async () => {
  const o = await seedOrg(t.app, 'Skippy');
  const other = await seedOrg(t.app, 'Otherorg');
  const gone = await addUser(t.app, o.org.id, { status: 'DEACTIVATED' });
  const deleted = await addUser(t.app, o.org.id);
  updateUser(t.app.services.db, o.org.id, deleted.id, { deleted_at: new Date().toISOString() });
  for (const u of [o.member, gone, deleted]) updateUser(t.app.services.db, o.org.id, u.id, { notifications: ['in_app', 'email', 'slack'] });
  // The other organization has a webhook: it must never hear about this organization's people.
  saveSlackWebhook(t.app.services.db, other.org.id, { url: t.slack.hookUrl('/services/OTHER/B/x'), channelLabel: null, createdBy: other.admin.id });

  const report = await notify(t.app.services, {
    organizationId: o.org.id,
    userIds: [o.member.id, gone.id, deleted.id, other.member.id],
    kind: 'mentions',
    private: false,
    title: 'You were mentioned',
  });
  expect(report).toEqual({ recipients: 1, inApp: 1, email: 1, slack: { mentioned: 0, delivered: null } });
  expect(t.slack.received).toEqual([]);
  expect(
    outboxMails(t.app)
      .filter((m) => m.subject === 'You were mentioned')
      .map((m) => m.to),
  ).toEqual([o.member.email]);
  expect(await titlesOf(other.member.email)).toEqual([]);
});

it('never throws into the caller: a failing Slack is logged and recorded, a bad link sends nothing', async () => {
  const o = await seedOrg(t.app, 'Failing');
  updateUser(t.app.services.db, o.org.id, o.member.id, { notifications: ['in_app', 'slack'] });
  saveSlackWebhook(t.app.services.db, o.org.id, { url: t.slack.hookUrl('/services/T/B/gone'), channelLabel: null, createdBy: o.admin.id });
  t.slack.answer.status = 404;
  t.slack.answer.text = 'no_service';
  const report = await notify(t.app.services, {
    organizationId: o.org.id,
    userIds: [o.member.id],
    kind: 'retro_started',
    private: false,
    title: 'Retro starts',
  });
  expect(report).toMatchObject({ inApp: 1, slack: { mentioned: 1, delivered: false } });
  const admin = await signedIn(t.app, o.admin.email);
  expect((await admin.gql('{ slackWebhook { last_error last_error_at last_success_at } }')).data!.slackWebhook).toMatchObject({
    last_error: 'Slack answered 404: no_service.',
    last_success_at: null,
  });

  const bad = await notify(t.app.services, {
    organizationId: o.org.id,
    userIds: [o.member.id],
    kind: 'retro_started',
    private: false,
    title: 'Phish',
    link: 'https://evil.example/x',
  });
  expect(bad.recipients).toBe(0);
  expect((await titlesOf(o.member.email)).map((n) => n.title)).toEqual(['Retro starts']);
});

it('gives up on a Slack that does not answer in time, and on one that cannot be reached', async () => {
  t.slack.answer.delayMs = 1_000;
  expect(await postSlackMessage(t.slack.hookUrl(), { text: 'slow' }, 200)).toEqual({ ok: false, error: 'Slack did not answer within 200 ms.' });
  const closed = await startFakeSlack();
  await closed.close();
  expect(await postSlackMessage(closed.hookUrl(), { text: 'nobody' })).toEqual({ ok: false, error: 'Slack could not be reached (ECONNREFUSED).' });
});

it('does not post to a webhook saved under another SLACK_WEBHOOK_BASE, and tells the admin', async () => {
  const o = await seedOrg(t.app, 'Moved');
  updateUser(t.app.services.db, o.org.id, o.member.id, { notifications: ['slack', 'in_app'] });
  saveSlackWebhook(t.app.services.db, o.org.id, { url: 'https://hooks.slack.com/services/T/B/old', channelLabel: null, createdBy: o.admin.id });
  const report = await notify(t.app.services, { organizationId: o.org.id, userIds: [o.member.id], kind: 'mentions', private: false, title: 'Hello' });
  expect(report).toMatchObject({ inApp: 1, slack: { mentioned: 0, delivered: null } });
  expect(t.slack.received).toEqual([]);
  const admin = await signedIn(t.app, o.admin.email);
  expect((await admin.gql('{ slackWebhook { last_error } }')).data!.slackWebhook.last_error).toBe(
    `Not posted: the webhook no longer starts with ${t.slack.base}. Connect it again.`,
  );
  expect((await admin.gql('mutation { sendSlackTestMessage { delivered message } }')).data!.sendSlackTestMessage).toEqual({
    delivered: false,
    message: `The webhook no longer starts with ${t.slack.base}: connect Slack again.`,
  });
});
