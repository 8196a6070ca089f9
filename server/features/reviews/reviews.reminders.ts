import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findReminderCandidate, pendingRequestsDueBefore, type ReminderCandidate } from './reviews.progress.repo.js';

/**
 * Review reminders through the persisted scheduler (docs/decisions/0013, 0018).
 * - `reviews.reminders` runs every hour (catch-up: the latest period only). It finds pending
 *   requests of active cycles due within REMINDER_DAYS_BEFORE days or overdue and enqueues one
 *   `reviews.reminder.send` job per request, due date and moment, unique key
 *   `<request>:<due>:<before|overdue>`: a reminder is sent once per due date, however often the
 *   scan runs, and again only when the due date moves.
 * - Manual reminders (remindReviewer, remindLateReviewers) enqueue the same job with the key
 *   `<request>:manual:<day>`: at most one per request per day. The jobs table is the record.
 * Reviewers with `excluded_review_automation` get no automatic reminder (manual ones still go).
 */
export const REMINDER_SCAN_KIND = 'reviews.reminders';
export const REMINDER_SEND_KIND = 'reviews.reminder.send';
export const REMINDER_DAYS_BEFORE = 2;
const DAY_MS = 86_400_000;

export type ReminderMoment = 'before' | 'overdue' | 'manual';
type SendPayload = { requestId: string; moment: ReminderMoment };
type ScanPayload = { daysBefore?: number };

export const reminderKey = (requestId: string, dueAt: string, moment: 'before' | 'overdue') => `${requestId}:${dueAt}:${moment}`;
export const manualReminderKey = (requestId: string, at: Date) => `${requestId}:manual:${at.toISOString().slice(0, 10)}`;

const dueDay = (iso: string) => iso.slice(0, 10);

function reminderText(c: ReminderCandidate, moment: ReminderMoment, now: Date) {
  const late = c.due_at <= now.toISOString();
  return {
    title: late ? `Overdue review: ${c.cycle_name}` : `Review due ${dueDay(c.due_at)}: ${c.cycle_name}`,
    body: late
      ? `Your review of ${c.reviewee_name} was due on ${dueDay(c.due_at)}. Please write it as soon as you can.`
      : `Please write your review of ${c.reviewee_name} by ${dueDay(c.due_at)}.${moment === 'manual' ? ' (A reminder from your manager or admin.)' : ''}`,
  };
}

/** Queues a manual reminder for one request; false when one was already queued today. */
export function queueManualReminder(services: Services, c: Pick<ReminderCandidate, 'request_id' | 'organization_id'>): boolean {
  const now = new Date(services.scheduler.now());
  return services.scheduler.enqueue({
    kind: REMINDER_SEND_KIND, uniqueKey: manualReminderKey(c.request_id, now), organizationId: c.organization_id,
    payload: { requestId: c.request_id, moment: 'manual' } satisfies SendPayload,
  }).created;
}

/** Registers both job kinds and the hourly schedule (idempotent across restarts: same key). */
export function registerReviewReminders(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register<ScanPayload>(REMINDER_SCAN_KIND, (payload, ctx) => {
    const days = payload.daysBefore ?? REMINDER_DAYS_BEFORE;
    const now = ctx.now.getTime();
    for (const c of pendingRequestsDueBefore(app.services.db, new Date(now + days * DAY_MS).toISOString())) {
      const moment = Date.parse(c.due_at) <= now ? 'overdue' : 'before';
      ctx.enqueue({
        kind: REMINDER_SEND_KIND, uniqueKey: reminderKey(c.request_id, c.due_at, moment), organizationId: c.organization_id,
        payload: { requestId: c.request_id, moment } satisfies SendPayload,
      });
    }
  });
  scheduler.register<SendPayload>(REMINDER_SEND_KIND, async (payload, ctx) => {
    const orgId = ctx.organizationId ?? '';
    const c = findReminderCandidate(app.services.db, orgId, payload.requestId);
    // Submitted, declined or closed meanwhile: nothing to remind of.
    if (!c || c.status !== 'PENDING' || c.cycle_status !== 'ACTIVE') return;
    await notify(app.services, { organizationId: orgId, userIds: [c.reviewer_id], kind: 'review_reminders', link: `/reviews/pending`, ...reminderText(c, payload.moment, ctx.now) });
  });
  scheduler.schedule({
    key: REMINDER_SCAN_KIND, kind: REMINDER_SCAN_KIND, every: { unit: 'hours', count: 1 }, startAt: '2026-01-01T00:00:00.000Z',
    catchUp: 'latest', payload: { daysBefore: REMINDER_DAYS_BEFORE } satisfies ScanPayload,
  });
}
