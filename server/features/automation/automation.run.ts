import type { FastifyInstance } from 'fastify';
import type { JobContext, Scheduler } from '../../jobs/jobs.scheduler.js';
import { classifyStorageError } from '../../db/storage-errors.js';
import type { Services } from '../../services.js';
import type { AnyAutomation, Automation, AutomationDeps, AutomationRule, Created, DuePeriod, PassContext } from './automation.types.js';

/**
 * How automation rules run (docs/decisions/0073), on the persisted scheduler (docs/decisions/0013).
 *
 * One hourly job (`automation`, catch-up 'latest') runs every area's pass: for each active rule, the
 * periods due and not yet claimed are created, each in its own savepoint. The pass computes what is
 * due from the rule itself (what it has missed included), so after downtime one pass catches up and
 * 'all' would only queue redundant passes. The job is transactional: a period's claim (the area's
 * unique index on rule + period key) and what it creates commit with the job, once or not at all;
 * a second pass, a second runner or a restart finds the period claimed, or fails on the index and
 * skips it. Each area runs in its own savepoint: one that fails is logged and tried again in the next
 * hour without holding up the others (a storage failure fails the job: the scheduler waits it out).
 *
 * Rules that start at exact instants (retros on a cadence) have their own schedule instead
 * (`Automation.timed`): one job per period, created the same way.
 */
export const AUTOMATION_PASS_KIND = 'automation';

const areas = new WeakMap<Scheduler, AnyAutomation[]>();

const isClaimConflict = (err: unknown, claimIndex: string): boolean => err instanceof Error && err.message.includes(`UNIQUE constraint failed: ${claimIndex}`);

/** Creates one period in a savepoint with its follow-up job; null when nothing was made or another pass claimed it meanwhile. */
function createOnce<R extends AutomationRule, P extends DuePeriod, S>(
  a: Automation<R, P, S>,
  deps: AutomationDeps,
  rule: R,
  period: P,
  ctx: PassContext,
  shared: S,
): Created | null {
  try {
    return deps.db.transaction(() => {
      const made = a.create(deps, rule, period, ctx, shared);
      if (made && a.followUp && made.followUp !== undefined) {
        ctx.enqueue({ kind: a.followUp.kind, uniqueKey: made.id, organizationId: rule.organization_id, payload: made.followUp });
      }
      return made;
    });
  } catch (err) {
    if (isClaimConflict(err, a.claimIndex)) return null;
    throw err;
  }
}

/** One pass of one area over its active rules; returns the ids of what was created. */
export function runAutomation<R extends AutomationRule, P extends DuePeriod, S>(a: Automation<R, P, S>, deps: AutomationDeps, ctx: PassContext): string[] {
  const { db } = deps;
  const now = ctx.now.getTime();
  const created: string[] = [];
  for (const rule of a.activeRules(db)) {
    const periods = a.duePeriods(db, rule, now);
    const claimed = periods.length
      ? a.claimed(
          db,
          rule,
          periods.map((p) => p.key),
        )
      : new Set<string>();
    const due = periods.filter((p) => !claimed.has(p.key));
    if (!due.length) continue;
    const why = a.blocker?.(db, rule) ?? null;
    if (why) {
      deps.log?.debug({ ruleId: rule.id, why }, `${a.name} automation: rule skipped`);
      continue;
    }
    const shared = a.prepare ? a.prepare(db, rule, due, ctx) : (undefined as S);
    const made: string[] = [];
    for (const period of due) {
      const result = createOnce(a, deps, rule, period, ctx, shared);
      if (result) made.push(result.id);
    }
    a.finish?.(db, rule, made, ctx);
    created.push(...made);
  }
  return created;
}

/** The hourly pass of every registered area; returns the ids of what was created. */
export function runAutomationPass(services: Services, ctx: PassContext): string[] {
  const created: string[] = [];
  for (const a of areas.get(services.scheduler) ?? []) {
    try {
      created.push(...services.db.transaction(() => runAutomation(a, services, ctx)));
    } catch (err) {
      if (classifyStorageError(err)) throw err;
      services.log.error({ err }, `${a.name} automation: the pass failed; it is tried again in the next hour`);
    }
  }
  return created;
}

