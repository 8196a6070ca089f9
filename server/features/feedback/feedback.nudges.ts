import type { FastifyInstance } from 'fastify';
import { formatDay } from '../../../shared/format.js';
import { FEEDBACK_LIMITS } from '../../../shared/feedback.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import { newId } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { notify, type Reader } from '../notifications/notifications.deliver.js';
import { nudgeCandidates, recordNudge } from './feedback.progress.repo.js';

import { addDays } from '../../../shared/dates.js';

/**
 * Nudges (docs/decisions/0048): once a day, for every active person who received no feedback for
 * 60 days (since their last received feedback, or since their start when they never got any), their
 * manager is told once per quiet stretch. The stretch is `feedback_nudges(user_id, since)`, unique:
 * the scan records it and queues the message in one transaction (a transactional job), so neither a
 * second scan, a second runner nor a restart nudges twice; new feedback starts a new stretch.
 */
export const NUDGE_SCAN_KIND = 'feedback.nudges';
export const NUDGE_SEND_KIND = 'feedback.nudge.send';

type SendPayload = { userId: string; managerId: string; name: string; since: string };

/** One scan; returns how many stretches it recorded (each with its message queued). */
export function runNudgeScan(services: Services, ctx: Pick<JobContext, 'now' | 'enqueue'>): number {
  const { db } = services;
  const now = ctx.now.getTime();
  const cutoff = addDays(now, -FEEDBACK_LIMITS.quietDays).toISOString();
  const areaOn = new Map<string, boolean>();
  let recorded = 0;
  for (const c of nudgeCandidates(db, cutoff)) {
    let on = areaOn.get(c.organization_id);
    if (on === undefined) areaOn.set(c.organization_id, (on = isFeatureAreaOn(db, c.organization_id, 'CONTINUOUS_FEEDBACK')));
    if (!on) continue;
    const id = newId();
    if (!recordNudge(db, c, id, ctx.now.toISOString())) continue;
    ctx.enqueue({
      kind: NUDGE_SEND_KIND,
      uniqueKey: `${c.user_id}:${c.since}`,
      organizationId: c.organization_id,
      payload: { userId: c.user_id, managerId: c.manager_id, name: c.full_name, since: c.since } satisfies SendPayload,
    });
    recorded += 1;
  }
  return recorded;
}

/** The message to the manager: the name stays out of the title (Slack channels read titles); the day is the manager's (docs/decisions/0070). */
export function nudgeText(name: string, since: string): { title: string; body: (reader: Reader) => string } {
  return {
    title: `One of your reports has received no feedback in ${FEEDBACK_LIMITS.quietDays} days`,
    body: ({ time_zone }) => `${name} has received no feedback since ${formatDay(since, time_zone)}. Give them feedback, or ask their teammates for some.`,
  };
}

/** (Re)creates the daily scan; tests toggle it to restart its periods from a fake clock. */
export function scheduleFeedbackNudges(app: FastifyInstance, active = true): void {
  app.services.scheduler.schedule({
    key: NUDGE_SCAN_KIND,
    kind: NUDGE_SCAN_KIND,
    every: { unit: 'days', count: 1 },
    startAt: '2026-01-01T07:00:00.000Z',
    catchUp: 'latest',
    active,
  });
}

export function registerFeedbackNudges(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register(
    NUDGE_SCAN_KIND,
    (_payload, ctx) => {
      runNudgeScan(app.services, ctx);
    },
    { transactional: true },
  );
  scheduler.register<SendPayload>(NUDGE_SEND_KIND, async (payload, ctx) => {
    const orgId = ctx.organizationId ?? '';
    if (!isFeatureAreaOn(app.services.db, orgId, 'CONTINUOUS_FEEDBACK')) return;
    await notify(app.services, {
      organizationId: orgId,
      userIds: [payload.managerId],
      kind: 'feedback_nudges',
      private: false,
      link: '/continuous-feedback',
      ...nudgeText(payload.name, payload.since),
    });
  });
  scheduleFeedbackNudges(app);
}
