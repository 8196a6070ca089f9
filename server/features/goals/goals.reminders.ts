import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { formatDay } from '../../../shared/format.js';
import { goalSettingsSchema, type GoalSettings } from '../../../shared/goals.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import { parseInput } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { FeaturePart } from '../feature-part.js';
import { organizationTimeZones } from '../feedback/feedback.working-days.js';
import { notify } from '../notifications/notifications.deliver.js';
import { everyAdminReadsGoals } from './goals.crud.repo.js';
import {
  checkInReminderCandidates,
  dueReminderTarget,
  dueSoonGoals,
  organizationsWithOpenGoals,
  readGoalSettings,
  writeGoalSettings,
} from './goals.reminders.repo.js';

import { addMonthsToDay, dayStartsAt, hourOf, monthStartOf, todayIn, weekdayOf } from '../../../shared/dates.js';
import { addDaysToDay, daysBetween } from '../../../shared/dates.days.js';

/**
 * Goal reminders and the organization's goal settings (docs/decisions/0049).
 *
 * An hourly scan (a transactional job) looks at each organization with open goals, in the
 * organization's time zone (feedback.working-days.ts: the zone most of its people have), from
 * REMINDER_HOUR local time on:
 * - check-in reminder: on the organization's check-in day (WEEKLY: every check_in_weekday; BIWEEKLY:
 *   every other one, counted from Monday 5 January 1970; MONTHLY: the first such weekday of the
 *   month; OFF: never), each owner of an open PERSON goal, and the manager and lead of a team with
 *   an open TEAM goal, with no check-in since the previous check-in day, gets one message;
 * - due-date reminder: an open goal due within due_reminder_days (0: none) reminds its owner (a team
 *   goal: the team's manager and lead) once.
 * Exactly once: the scan enqueues a send job whose unique key names the person and the check-in day
 * (`org:user@day`), or the goal and its due date (`goal@due`, so a new due date re-arms it). The jobs
 * table keeps keys forever, so a second run, a second runner or a restart enqueues nothing new.
 * Organizations with GOALS off are skipped, and the send checks again. notify() respects each
 * person's choices (kind goal_reminders).
 */
export const GOAL_REMINDER_SCAN_KIND = 'goals.reminders';
export const GOAL_CHECK_IN_SEND_KIND = 'goals.reminder.check-in';
export const GOAL_DUE_SEND_KIND = 'goals.reminder.due';
/** Reminders go out from this hour (local time) of their day. */
export const REMINDER_HOUR = 9;

type CheckInPayload = { userId: string; day: string; goals: number };
type DuePayload = { goalId: string; dueDate: string };

/** The first `weekday` (1 Monday ... 7 Sunday) of the month of `day`. */
const firstWeekdayOfMonth = (day: string, weekday: number) => {
  const first = monthStartOf(day);
  return addDaysToDay(first, (weekday - weekdayOf(first) + 7) % 7);
};

/** Whether `day` is a check-in day under the settings, with the previous check-in day. */
export function checkInDay(day: string, s: GoalSettings): { previous: string } | null {
  if (s.check_in_cadence === 'OFF' || weekdayOf(day) !== s.check_in_weekday) return null;
  if (s.check_in_cadence === 'WEEKLY') return { previous: addDaysToDay(day, -7) };
  if (s.check_in_cadence === 'BIWEEKLY') {
    const weeks = Math.floor(daysBetween('1970-01-05', day) / 7);
    return weeks % 2 === 0 ? { previous: addDaysToDay(day, -14) } : null;
  }
  if (Number(day.slice(8, 10)) > 7) return null;
  return { previous: firstWeekdayOfMonth(addMonthsToDay(monthStartOf(day), -1), s.check_in_weekday) };
}

