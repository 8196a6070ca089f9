import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { addNotification } from './notifications.repo.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

it('lists my notifications only, counts unread, marks read', async () => {
  const o = await seedOrg(app, 'Notey');
  addNotification(app.services, { organizationId: o.org.id, userId: o.member.id, kind: 'review_request', title: 'Review Ada', link: '/reviews/pending' });
  addNotification(app.services, { organizationId: o.org.id, userId: o.member.id, kind: 'feedback', title: 'New feedback' });
  addNotification(app.services, { organizationId: o.org.id, userId: o.report.id, kind: 'feedback', title: 'Not yours' });
  const me = await signedIn(app, o.member.email);
  const list = await me.gql('{ notifications { id title link read_at } unreadNotificationCount }');
  expect(list.data!.notifications.map((n: { title: string }) => n.title).sort()).toEqual(['New feedback', 'Review Ada']);
  expect(list.data!.unreadNotificationCount).toBe(2);
  const first = list.data!.notifications[0].id;
  expect((await me.gql('mutation($ids: [ID!]) { markNotificationsRead(ids: $ids) }', { ids: [first] })).data).toEqual({ markNotificationsRead: 1 });
  expect((await me.gql('{ unreadNotificationCount notifications(unreadOnly: true) { id } }')).data).toMatchObject({ unreadNotificationCount: 1 });
  expect((await me.gql('mutation { markNotificationsRead }')).data).toEqual({ markNotificationsRead: 1 });
  expect(codeOf(await me.gql('{ notifications(limit: 100000) { id } }'))).toBe('BAD_USER_INPUT');
});

it('shows the outbox to admins only, for their organization', async () => {
  const o = await seedOrg(app, 'Outy');
  const other = await seedOrg(app, 'Elsewhere');
  app.services.mailer.send({
    organizationId: o.org.id,
    to: 'x@outy.example',
    subject: 'Hello',
    text: 'Link: http://localhost:3000/x',
    link: 'http://localhost:3000/x',
  });
  app.services.mailer.send({ organizationId: other.org.id, to: 'y@elsewhere.example', subject: 'Secret', text: 'no' });
  const admin = await signedIn(app, o.admin.email);
  const res = await admin.gql('{ emailOutbox { to subject link sent_at } }');
  expect(res.data!.emailOutbox).toEqual([{ to: 'x@outy.example', subject: 'Hello', link: 'http://localhost:3000/x', sent_at: null }]);
  const member = await signedIn(app, o.member.email);
  expect(codeOf(await member.gql('{ emailOutbox { to } }'))).toBe('FORBIDDEN');
});

it("hides the link of a mail that went out by SMTP (it may open someone's account)", async () => {
  const o = await seedOrg(app, 'Senty');
  const link = 'http://localhost:3000/change-password?token=secret-reset-token';
  app.services.mailer.send({ organizationId: o.org.id, to: 'z@senty.example', subject: 'Reset', text: `Open ${link} to choose a password.`, link });
  app.services.db.$client.prepare('UPDATE email_outbox SET sent_at = \'2026-01-01T00:00:00.000Z\' WHERE "to" = ?').run('z@senty.example');
  const admin = await signedIn(app, o.admin.email);
  const [mail] = (await admin.gql('{ emailOutbox { to link text sent_at } }')).data!.emailOutbox;
  expect(mail).toMatchObject({ to: 'z@senty.example', link: null, sent_at: expect.any(String) });
  expect(mail.text).toBe('Open [link sent by email] to choose a password.');
  expect(JSON.stringify(mail)).not.toContain('secret-reset-token');
});
