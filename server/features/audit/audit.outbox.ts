import type { Services } from '../../services.js';
import type { Viewer } from '../auth/viewer.js';
import { peekOneTimeToken, type OneTimePurpose } from '../auth/auth.repo.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUserByEmail, findUserById } from '../users/users.repo.js';
import { linkToken } from '../notifications/notifications.outbox.js';
import { auditActorOf } from './audit.actor.js';
import { findViewedMailIds, recordAudit } from './audit.repo.js';
import { formatDateTime } from '../../../shared/format.js';

type ShownMail = { id: string; to: string; subject: string; link: string | null };

/** Links that sign someone in (or set their password), by the one-time token they carry. */
const SIGN_IN_PURPOSES: ReadonlySet<OneTimePurpose> = new Set(['reset', 'invite']);
const LINK_WORDS: Record<string, string> = { reset: 'password reset link', invite: 'invitation link' };

/**
 * An admin read the email outbox and was shown these links: OUTBOX_LINK_VIEWED once per mail with a
 * one-time link and admin (re-reading adds nothing), about the recipient. When the link still lets someone set the
 * recipient's password (a live reset or invitation link), the recipient is told in their
 * notifications, once per mail and admin (docs/decisions/0042).
 */
export function recordOutboxLinksViewed(services: Services, viewer: Viewer, ip: string | null, shown: readonly ShownMail[]): void {
  const { db } = services;
  // Links with a one-time token only (sign-up, invitation, reset, email change): a notification's link to a page opens nothing by itself.
  const withLinks = shown.filter((m) => m.link && linkToken(m.link));
  if (!withLinks.length) return;
  const seen = findViewedMailIds(
    db,
    viewer.organizationId,
    viewer.userId,
    withLinks.map((m) => m.id),
  );
  const fresh = withLinks.filter((m) => !seen.has(m.id));
  if (!fresh.length) return;
  const toTell: Array<{ userId: string; timeZone: string | null; words: string }> = [];
  db.transaction(() => {
    for (const mail of fresh) {
      const live = peekOneTimeToken(db, linkToken(mail.link)!, ['signup', 'invite', 'reset', 'email-change']);
      const recipient = live?.user_id ? findUserById(db, viewer.organizationId, live.user_id) : findUserByEmail(db, viewer.organizationId, mail.to);
      recordAudit(db, {
        ...auditActorOf(viewer, ip),
        action: 'OUTBOX_LINK_VIEWED',
        subjectUserId: recipient?.id ?? null,
        subjectLabel: mail.to,
        details: { mail_id: mail.id, subject: mail.subject.slice(0, 120), link_kind: live ? live.purpose : 'expired_or_used' },
      });
      // An admin reading their own link is not told about it.
      if (live && recipient && recipient.id !== viewer.userId && SIGN_IN_PURPOSES.has(live.purpose))
        toTell.push({ userId: recipient.id, timeZone: recipient.time_zone, words: LINK_WORDS[live.purpose]! });
    }
  });
  if (!toTell.length) return;
  const adminName = findUserById(db, viewer.organizationId, viewer.userId)?.full_name ?? viewer.email;
  const now = new Date();
  for (const { userId, timeZone, words } of toTell) {
    // Admins read the audit log; a Slack channel does not: who and when are in the body (docs/decisions/0055).
    void notify(services, {
      organizationId: viewer.organizationId,
      userIds: [userId],
      kind: 'account_security',
      private: false,
      title: `An admin viewed your ${words}`,
      body: `${adminName} viewed it on ${formatDateTime(now, timeZone)}. No mail server is set up, so admins can read the mail Teamlens sends. If you did not expect this, change your password and tell your admin.`,
      link: '/settings/security',
    });
  }
}
