/**
 * The email outbox as an admin reads it without SMTP: links of members and managers, the admin's own
 * mail and invitations are shown (and their viewing audited); a link that opens another admin's
 * account is withheld with the reason the screen shows (docs/decisions/0045).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Browser, addUser, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { auditRows, detailsOf } from '../audit/audit.test-support.js';

type Mail = { id: string; to: string; subject: string; text: string; link: string | null; link_withheld: string | null };
const OUTBOX = '{ emailOutbox(limit: 500) { id to subject text link link_withheld } }';

let app: FastifyInstance;
let org: Awaited<ReturnType<typeof seedOrg>>;
let ip = 0;

async function askReset(email: string): Promise<void> {
  const browser = new Browser(app, `10.7.0.${++ip}`);
  const csrfToken = await browser.csrf();
  const res = await browser.request({ method: 'POST', url: '/api/auth/forgot-password', json: { email, csrfToken } });
  expect(res.statusCode).toBe(200);
}

/** The token of the last link mailed to this address, straight from the table. */
const storedLink = (to: string) =>
  (app.services.db.$client.prepare(`SELECT link FROM email_outbox WHERE "to" = ? AND link LIKE '%token=%' ORDER BY rowid DESC`).get(to) as { link: string })
    .link;

beforeAll(async () => {
  app = await createTestApp();
  org = await seedOrg(app, 'Outboxed');
});
afterAll(async () => {
  await app.close();
});

describe('reset links in the outbox', () => {
  it("admin A cannot read admin B's reset link; sees a member's and a manager's, and their viewing is audited", async () => {
    const coAdmin = await addUser(app, org.org.id, { email: 'bea@outboxed.example', full_name: 'Bea Admin', permission_level: 'ADMIN' });
    await askReset(coAdmin.email);
    await askReset(org.member.email);
    await askReset(org.manager.email);
    await askReset(org.admin.email);

    const admin = await signedIn(app, org.admin.email);
    const mails = (await admin.gql(OUTBOX)).data!.emailOutbox as Mail[];
    const to = (email: string) => mails.find((m) => m.to === email && m.subject === 'Reset your Teamlens password')!;

    const hidden = to(coAdmin.email);
    expect(hidden.link).toBeNull();
    expect(hidden.link_withheld).toMatch(/^Not shown: this link opens the account of another admin, Bea Admin\./);
    expect(hidden.text).not.toContain(storedLink(coAdmin.email));
    expect(hidden.text).not.toContain('token=');
    expect(hidden.text).toContain("[link not shown: it opens another admin's account]");

    for (const email of [org.member.email, org.manager.email, org.admin.email]) {
      expect(to(email)).toMatchObject({ link: storedLink(email), link_withheld: null });
    }

    const viewed = auditRows(app, org.org.id, 'OUTBOX_LINK_VIEWED');
    expect(viewed.map((r) => r.subject_user_id).sort()).toEqual([org.member.id, org.manager.id, org.admin.id].sort());
    expect(viewed.every((r) => r.actor_user_id === org.admin.id && detailsOf(r).link_kind === 'reset')).toBe(true);
    // The member and the manager are told; Bea is told nothing (nobody saw her link), nor is Alex about his own.
    const told = (userId: string) =>
      (app.services.db.$client.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'account_security'").get(userId) as { n: number })
        .n;
    expect([org.member.id, org.manager.id, coAdmin.id, org.admin.id].map(told)).toEqual([1, 1, 0, 0]);

    // Bea reads her own link; Alex's is hidden from her.
    const bea = await signedIn(app, coAdmin.email);
    const hers = (await bea.gql(OUTBOX)).data!.emailOutbox as Mail[];
    const reset = (email: string) => hers.find((m) => m.to === email && m.subject === 'Reset your Teamlens password');
    expect(reset(coAdmin.email)).toMatchObject({ link: storedLink(coAdmin.email), link_withheld: null });
    expect(reset(org.admin.email)).toMatchObject({ link: null, link_withheld: expect.stringContaining('Outboxed Admin') });
  });

  it('the invitation of an admin who has not joined yet is shown (how admins are added without SMTP)', async () => {
    const admin = await signedIn(app, org.admin.email);
    const created = await admin.gql('mutation($input: AddUserInput!) { addUser(input: $input, sendInvitation: true) { id } }', {
      input: { email: 'newadmin@outboxed.example', full_name: 'New Admin', permission_level: 'ADMIN' },
    });
    expect(created.errors).toBeUndefined();
    const mails = (await admin.gql(OUTBOX)).data!.emailOutbox as Mail[];
    expect(mails.find((m) => m.to === 'newadmin@outboxed.example')).toMatchObject({
      subject: 'You are invited to Teamlens',
      link: storedLink('newadmin@outboxed.example'),
      link_withheld: null,
    });
  });
});
