import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { REVIEW_REMINDER_DEFAULTS, type ReviewReminderSettingsData } from '../../../shared/review-reminders.schemas.js';
import { reviewReminderSettings } from './reviews.reminders.tables.js';

export type ReminderSettings = ReviewReminderSettingsData & { updated_at: string | null };

const defaults = (): ReminderSettings => ({ ...REVIEW_REMINDER_DEFAULTS, updated_at: null });

export function findReminderSettings(db: Db, orgId: string): ReminderSettings {
  const row = db.select().from(reviewReminderSettings).where(eq(reviewReminderSettings.organization_id, orgId)).get();
  return row ? { days_before: row.days_before, when_overdue: row.when_overdue, updated_at: row.updated_at } : defaults();
}

/** Every organization that changed its settings (the others use the defaults). */
export function listReminderSettings(db: Db): Map<string, ReminderSettings> {
  return new Map(
    db
      .select()
      .from(reviewReminderSettings)
      .all()
      .map((r) => [r.organization_id, { days_before: r.days_before, when_overdue: r.when_overdue, updated_at: r.updated_at }]),
  );
}

export const reminderSettingsOf = (all: Map<string, ReminderSettings>, orgId: string): ReminderSettings => all.get(orgId) ?? defaults();

export function saveReminderSettings(db: Db, orgId: string, userId: string, data: ReviewReminderSettingsData): void {
  db.insert(reviewReminderSettings)
    .values({ organization_id: orgId, ...data, updated_by: userId })
    .onConflictDoUpdate({
      target: reviewReminderSettings.organization_id,
      set: { ...data, updated_by: userId, updated_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
    })
    .run();
}
