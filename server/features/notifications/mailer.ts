import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/connection.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { insertOutboxMail, markOutboxMailFailed, markOutboxMailSent } from './notifications.repo.js';
import { LINK_GONE } from './notifications.outbox-links.repo.js';

export type Mail = { organizationId: string | null; to: string; subject: string; text: string; link?: string };

/**
 * Every mail is written to the outbox first. With SMTP configured it is then sent;
 * without, it stays there, is logged (without its link), and admins can read it to hand out links.
 */
export class Mailer {
  /** nodemailer is loaded with the first mail sent, not when the server starts (docs/decisions/0062, warm start). */
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly smtpUrl: string | undefined,
    private readonly from: string,
  ) {}

  get smtpConfigured(): boolean {
    return !!this.smtpUrl;
  }

  private transporter(smtpUrl: string): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
    return this.transport;
  }

  send(mail: Mail): string {
    const id = newId();
    // With SMTP the row never holds the link (it may sign someone in): only if sending fails is it
    // kept, for an admin to hand out until it is used or expires (docs/decisions/0044).
    const kept =
      this.smtpUrl && mail.link ? { text: mail.text.split(mail.link).join(LINK_GONE.sent), link: null } : { text: mail.text, link: mail.link ?? null };
    insertOutboxMail(this.db, { id, organization_id: mail.organizationId, to: mail.to, subject: mail.subject, ...kept });
    if (!this.smtpUrl) {
      // Never the link itself: it may sign someone in (docs/decisions/0044). Admins read it in the outbox.
      // Nor the address: a sign-up or email change mails an address someone typed (docs/decisions/0057); the outbox row names it.
      this.log.info(
        { mailId: id, subject: mail.subject, hasLink: !!mail.link },
        'mail kept in the outbox (SMTP_URL not set): admins read it on Admin, Settings, Configurations, Email outbox',
      );
      return id;
    }
    this.transporter(this.smtpUrl)
      .then((transport) => transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text }))
      .then(() => markOutboxMailSent(this.db, id, nowIso()))
      .catch((err: unknown) => {
        this.log.warn({ mailId: id, err: String(err) }, 'mail could not be sent; kept in outbox');
        markOutboxMailFailed(this.db, id, { error: String(err).slice(0, 500), text: mail.text, link: mail.link ?? null });
      });
    return id;
  }

  close(): void {
    void this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}
