/**
 * Mail stored before notifications declared what is private (docs/decisions/0055): the data migration
 * replaces the subject and text of stored notification mail of the kinds that could carry words admins
 * may not read (feedback, feedback reminders, goals, 1:1 notes), and leaves other mail as it was. The
 * rows are written as the earlier version wrote them, then the migration's own SQL runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsDir } from '../../lib/paths.js';
import { createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { newId } from '../../lib/tokens.js';
import { emailOutbox } from './notifications.tables.js';

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app, 'Upgraded');
});
afterAll(async () => {
  await app.close();
});

/** A notification mail as the earlier version wrote it (notifications.deliver.ts emailText). */
const oldMail = (subject: string, body: string, label: string) =>
  [
    subject,
    '',
    body,
    '',
    'Open it in Teamlens: http://localhost:3000/continuous-feedback',
    '',
    '--',
    `You get this because "${label}" notifications are on for you.`,
    'Choose what you get and where: http://localhost:3000/settings/privacy',
  ].join('\n');

it('scrubs stored notification mail that could hold private words, and nothing else', async () => {
  const rows = [
    { subject: 'Pia Peer gave you feedback', text: oldMail('Pia Peer gave you feedback', 'Hush: your demo ran long', 'Feedback') },
    {
      subject: 'Reminder: a feedback request is waiting for your answer',
      text: oldMail('Reminder: a feedback request is waiting for your answer', 'Mona asked for your feedback about Remy on Jan 2.', 'Reminders'),
    },
    {
      subject: 'A goal aligned to yours is now At risk',
      text: oldMail('A goal aligned to yours is now At risk', 'A goal you cannot open changed from On track to At risk.', 'Goal updates'),
    },
    {
      subject: 'A goal is due soon: Hush: apply elsewhere',
      text: oldMail('A goal is due soon: Hush: apply elsewhere', '“Hush: apply elsewhere” is due on Jan 20.', 'Goal reminders'),
    },
    { subject: 'Mona Manager shared 1:1 notes with you', text: oldMail('Mona Manager shared 1:1 notes with you', '', '1:1 notes') },
    { subject: 'New review requests: Autumn 360', text: oldMail('New review requests: Autumn 360', 'Please write your reviews by Dec 1.', 'Review requests') },
    { subject: 'Reset your Teamlens password', text: 'Someone asked to reset your password.\n\nSet a new one: http://localhost:3000/reset?token=abc' },
  ];
  rows.forEach((r, i) =>
    app.services.db
      .insert(emailOutbox)
      .values({ id: newId(), organization_id: org.org.id, to: `person${i}@upgraded.example`, ...r })
      .run(),
  );

  app.services.db.$client.exec(fs.readFileSync(path.join(migrationsDir(), '0017_outbox_private_words.sql'), 'utf8'));

  const admin = await signedIn(app, org.admin.email);
  const outbox = (await admin.gql('{ emailOutbox(limit: 500) { to subject text } }')).data!.emailOutbox as Array<{ to: string; subject: string; text: string }>;
  const shown = rows.map((_, i) => outbox.find((m) => m.to === `person${i}@upgraded.example`)!);
  for (const secret of ['Hush', 'Pia Peer', 'Mona', 'Remy', 'At risk']) expect(JSON.stringify(shown)).not.toContain(secret);
  expect(shown.slice(0, 5)).toEqual(
    shown.slice(0, 5).map((m) => ({
      to: m.to,
      subject: 'Teamlens notification',
      text: 'Not shown: this notification was mailed before Teamlens kept private words out of its mail, and it may have held some.',
    })),
  );
  expect(shown.slice(5).map((m) => [m.subject, m.text])).toEqual(rows.slice(5).map((r) => [r.subject, r.text]));
});
