import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { findOneTimeTokenUsers } from '../auth/auth.repo.js';
import { findUserByEmail, findUsersByIds, type UserRow } from '../users/users.repo.js';
import type { listOutbox } from './notifications.repo.js';

type OutboxRow = ReturnType<typeof listOutbox>[number];
export type OutboxMail = OutboxRow & { link_withheld: string | null };

/** The one-time token a mailed link carries (sign-up, invitation, reset, email change), or null. */
export function linkToken(link: string | null): string | null {
  if (!link) return null;
  try {
    return new URL(link).searchParams.get('token');
  } catch {
    return null;
  }
}

function withoutLink(row: OutboxRow, words: string, reason: string | null): OutboxMail {
  return { ...row, link: null, text: row.link ? row.text.split(row.link).join(words) : row.text, link_withheld: reason };
}

export const coAdminLinkWithheld = (name: string) =>
  `Not shown: this link opens the account of another admin, ${name}. Only they may use it: a mail server (SMTP) would deliver it, and whoever runs this server can make them a new one with npm run reset-link.`;

/**
 * Whose account a mail's link opens: the token's owner, else the person the mail is addressed to
 * (a link whose token is gone). Undefined for links of no account (sign-up) or of no one here.
 */
function ownersOf(db: Db, orgId: string, rows: readonly OutboxRow[]): Map<string, UserRow> {
  const tokens = new Map(rows.map((r) => [r.id, linkToken(r.link)] as const).filter((e): e is [string, string] => e[1] !== null));
  const tokenUsers = findOneTimeTokenUsers(db, [...tokens.values()]);
  const users = new Map(
    findUsersByIds(db, orgId, [...new Set([...tokenUsers.values()].filter((id): id is string => !!id))], { includeDeleted: true }).map((u) => [u.id, u]),
  );
  const owners = new Map<string, UserRow>();
  for (const row of rows) {
    const token = tokens.get(row.id);
    if (!token) continue;
    const known = tokenUsers.has(token);
    const owner = known ? users.get(tokenUsers.get(token) ?? '') : findUserByEmail(db, orgId, row.to, { includeDeleted: true });
    if (owner) owners.set(row.id, owner);
  }
  return owners;
}

/**
 * The outbox as this admin may read it (docs/decisions/0045):
 * - once a mail went out by SMTP its link is no longer shown;
 * - a link that opens another admin's account (reset, email change; the invitation of an admin who
 *   has not joined yet is shown: it opens an empty account and is how admins are added without SMTP)
 *   is withheld, with the reason the screen shows;
 * - links of members and managers, the admin's own mail and the install's sign-up mail are shown
 *   (and their viewing is audited by the caller).
 */
export function outboxForAdmin(db: Db, viewer: Viewer, rows: readonly OutboxRow[]): OutboxMail[] {
  const owners = ownersOf(
    db,
    viewer.organizationId,
    rows.filter((r) => r.link && !r.sent_at),
  );
  return rows.map((row) => {
    if (!row.link) return { ...row, link_withheld: null };
    if (row.sent_at) return withoutLink(row, '[link sent by email]', null);
    const owner = owners.get(row.id);
    if (owner && owner.id !== viewer.userId && owner.permission_level === 'ADMIN' && owner.status !== 'INVITED') {
      return withoutLink(row, "[link not shown: it opens another admin's account]", coAdminLinkWithheld(owner.full_name));
    }
    return { ...row, link_withheld: null };
  });
}
