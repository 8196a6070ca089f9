import type { FastifyInstance } from 'fastify';
import { FEEDBACK_LIMITS } from '../../../shared/feedback.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { notify } from '../notifications/notifications.deliver.js';
import { markAskReminded, pendingAsk, reminderCandidates } from './feedback.automation.repo.js';
import { addWorkingDays, organizationTimeZones } from './feedback.working-days.js';

import { addDays } from '../../../shared/dates.js';

/**
 * Reminders for unanswered feedback requests (docs/decisions/0048): an hourly scan finds every
 * PENDING ask that has waited 3 working days (the organization's time zone, weekends skipped:
 * feedback.working-days.ts) and was never reminded. It sets the ask's `reminded_at` and queues the
 * message in one transaction (a transactional job): at most one reminder per ask, however often or
 * from how many runners the scan runs. The message goes to the responder (kind review_reminders)
 * unless they answered or declined meanwhile.
 */
export const REMINDER_SCAN_KIND = 'feedback.reminders';
export const REMINDER_SEND_KIND = 'feedback.reminder.send';

/** Jobs queued by earlier versions also carry names: they are not read. */
type SendPayload = { askId: string };

/** One scan; returns the ids of the asks it decided to remind. */
export function runReminderScan(services: Services, ctx: Pick<JobContext, 'now' | 'enqueue'>): string[] {
  const { db } = services;
  const now = ctx.now.getTime();
  // A first cut: N working days span at least N - 1 calendar days in any zone (N full days less the hour a
  // DST change on a working day takes away: Jerusalem's clocks go forward on a Friday). The count below is exact.
  const candidates = reminderCandidates(db, addDays(now, -(FEEDBACK_LIMITS.reminderWorkingDays - 1)).toISOString());
  if (!candidates.length) return [];
  const zones = organizationTimeZones(
    db,
    candidates.map((c) => c.organization_id),
  );
  const areaOn = new Map<string, boolean>();
  const reminded: string[] = [];
  for (const c of candidates) {
    const zone = zones.get(c.organization_id) ?? 'UTC';
    if (addWorkingDays(Date.parse(c.created_at), FEEDBACK_LIMITS.reminderWorkingDays, zone) > now) continue;
    let on = areaOn.get(c.organization_id);
    if (on === undefined) areaOn.set(c.organization_id, (on = isFeatureAreaOn(db, c.organization_id, 'CONTINUOUS_FEEDBACK')));
    if (!on) continue;
    if (!markAskReminded(db, c.ask_id, ctx.now.toISOString())) continue;
    ctx.enqueue({
      kind: REMINDER_SEND_KIND,
      uniqueKey: c.ask_id,
      organizationId: c.organization_id,
      payload: { askId: c.ask_id } satisfies SendPayload,
    });
    reminded.push(c.ask_id);
  }
  return reminded;
}

/**
 * The reminder says only that a request waits: who asked about whom is the request's, not the admins'
 * (whose outbox every mail reaches), and the pending page shows it (docs/decisions/0055).
 */
export const REMINDER_TITLE = 'Reminder: a feedback request is waiting for your answer';

/** (Re)creates the hourly scan; tests toggle it to restart its periods from a fake clock. */
export function scheduleFeedbackReminders(app: FastifyInstance, active = true): void {
  app.services.scheduler.schedule({
    key: REMINDER_SCAN_KIND,
    kind: REMINDER_SCAN_KIND,
    every: { unit: 'hours', count: 1 },
    startAt: '2026-01-01T00:00:00.000Z',
    catchUp: 'latest',
    active,
  });
}

export function registerFeedbackReminders(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register(
    REMINDER_SCAN_KIND,
    (_payload, ctx) => {
      runReminderScan(app.services, ctx);
    },
    { transactional: true },
  );
  scheduler.register<SendPayload>(REMINDER_SEND_KIND, async (payload, ctx) => {
    const orgId = ctx.organizationId ?? '';
    const ask = pendingAsk(app.services.db, payload.askId);
    if (!ask || !isFeatureAreaOn(app.services.db, orgId, 'CONTINUOUS_FEEDBACK')) return;
    await notify(app.services, {
      organizationId: orgId,
      userIds: [ask.responder_id],
      kind: 'review_reminders',
      private: true,
      title: REMINDER_TITLE,
      link: '/continuous-feedback/pending',
    });
  });
  scheduleFeedbackReminders(app);
}