/** One scan; returns the unique keys of the reminders it queued. */
export function runGoalReminderScan(services: Services, ctx: Pick<JobContext, 'now' | 'enqueue'>): string[] {
  const { db } = services;
  const now = ctx.now.getTime();
  const orgs = organizationsWithOpenGoals(db);
  if (!orgs.length) return [];
  const zones = organizationTimeZones(
    db,
    orgs.map((o) => o.organization_id),
  );
  const queued: string[] = [];
  for (const org of orgs) {
    const zone = zones.get(org.organization_id) ?? 'UTC';
    const local = { day: todayIn(zone, now), hour: hourOf(now, zone) };
    if (local.hour < REMINDER_HOUR) continue;
    if (!isFeatureAreaOn(db, org.organization_id, 'GOALS')) continue;
    const period = checkInDay(local.day, org);
    if (period) {
      for (const c of checkInReminderCandidates(db, org.organization_id, dayStartsAt(period.previous, zone).toISOString())) {
        const uniqueKey = `${org.organization_id}:${c.user_id}@${local.day}`;
        const { created } = ctx.enqueue({
          kind: GOAL_CHECK_IN_SEND_KIND,
          uniqueKey,
          organizationId: org.organization_id,
          payload: { userId: c.user_id, day: local.day, goals: c.goals } satisfies CheckInPayload,
        });
        if (created) queued.push(uniqueKey);
      }
    }
    if (org.due_reminder_days > 0) {
      for (const g of dueSoonGoals(db, org.organization_id, local.day, addDaysToDay(local.day, org.due_reminder_days))) {
        const uniqueKey = `${g.id}@${g.due_date}`;
        const { created } = ctx.enqueue({
          kind: GOAL_DUE_SEND_KIND,
          uniqueKey,
          organizationId: org.organization_id,
          payload: { goalId: g.id, dueDate: g.due_date } satisfies DuePayload,
        });
        if (created) queued.push(uniqueKey);
      }
    }
  }
  return queued;
}

export function checkInReminderText(goals: number): { title: string; body: string } {
  return {
    title: 'Time to check in on your goals',
    body: `${goals === 1 ? 'One of your goals has' : `${goals} of your goals have`} had no check-in since the last reminder. Update the key results, the status or add a comment.`,
  };
}

/** The goal is named in the body only: titles reach the Slack channel and the admins' outbox (docs/decisions/0055). */
export function dueReminderText(title: string, dueDate: string): { title: string; body: string } {
  return { title: `A goal is due soon, on ${formatDay(dueDate)}`, body: `“${title}” is due on ${formatDay(dueDate)}. Check in, or mark it done.` };
}

/** (Re)creates the hourly scan; tests toggle it to restart its periods from a fake clock. */
export function scheduleGoalReminders(app: FastifyInstance, active = true): void {
  app.services.scheduler.schedule({
    key: GOAL_REMINDER_SCAN_KIND,
    kind: GOAL_REMINDER_SCAN_KIND,
    every: { unit: 'hours', count: 1 },
    startAt: '2026-01-01T00:00:00.000Z',
    catchUp: 'latest',
    active,
  });
}

function registerGoalReminders(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register(
    GOAL_REMINDER_SCAN_KIND,
    (_payload, ctx) => {
      runGoalReminderScan(app.services, ctx);
    },
    { transactional: true },
  );
  scheduler.register<CheckInPayload>(GOAL_CHECK_IN_SEND_KIND, async (payload, ctx) => {
    const orgId = ctx.organizationId ?? '';
    if (!isFeatureAreaOn(app.services.db, orgId, 'GOALS')) return;
    await notify(app.services, {
      organizationId: orgId,
      userIds: [payload.userId],
      kind: 'goal_reminders',
      private: false,
      link: '/goals/my-goals',
      ...checkInReminderText(payload.goals),
    });
  });
  scheduler.register<DuePayload>(GOAL_DUE_SEND_KIND, async (payload, ctx) => {
    const orgId = ctx.organizationId ?? '';
    const target = dueReminderTarget(app.services.db, payload.goalId);
    // Closed, deleted or moved meanwhile: the new due date has its own reminder.
    if (!target || target.due_date !== payload.dueDate || !isFeatureAreaOn(app.services.db, orgId, 'GOALS')) return;
    const open = everyAdminReadsGoals(app.services.db, orgId, [payload.goalId]);
    await notify(app.services, {
      organizationId: orgId,
      userIds: target.userIds,
      kind: 'goal_reminders',
      private: !open,
      link: `/goals/my-goals/${payload.goalId}`,
      ...dueReminderText(target.title, payload.dueDate),
    });
  });
  scheduleGoalReminders(app);
}

/** Goals part "reminders": the organization's settings and the reminders they drive. */
export const goalsRemindersPart: FeaturePart = {
  resolvers: {
    Query: {
      goalSettings: (_: unknown, _args: unknown, ctx: MercuriusContext) => readGoalSettings(ctx.services.db, requireViewer(ctx).organizationId),
    },
    Mutation: {
      updateGoalSettings: (_: unknown, args: { input: unknown }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const input = parseInput(goalSettingsSchema, args.input);
        return writeGoalSettings(ctx.services.db, viewer.organizationId, input);
      },
    },
  },
  register: registerGoalReminders,
};
