import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { findOneTimeTokenState } from '../auth/auth.repo.js';
import { emailOutbox } from './notifications.tables.js';

import { addDays } from '../../../shared/dates.js';

/**
 * Links in the outbox (docs/decisions/0044). A link with a one-time token is kept only while an
 * admin may need to hand it out: the mail is unsent (no SMTP, or sending failed) and its token is
 * live. Once the mail went out, the token was used or replaced by a newer link, or it expired, the
 * link is removed from the row and from its text, which says so instead.
 */
export const LINK_GONE = {
  sent: '[link sent by email]',
  used: '[link used, or replaced by a newer one]',
  expired: '[link expired]',
} as const;

/** Whole outbox messages older than this are deleted by the daily job. */
export const OUTBOX_RETENTION_DAYS = 90;

function tokenOf(link: string): string | null {
  try {
    return new URL(link).searchParams.get('token');
  } catch {
    return null;
  }
}

function forget(db: Db, id: string, link: string, reason: keyof typeof LINK_GONE): void {
  db.update(emailOutbox)
    .set({ link: null, text: sql`replace(${emailOutbox.text}, ${link}, ${LINK_GONE[reason]})` })
    .where(eq(emailOutbox.id, id))
    .run();
}

/** A one-time token was just used: the link that carried it leaves the outbox at once. */
export function forgetOutboxLinkOfToken(db: Db, token: string): void {
  db.update(emailOutbox)
    .set({ text: sql`replace(${emailOutbox.text}, ${emailOutbox.link}, ${LINK_GONE.used})`, link: null })
    .where(and(isNotNull(emailOutbox.link), sql`instr(${emailOutbox.link}, ${`token=${encodeURIComponent(token)}`}) > 0`))
    .run();
}

/**
 * Removes the outbox links that no longer need keeping: sent mail's links, and links whose one-time
 * token is used, replaced or expired. Only rows that still hold such a link are read (of `ids`
 * when given: the rows an admin is about to be shown). Returns how many links were removed.
 */
export function forgetDeadOutboxLinks(db: Db, opts: { ids?: readonly string[]; now?: number } = {}): number {
  const now = opts.now ?? Date.now();
  if (opts.ids && opts.ids.length === 0) return 0;
  const rows = db
    .select({ id: emailOutbox.id, link: emailOutbox.link, sent_at: emailOutbox.sent_at })
    .from(emailOutbox)
    .where(
      and(
        isNotNull(emailOutbox.link),
        or(isNotNull(emailOutbox.sent_at), sql`instr(${emailOutbox.link}, 'token=') > 0`),
        opts.ids ? inArray(emailOutbox.id, [...opts.ids]) : undefined,
      ),
    )
    .all();
  let removed = 0;
  for (const row of rows) {
    const link = row.link!;
    let reason: keyof typeof LINK_GONE | null = row.sent_at ? 'sent' : null;
    const token = reason ? null : tokenOf(link);
    if (token) {
      const live = findOneTimeTokenState(db, token);
      if (!live || live.used_at !== null) reason = 'used';
      else if (live.expires_at < now) reason = 'expired';
    }
    if (reason) {
      forget(db, row.id, link, reason);
      removed += 1;
    }
  }
  return removed;
}

/** Deletes outbox messages older than OUTBOX_RETENTION_DAYS; returns how many. */
export function deleteOldOutboxMail(db: Db, now = Date.now()): number {
  const before = addDays(now, -OUTBOX_RETENTION_DAYS).toISOString();
  return db.delete(emailOutbox).where(lt(emailOutbox.created_at, before)).run().changes;
}
