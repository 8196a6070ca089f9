import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { formatDay } from '../../../shared/format.js';
import { notify } from '../notifications/notifications.deliver.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { REVIEW_REMINDER_DEFAULTS } from '../../../shared/review-reminders.schemas.js';
import { listReminderSettings, reminderSettingsOf } from './reviews.reminders.repo.js';
import { findReminderCandidate, pendingRequestsDueBefore, pendingRequestsOfReviewer, type ReminderCandidate } from './reviews.progress.repo.js';

import { addDays, dayOf } from '../../../shared/dates.js';

/**
 * Review reminders through the persisted scheduler (docs/decisions/0013, 0018, 0023).
 * One reminder is one message to one reviewer about one cycle, listing every review they still owe
 * in it: a manager with six pending manager reviews gets one message, not six.
 * - `reviews.reminders` runs every hour (catch-up: the latest period only). It finds pending
 *   requests of active cycles due within the organization's `days_before` (default 2) or overdue
 *   (unless it switched that off) and enqueues one
 *   `reviews.reminder.send` job per reviewer, cycle, due date and moment, unique key
 *   `<reviewer>:<cycle>:<due>:<before|overdue>`: sent once per due date however often the scan
 *   runs, and again only when the due date moves.
 * - Manual reminders (remindReviewer, remindLateReviewers) enqueue the same job with the key
 *   `<reviewer>:<cycle>:manual:<day>`: at most one per person, cycle and day. The jobs table is the record.
 * The send job reads the reviewer's pending requests when it runs: reviews submitted meanwhile are
 * not mentioned, and with none left nothing is sent.
 * Reviewers with `excluded_review_automation` get no automatic reminder (manual ones still go).
 */
export const REMINDER_SCAN_KIND = 'reviews.reminders';
export const REMINDER_SEND_KIND = 'reviews.reminder.send';

export type ReminderMoment = 'before' | 'overdue' | 'manual';
type SendPayload = { reviewerId: string; cycleId: string; moment: ReminderMoment; dueAt?: string };
type Target = Pick<ReminderCandidate, 'organization_id' | 'reviewer_id' | 'cycle_id'>;

export const reminderKey = (t: Target, dueAt: string, moment: 'before' | 'overdue') => `${t.reviewer_id}:${t.cycle_id}:${dueAt}:${moment}`;
export const manualReminderKey = (t: Target, at: Date) => `${t.reviewer_id}:${t.cycle_id}:manual:${dayOf(at)}`;

