/**
 * The outbox keeps a link only while an admin may need to hand it out: the mail is unsent and
 * its one-time token still works (docs/decisions/0044).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Browser, addUser, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { sha256 } from '../../lib/tokens.js';
import { startFakeSmtp, type FakeSmtp } from './notifications.fake-smtp.js';
import { LINK_GONE, OUTBOX_RETENTION_DAYS } from './notifications.outbox-links.repo.js';
import { DAY_MS } from '../../../shared/dates.days.js';

const NEW_PASSWORD = 'a brand new passphrase';
type Row = { id: string; to: string; text: string; link: string | null; sent_at: string | null; error: string | null };

const rowsTo = (app: FastifyInstance, to: string) =>
  app.services.db.$client.prepare('SELECT id, "to", text, link, sent_at, error FROM email_outbox WHERE "to" = ? ORDER BY rowid').all(to) as Row[];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

let ip = 0;
async function post(app: FastifyInstance, action: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const browser = new Browser(app, `10.50.0.${++ip}`);
  const csrfToken = await browser.csrf();
  return browser.request({ method: 'POST', url: `/api/auth/${action}`, json: { ...body, csrfToken } });
}

describe('without SMTP: the outbox', () => {
  let app: FastifyInstance;
  let org: Awaited<ReturnType<typeof seedOrg>>;
  beforeAll(async () => {
    app = await createTestApp();
    org = await seedOrg(app, 'Outbox');
  });
  afterAll(async () => {
    await app.close();
  });

  const outboxQuery = async () =>
    (await (await signedIn(app, org.admin.email)).gql('{ emailOutbox(limit: 500) { id to text link } }')).data!.emailOutbox as Array<{
      id: string;
      to: string;
      text: string;
      link: string | null;
    }>;

  it('keeps a reset link while it works, and forgets it once used', async () => {
    const person = await addUser(app, org.org.id, { email: 'used@outbox.example' });
    await post(app, 'forgot-password', { email: person.email });
    const [mail] = rowsTo(app, person.email);
    expect(mail!.link).toMatch(/\/change-password\?token=/);
    const token = tokenOf(mail!.link!);
    expect((await outboxQuery()).find((m) => m.id === mail!.id)?.link).toBe(mail!.link);

    expect((await post(app, 'change-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    const [after] = rowsTo(app, person.email);
    expect(after!.link).toBeNull();
    expect(after!.text).not.toContain(token);
    expect(after!.text).toContain(LINK_GONE.used);
    expect((await outboxQuery()).find((m) => m.id === mail!.id)).toMatchObject({ link: null, text: expect.stringContaining(LINK_GONE.used) });
  });

  it('forgets a link replaced by a newer one when the outbox is read, and keeps the newer', async () => {
    const person = await addUser(app, org.org.id, { email: 'twice@outbox.example' });
    await post(app, 'forgot-password', { email: person.email });
    const firstToken = tokenOf(rowsTo(app, person.email)[0]!.link!);
    await post(app, 'forgot-password', { email: person.email });
    const shown = (await outboxQuery()).filter((m) => m.to === person.email);
    expect(shown.map((m) => m.link === null)).toEqual([false, true]); // newest first
    expect(shown[1]!.text).toContain(LINK_GONE.used);
    const [first, second] = rowsTo(app, person.email);
    expect(first).toMatchObject({ link: null, text: expect.stringContaining(LINK_GONE.used) });
    expect(first!.text).not.toContain(firstToken);
    expect(second!.link).toMatch(/token=/);
  });

  it('shows an expired link as expired, and no longer stores it', async () => {
    const person = await addUser(app, org.org.id, { email: 'expired@outbox.example' });
    await post(app, 'forgot-password', { email: person.email });
    const [mail] = rowsTo(app, person.email);
    const token = tokenOf(mail!.link!);
    // An hour later: the reset link has expired.
    app.services.db.$client.prepare('UPDATE one_time_tokens SET expires_at = ? WHERE token_hash = ?').run(Date.now() - 1000, sha256(token));
    const shown = (await outboxQuery()).find((m) => m.id === mail!.id)!;
    expect(shown.link).toBeNull();
    expect(shown.text).toContain(LINK_GONE.expired);
    expect(shown.text).not.toContain(token);
    expect(rowsTo(app, person.email)[0]!.link).toBeNull();
  });

  it('the daily job forgets expired and sent links and deletes old messages, without anyone reading the outbox', async () => {
    const person = await addUser(app, org.org.id, { email: 'job@outbox.example' });
    await post(app, 'forgot-password', { email: person.email });
    const [mail] = rowsTo(app, person.email);
    const token = tokenOf(mail!.link!);
    app.services.db.$client.prepare('UPDATE one_time_tokens SET expires_at = ? WHERE token_hash = ?').run(Date.now() - 1000, sha256(token));
    // A mail sent before links were forgotten on sending, and a message past the retention.
    const db = app.services.db.$client;
    db.prepare('INSERT INTO email_outbox (id, organization_id, "to", subject, text, link, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      'legacy-sent',
      org.org.id,
      person.email,
      'Reset',
      'Open https://x.example/change-password?token=legacyLegacyLegacyLegacy now',
      'https://x.example/change-password?token=legacyLegacyLegacyLegacy',
      new Date().toISOString(),
    );
    db.prepare('INSERT INTO email_outbox (id, organization_id, "to", subject, text, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      'ancient',
      org.org.id,
      person.email,
      'Old',
      'An old message',
      new Date(Date.now() - (OUTBOX_RETENTION_DAYS + 1) * DAY_MS).toISOString(),
    );
    expect(rowsTo(app, person.email).map((r) => r.link !== null)).toEqual([true, true, false]);

    const { scheduler } = app.services;
    const now = Date.now() + DAY_MS;
    scheduler.useClock(() => now);
    await scheduler.tick();
    scheduler.useClock(() => Date.now());

    const rows = rowsTo(app, person.email);
    expect(rows.map((r) => r.id)).toEqual([mail!.id, 'legacy-sent']);
    expect(rows[0]).toMatchObject({ link: null, text: expect.stringContaining(LINK_GONE.expired) });
    expect(rows[1]).toMatchObject({ link: null, text: `Open ${LINK_GONE.sent} now` });
  });
});

describe('with SMTP', () => {
  let app: FastifyInstance;
  let smtp: FakeSmtp;
  let org: Awaited<ReturnType<typeof seedOrg>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    app = await createTestApp({ SMTP_URL: smtp.url });
    org = await seedOrg(app, 'Mailed');
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const waitForRow = async (to: string, done: (r: Row) => boolean) => {
    for (let i = 0; i < 250 && !done(rowsTo(app, to).at(-1)!); i++) await new Promise((r) => setTimeout(r, 20));
    return rowsTo(app, to).at(-1)!;
  };

  it('a sent mail carried its link, and the outbox never stored it', async () => {
    await post(app, 'forgot-password', { email: org.member.email });
    await smtp.waitFor(1);
    const sent = smtp.received[0]!.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const token = /change-password\?token=([\w-]{43})/.exec(sent)?.[1];
    expect(token).toBeDefined();
    const row = await waitForRow(org.member.email, (r) => r.sent_at !== null);
    expect(row).toMatchObject({ link: null, text: expect.stringContaining(LINK_GONE.sent) });
    expect(row.text).not.toContain(token);
    const all = JSON.stringify(app.services.db.$client.prepare('SELECT * FROM email_outbox').all());
    expect(all).not.toContain(token);
  });

  it('a mail the server could not send keeps its link for an admin to hand out, until it is used', async () => {
    smtp.refuse = true;
    await post(app, 'forgot-password', { email: org.report.email });
    const row = await waitForRow(org.report.email, (r) => r.error !== null);
    smtp.refuse = false;
    expect(row.sent_at).toBeNull();
    expect(row.link).toMatch(/change-password\?token=/);
    expect(row.text).toContain(row.link!);
    expect((await post(app, 'change-password', { token: tokenOf(row.link!), password: NEW_PASSWORD })).statusCode).toBe(200);
    expect(rowsTo(app, org.report.email).at(-1)).toMatchObject({ link: null, text: expect.stringContaining(LINK_GONE.used) });
  });
});
