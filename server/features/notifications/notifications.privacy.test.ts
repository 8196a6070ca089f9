/**
 * The notification privacy matrix (docs/decisions/0055): for every notification kind, each real way
 * it is sent (notifications.privacy.test-support.ts) is compared with what the area's own queries
 * show each other reader of a channel about the same object:
 * - an admin, who reads every mail in the email outbox: no word of the object that the area keeps
 *   from them (NOT_FOUND, FORBIDDEN, or simply not shown) may appear in the mail;
 * - a member of another team, who reads the organization's Slack channel: the same for the post;
 * - the recipient: when the area keeps the object from admins, the notification is private and no
 *   channel carries its body (the app and the mail give a title without private words and a link).
 * Everyone chose every kind on every channel, with a Slack id, and the organization connected Slack.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds.js';
import { createTestApp } from '../../test/helpers.js';
import type { FeedbackCaller } from '../feedback/feedback.test-support.js';
import { updateUser } from '../users/users.repo.js';
import { notify } from './notifications.deliver.js';
import { startFakeSlack, type FakeSlack } from './notifications.fake-slack.js';
import { saveSlackWebhook } from './notifications.slack.repo.js';
import { CASES, NOT_SENT, privacyWorld, type PrivacyWorld } from './notifications.privacy.test-support.js';

let app: FastifyInstance;
let slack: FakeSlack;
let w: PrivacyWorld;

type Mail = { id: string; to: string; subject: string; text: string; link: string | null };
type InApp = { id: string; kind: string; title: string; body: string | null; link: string | null };

beforeAll(async () => {
  slack = await startFakeSlack();
  app = await createTestApp({ SLACK_WEBHOOK_BASE: slack.base });
  // Jobs run when a case runs them, never behind its back.
  await app.services.scheduler.stop();
  w = await privacyWorld(app);
  const everything = ['in_app', 'email', 'slack', ...NOTIFICATION_KINDS.map((k) => k.id)];
  const people = [w.admin, w.manager, w.teamLead, w.report, w.peer, w.otherManager, w.owl];
  people.forEach((p, i) => updateUser(app.services.db, w.org.id, p.id, { notifications: everything, slack_id: `U0PRIV${i}` }));
  saveSlackWebhook(app.services.db, w.org.id, { url: slack.hookUrl(), channelLabel: '#everyone', createdBy: w.admin.id });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await slack?.close();
});

const outboxAsAdmin = async (): Promise<Mail[]> => (await w.admin.gql('{ emailOutbox(limit: 500) { id to subject text link } }')).data!.emailOutbox as Mail[];
const inAppOf = async (c: FeedbackCaller): Promise<InApp[]> =>
  (await c.gql('{ notifications(limit: 500) { id kind title body link } }')).data!.notifications as InApp[];

/** A round trip through the channel: once this post arrived, every earlier post of the case has. */
async function slackRoundTrip(): Promise<void> {
  await notify(app.services, { organizationId: w.org.id, userIds: [w.owl.id], kind: 'mentions', private: false, title: 'Round trip', link: '/home/dashboard' });
}

/** The words of the object that `text` shows and the area does not show this viewer. */
const leaked = (words: readonly string[], text: string, areaView: unknown) => {
  const seen = JSON.stringify(areaView ?? null);
  return words.filter((word) => text.includes(word) && !seen.includes(word));
};

it('every notification kind is in the matrix, or is said to be sent by nothing yet', () => {
  const covered = new Set([...CASES.map((c) => c.kind), ...Object.keys(NOT_SENT)]);
  expect(NOTIFICATION_KINDS.map((k) => k.id).filter((id) => !covered.has(id))).toEqual([]);
});

describe.each(CASES.map((c) => [`${c.kind}: ${c.what}`, c] as const))('%s', (_label, c) => {
  it('shows an admin in the outbox, a Slack channel and the recipient no more than the area shows them', async () => {
    const mailsBefore = new Set((await outboxAsAdmin()).map((m) => m.id));
    const seenBefore = new Set((await Promise.all([w.manager, w.teamLead, w.report, w.peer].map(inAppOf))).flat().map((n) => n.id));
    const posted = slack.received.length;
    const sent = await c.send(w);
    await slackRoundTrip();

    const mails = (await outboxAsAdmin()).filter((m) => !mailsBefore.has(m.id) && m.to === sent.to.email);
    const told = (await inAppOf(sent.to)).filter((n) => n.kind === c.kind && !seenBefore.has(n.id));
    const posts = slack.received
      .slice(posted)
      .map((p) => JSON.stringify(p.body))
      .filter((p) => !p.includes('Round trip'));
    const notices = mails.filter((m) => m.text.includes('notifications are on for you'));
    expect(told.length, 'the recipient was told in the app').toBeGreaterThan(0);
    expect(notices.length, 'the recipient was mailed').toBeGreaterThan(0);

    const adminView = await sent.area(w.admin);
    const mailText = mails.map((m) => `${m.subject}\n${m.text}`).join('\n');
    expect(leaked(sent.words, mailText, adminView), 'words in the outbox that the area does not show the admin').toEqual([]);
    expect(leaked(sent.words, posts.join('\n'), await sent.area(w.owl)), 'words in the Slack channel that the area does not show its members').toEqual([]);

    // Private (the area keeps something of it from admins): the body stays in the area, on every channel.
    if (leaked(sent.words, sent.words.join('\n'), adminView).length) {
      expect(
        told.map((n) => n.body),
        'a private notification carries no body',
      ).toEqual(told.map(() => null));
      expect(posts, 'a private notification is not posted to the channel').toEqual([]);
    }
    // Still useful: a title and a link to the page that shows the rest to whoever may read it.
    for (const n of told) expect(n.link).toMatch(/^\//);
    for (const m of notices) expect(m.text).toContain('Open it in Teamlens: http://localhost:3000/');
  });
});