/** "Linus Torvalds", "your self review and Ada Lovelace", "A, B, C and 3 others". */
function namesOf(owed: readonly ReminderCandidate[]): string {
  const names = owed.map((c) => (c.reviewee_id === c.reviewer_id ? 'your self review' : c.reviewee_name));
  const shown = names.length > 4 ? [...names.slice(0, 3), `${names.length - 3} others`] : names;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The one message about a reviewer's pending reviews in a cycle, earliest due first. */
export function reminderText(owed: readonly ReminderCandidate[], moment: ReminderMoment, now: Date): { title: string; body: string } {
  const first = owed[0]!;
  const many = owed.length > 1;
  const self = !many && first.reviewee_id === first.reviewer_id;
  const phrase = many ? `your ${owed.length} reviews (${namesOf(owed)})` : self ? 'your self review' : `your review of ${first.reviewee_name}`;
  const from = moment === 'manual' ? ' (A reminder from your manager or admin.)' : '';
  const late = owed.filter((c) => c.due_at <= now.toISOString());
  if (late.length) {
    const when =
      late.length === owed.length
        ? `${many ? 'they were' : 'it was'} due on ${formatDay(first.due_at)}`
        : `${late.length} ${late.length === 1 ? 'is' : 'are'} past due`;
    return { title: `Overdue review${many ? 's' : ''}`, body: `${first.cycle_name}: please write ${phrase} as soon as you can: ${when}.${from}` };
  }
  return {
    title: `${many ? `${owed.length} reviews` : 'Review'} due ${formatDay(first.due_at)}`,
    body: `${first.cycle_name}: please write ${phrase} by ${formatDay(first.due_at)}.${from}`,
  };
}

/** Queues a manual reminder for the reviewer of these requests in their cycle; false when one was already queued today. */
export function queueManualReminder(services: Services, t: Target): boolean {
  const now = new Date(services.scheduler.now());
  return services.scheduler.enqueue({
    kind: REMINDER_SEND_KIND,
    uniqueKey: manualReminderKey(t, now),
    organizationId: t.organization_id,
    payload: { reviewerId: t.reviewer_id, cycleId: t.cycle_id, moment: 'manual' } satisfies SendPayload,
  }).created;
}

/** Jobs queued before reminders were grouped per reviewer (one per request) still run, as their reviewer's reminder. */
type LegacySendPayload = { requestId: string; moment: ReminderMoment };
function currentPayload(services: Services, orgId: string, p: SendPayload | LegacySendPayload): SendPayload | null {
  if (!('requestId' in p)) return p;
  const c = findReminderCandidate(services.db, orgId, p.requestId);
  return c ? { reviewerId: c.reviewer_id, cycleId: c.cycle_id, moment: p.moment, ...(p.moment === 'manual' ? {} : { dueAt: c.due_at }) } : null;
}

/** Registers both job kinds and the hourly schedule (idempotent across restarts: same key). */
export function registerReviewReminders(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register(REMINDER_SCAN_KIND, (_payload, ctx) => {
    const { db } = app.services;
    const now = ctx.now.getTime();
    const settings = listReminderSettings(db);
    const widest = Math.max(REVIEW_REMINDER_DEFAULTS.days_before, ...[...settings.values()].map((s) => s.days_before));
    const queued = new Set<string>();
    for (const c of pendingRequestsDueBefore(db, addDays(now, widest).toISOString())) {
      const moment = Date.parse(c.due_at) <= now ? 'overdue' : 'before';
      const own = reminderSettingsOf(settings, c.organization_id);
      // Each organization's own window and choice (/reviews/automation).
      if (moment === 'overdue' ? !own.when_overdue : Date.parse(c.due_at) > addDays(now, own.days_before).getTime()) continue;
      // Same reviewer, cycle, due date and moment: the same key, so one job (asked once per pass; enqueue ignores keys it has).
      const key = reminderKey(c, c.due_at, moment);
      if (queued.has(key)) continue;
      queued.add(key);
      ctx.enqueue({
        kind: REMINDER_SEND_KIND,
        uniqueKey: key,
        organizationId: c.organization_id,
        payload: { reviewerId: c.reviewer_id, cycleId: c.cycle_id, moment, dueAt: c.due_at } satisfies SendPayload,
      });
    }
  });
  scheduler.register<SendPayload | LegacySendPayload>(REMINDER_SEND_KIND, async (queued, ctx) => {
    const orgId = ctx.organizationId ?? '';
    const payload = currentPayload(app.services, orgId, queued);
    if (!payload || !isFeatureAreaOn(app.services.db, orgId, 'REVIEWS')) return;
    // Pending now (submitted or declined meanwhile: left out); a scheduled reminder is about its due date only.
    const owed = pendingRequestsOfReviewer(app.services.db, orgId, payload.cycleId, payload.reviewerId).filter(
      (c) => !payload.dueAt || c.due_at === payload.dueAt,
    );
    if (!owed.length) return;
    await notify(app.services, {
      organizationId: orgId,
      userIds: [payload.reviewerId],
      kind: 'review_reminders',
      private: false,
      link: '/reviews/pending',
      ...reminderText(owed, payload.moment, ctx.now),
    });
  });
  scheduler.schedule({
    key: REMINDER_SCAN_KIND,
    kind: REMINDER_SCAN_KIND,
    every: { unit: 'hours', count: 1 },
    startAt: '2026-01-01T00:00:00.000Z',
    catchUp: 'latest',
    payload: {},
  });
}
