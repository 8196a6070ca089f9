import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { nowIso } from '../../lib/tokens.js';
import { updateOrganization } from '../org/org.repo.js';
import { slackWebhooks } from './notifications.slack.tables.js';

export type SlackWebhookRow = typeof slackWebhooks.$inferSelect;

export function findSlackWebhook(db: Db, orgId: string): SlackWebhookRow | undefined {
  return db.select().from(slackWebhooks).where(eq(slackWebhooks.organization_id, orgId)).get();
}

/** Connects (or replaces) the organization's webhook; the organization's `slack_integration` follows. */
export function saveSlackWebhook(db: Db, orgId: string, input: { url: string; channelLabel: string | null; createdBy: string }): SlackWebhookRow {
  return db.transaction(() => {
    const row = {
      organization_id: orgId,
      webhook_url: input.url,
      channel_label: input.channelLabel,
      created_by: input.createdBy,
      created_at: nowIso(),
      last_success_at: null,
      last_error: null,
      last_error_at: null,
    };
    db.insert(slackWebhooks).values(row).onConflictDoUpdate({ target: slackWebhooks.organization_id, set: row }).run();
    updateOrganization(db, orgId, { slack_integration: true });
    return row;
  });
}

/** Disconnects Slack; true when there was a webhook to remove. */
export function deleteSlackWebhook(db: Db, orgId: string): boolean {
  return db.transaction(() => {
    const removed = db.delete(slackWebhooks).where(eq(slackWebhooks.organization_id, orgId)).run().changes > 0;
    updateOrganization(db, orgId, { slack_integration: false });
    return removed;
  });
}

/**
 * Records how the last post went (shown to admins). Only when the row still holds the URL that
 * was used: a webhook replaced meanwhile keeps its own clean record.
 */
export function recordSlackDelivery(db: Db, orgId: string, url: string, outcome: { ok: true } | { ok: false; error: string }): void {
  const row = findSlackWebhook(db, orgId);
  if (!row || row.webhook_url !== url) return;
  const patch = outcome.ok
    ? { last_success_at: nowIso(), last_error: null, last_error_at: null }
    : { last_error: outcome.error.slice(0, 300), last_error_at: nowIso() };
  db.update(slackWebhooks).set(patch).where(eq(slackWebhooks.organization_id, orgId)).run();
}
