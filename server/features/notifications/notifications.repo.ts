import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';
import { topics } from '../../graphql/pubsub.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { emailOutbox, notifications } from './notifications.tables.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** Stores an in-app notification and pushes it to the recipient's open subscriptions. */
export function addNotification(
  services: Services,
  input: { organizationId: string; userId: string; kind: string; title: string; body?: string; link?: string },
): NotificationRow {
  const row: NotificationRow = {
    id: newId(),
    organization_id: input.organizationId,
    user_id: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body ?? null,
    link: input.link ?? null,
    created_at: nowIso(),
    read_at: null,
  };
  services.db.insert(notifications).values(row).run();
  services.pubsub.publish(topics.notificationAdded(input.userId), row);
  return row;
}

export function listNotifications(db: Db, userId: string, opts: { unreadOnly?: boolean; limit: number }): NotificationRow[] {
  const conds = [eq(notifications.user_id, userId)];
  if (opts.unreadOnly) conds.push(isNull(notifications.read_at));
  return db
    .select()
    .from(notifications)
    .where(and(...conds))
    .orderBy(desc(notifications.created_at))
    .limit(opts.limit)
    .all();
}

export function countUnread(db: Db, userId: string): number {
  return (
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
      .get()?.n ?? 0
  );
}

export function markRead(db: Db, userId: string, ids: readonly string[] | null): number {
  const conds = [eq(notifications.user_id, userId), isNull(notifications.read_at)];
  if (ids) conds.push(inArray(notifications.id, [...ids]));
  return db
    .update(notifications)
    .set({ read_at: nowIso() })
    .where(and(...conds))
    .run().changes;
}

/** The organization's mail; with `withInstallMail` (the operator organization) also mail of no organization, such as sign-up links. */
export function listOutbox(db: Db, orgId: string, limit: number, withInstallMail = false) {
  const mine = eq(emailOutbox.organization_id, orgId);
  return db
    .select()
    .from(emailOutbox)
    .where(withInstallMail ? or(mine, isNull(emailOutbox.organization_id)) : mine)
    .orderBy(desc(emailOutbox.created_at))
    .limit(limit)
    .all();
}

export type NewOutboxMail = { id: string; organization_id: string | null; to: string; subject: string; text: string; link: string | null };

export function insertOutboxMail(db: Db, mail: NewOutboxMail): void {
  db.insert(emailOutbox).values(mail).run();
}

export function markOutboxMailSent(db: Db, id: string, at: string): void {
  db.update(emailOutbox).set({ sent_at: at, attempts: 1 }).where(eq(emailOutbox.id, id)).run();
}

/** Sending failed: the error is kept, with the full text and link for an admin to hand out (docs/decisions/0044). */
export function markOutboxMailFailed(db: Db, id: string, failure: { error: string; text: string; link: string | null }): void {
  db.update(emailOutbox).set({ error: failure.error, attempts: 1, text: failure.text, link: failure.link }).where(eq(emailOutbox.id, id)).run();
}

/**
 * Mail kept in the outbox and not sent (no SMTP, or sending failed): the organization's, and with
 * `withInstallMail` (the operator organization) also the install's own, such as sign-up links.
 */
export function countWaitingMail(db: Db, organizationId: string, withInstallMail = false): number {
  const mine = eq(emailOutbox.organization_id, organizationId);
  return (
    db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(withInstallMail ? or(mine, isNull(emailOutbox.organization_id)) : mine, isNull(emailOutbox.sent_at)))
      .get()?.n ?? 0
  );
}