/** The job of one period of a timed rule (the period starting at `ctx.period`); returns the id of what was created. */
export function runTimedPeriod<R extends AutomationRule, P extends DuePeriod, S>(
  a: Automation<R, P, S>,
  deps: AutomationDeps,
  ruleId: string,
  ctx: Pick<JobContext, 'now' | 'enqueue' | 'period' | 'runAt'>,
): string | null {
  if (!a.timed) return null;
  const rule = a.timed.find(deps.db, ruleId);
  if (!rule) return null;
  const why = a.blocker?.(deps.db, rule) ?? null;
  if (why) {
    deps.log?.debug({ ruleId: rule.id, why }, `${a.name} automation: period skipped`);
    return null;
  }
  const period = a.timed.period(rule, ctx.period ?? ctx.runAt.toISOString());
  if (a.claimed(deps.db, rule, [period.key]).size) return null;
  const shared = a.prepare ? a.prepare(deps.db, rule, [period], ctx) : (undefined as S);
  return createOnce(a, deps, rule, period, ctx, shared)?.id ?? null;
}

/** Creates, updates or removes a timed rule's schedule to match the rule (same key: the cursor survives restarts). */
export function syncTimedSchedule<R extends AutomationRule, P extends DuePeriod, S>(scheduler: Scheduler, a: Automation<R, P, S>, rule: R): void {
  if (!a.timed) return;
  const plan = a.timed.schedule(rule);
  if (!plan) {
    scheduler.unschedule(a.timed.scheduleKey(rule.id));
    return;
  }
  scheduler.schedule({
    key: a.timed.scheduleKey(rule.id),
    kind: a.timed.kind,
    organizationId: rule.organization_id,
    payload: { ruleId: rule.id },
    every: plan.every,
    startAt: plan.startAt,
    catchUp: 'latest',
    active: plan.active,
  });
}

/** Removes a timed rule's schedule (the rule is deleted); its jobs that have not started are dropped. */
export function dropTimedSchedule<R extends AutomationRule, P extends DuePeriod, S>(scheduler: Scheduler, a: Automation<R, P, S>, ruleId: string): void {
  if (a.timed) scheduler.unschedule(a.timed.scheduleKey(ruleId));
}

/** (Re)creates the hourly pass; tests toggle it to restart its periods from a fake clock. */
export function scheduleAutomationPass(app: FastifyInstance, active = true): void {
  app.services.scheduler.schedule({
    key: AUTOMATION_PASS_KIND,
    kind: AUTOMATION_PASS_KIND,
    every: { unit: 'hours', count: 1 },
    startAt: '2026-01-01T00:00:00.000Z',
    catchUp: 'latest',
    active,
  });
}

/** Plugs an area in: the hourly pass runs its rules; its follow-up and timed jobs are registered. */
export function registerAutomation(app: FastifyInstance, a: AnyAutomation): void {
  const { scheduler } = app.services;
  let registered = areas.get(scheduler);
  if (!registered) {
    areas.set(scheduler, (registered = []));
    scheduler.register(
      AUTOMATION_PASS_KIND,
      (_payload, ctx) => {
        runAutomationPass(app.services, ctx);
      },
      { transactional: true },
    );
    scheduleAutomationPass(app);
  }
  registered.push(a);
  if (a.formerSchedule) scheduler.unschedule(a.formerSchedule);
  const { followUp, timed } = a;
  if (followUp) scheduler.register(followUp.kind, (payload, ctx) => followUp.run(app.services, payload as never, ctx));
  if (timed) {
    scheduler.register<{ ruleId: string }>(
      timed.kind,
      (payload, ctx) => {
        runTimedPeriod(a, app.services, payload.ruleId, ctx);
      },
      { transactional: true },
    );
  }
}
