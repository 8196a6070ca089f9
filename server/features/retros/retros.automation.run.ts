import type { FastifyInstance } from 'fastify';
import { cadencePeriodKey, sprintPeriodKey } from '../../../shared/retros.automation.js';
import type { Db } from '../../db/connection.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import type { Services } from '../../services.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import { endedSprints, type ReviewSprintRow } from '../reviews/reviews.sprints.repo.js';
import { findTeamById } from '../teams/teams.repo.js';
import { canTakePart, insertRetro } from './retros.repo.js';
import { claimedPeriodKeys, findRetroAutomationRuleById, findRetroOfPeriod, listActiveRetroAutomationRules, type RetroAutomationRuleRow } from './retros.automation.repo.js';
import { resolveRetroHealthCheck, resolveRetroTemplate } from './retros.templates.repo.js';
import { openAutomatedRetro } from './retros.automation.open.js';

/**
 * How rules create retros (docs/decisions/0047, automation), on the persisted scheduler (0013):
 * - SPRINT_END: one hourly schedule (`retros.automation.sprints`, catch-up 'latest': the pass itself
 *   looks back) creates a retro for every sprint of the rule's team that ended since the rule started
 *   counting and at most SPRINT_LOOKBACK_DAYS ago (a server down for a week, or the area switched off,
 *   leaves no pile of stale retros).
 * - CADENCE: one schedule per rule (`retros.rule:<id>`, every N weeks from anchor_at, catch-up
 *   'latest'); pausing deactivates it, resuming starts at the next period (no back-fill).
 * Both are transactional jobs: the retro is created in the job's own transaction, and the unique index
 * retros(automation_rule_id, period_key) makes a second retro for a period impossible, however often
 * or late the jobs run (two runners, a restart, a rewound cursor). A follow-up job keyed by the retro
 * (`retros.automation.open`) starts async retros and tells the team, outside that transaction.
 */
export const SPRINT_SCAN_KIND = 'retros.automation.sprints';
export const CADENCE_KIND = 'retros.automation.cadence';
export const OPEN_KIND = 'retros.automation.open';
export const SPRINT_LOOKBACK_DAYS = 7;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const cadenceScheduleKey = (ruleId: string) => `retros.rule:${ruleId}`;

type Period = { key: string; sprint: ReviewSprintRow | null; startsAt: string };
export type OpenPayload = { retroId: string };

/** The facilitator a rule's retro gets: the rule's, else the team's manager or lead, while they may take part. */
function facilitatorFor(db: Db, rule: RetroAutomationRuleRow): string | null {
  const team = findTeamById(db, rule.organization_id, rule.team_id);
  const candidates = [rule.facilitator_id, team?.manager_id, team?.team_lead_id, rule.created_by];
  return candidates.find((id): id is string => !!id && canTakePart(db, rule.organization_id, rule.team_id, id)) ?? null;
}

/** Why a rule cannot create a retro now (nothing is written then; the next pass tries again), or null. */
function blocker(db: Db, rule: RetroAutomationRuleRow): string | null {
  if (rule.paused_at) return 'paused';
  if (!isFeatureAreaOn(db, rule.organization_id, 'SPRINT_RETROS')) return 'area off';
  const team = findTeamById(db, rule.organization_id, rule.team_id);
  if (!team || team.deleted_at) return 'team deleted';
  const template = resolveRetroTemplate(db, rule.organization_id, rule.template_id);
  if (!template || template.archived) return 'template archived or deleted';
  return null;
}

/**
 * Creates the retro of one period in a savepoint, with the follow-up job; returns its id, or null
 * when the period has one already (also when another runner made it meanwhile: the unique index).
 */
function createPeriodRetro(db: Db, rule: RetroAutomationRuleRow, period: Period, ctx: Pick<JobContext, 'now' | 'enqueue'>): string | null {
  if (findRetroOfPeriod(db, rule.id, period.key)) return null;
  const now = ctx.now.getTime();
  const async = rule.reflect_hours !== null && rule.vote_hours !== null;
  const startsAt = async ? new Date(Math.max(now, Date.parse(period.startsAt))) : new Date(period.startsAt);
  const reflectDeadline = async ? new Date(startsAt.getTime() + rule.reflect_hours! * HOUR_MS) : null;
  const voteDeadline = async ? new Date(reflectDeadline!.getTime() + rule.vote_hours! * HOUR_MS) : null;
  const check = rule.health_check_id ? resolveRetroHealthCheck(db, rule.organization_id, rule.health_check_id) : undefined;
  const facilitator = facilitatorFor(db, rule);
  try {
    return db.transaction(() => {
      const retro = insertRetro(db, rule.organization_id, {
        team_id: rule.team_id, sprint_id: period.sprint?.id ?? null, template_id: rule.template_id,
        facilitator_id: facilitator ?? undefined, anonymous: rule.anonymous, max_votes: rule.max_votes, max_votes_per_group: rule.max_votes_per_group,
        health_check_id: check && !check.archived ? check.id : null, scheduled_at: startsAt.toISOString(),
        reflect_deadline: reflectDeadline?.toISOString() ?? null, vote_deadline: voteDeadline?.toISOString() ?? null,
      }, facilitator ? rule.created_by : null, { automation_rule_id: rule.id, period_key: period.key });
      ctx.enqueue({ kind: OPEN_KIND, uniqueKey: retro.id, organizationId: rule.organization_id, payload: { retroId: retro.id } satisfies OpenPayload });
      return retro.id;
    });
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: retros\.automation_rule_id/.test(err.message)) return null;
    throw err;
  }
}

/** One pass over the SPRINT_END rules; returns the ids of the retros created. */
export function runSprintRetroPass(services: Services, ctx: Pick<JobContext, 'now' | 'enqueue'>): string[] {
  const { db, log } = services;
  const now = ctx.now.toISOString();
  const lookback = new Date(ctx.now.getTime() - SPRINT_LOOKBACK_DAYS * DAY_MS).toISOString().slice(0, 10);
  const created: string[] = [];
  for (const rule of listActiveRetroAutomationRules(db, 'SPRINT_END')) {
    const from = [(rule.anchor_at ?? rule.created_at).slice(0, 10), lookback].sort()[1]!;
    const sprints = endedSprints(db, rule.organization_id, rule.team_id, from, now);
    const claimed = claimedPeriodKeys(db, rule.id, sprints.map((s) => sprintPeriodKey(s.id)));
    const due = sprints.filter((s) => !claimed.has(sprintPeriodKey(s.id)));
    if (!due.length) continue;
    const why = blocker(db, rule);
    if (why) {
      log.debug({ ruleId: rule.id, why }, 'retro automation: rule skipped');
      continue;
    }
    for (const sprint of due) {
      const id = createPeriodRetro(db, rule, { key: sprintPeriodKey(sprint.id), sprint, startsAt: now }, ctx);
      if (id) created.push(id);
    }
  }
  return created;
}

/** The job of one cadence period: the rule's retro for the period starting at `ctx.period`. */
export function runCadenceRetro(services: Services, ruleId: string, ctx: Pick<JobContext, 'now' | 'enqueue' | 'period' | 'runAt'>): string | null {
  const { db, log } = services;
  const rule = findRetroAutomationRuleById(db, ruleId);
  if (!rule || rule.trigger !== 'CADENCE') return null;
  const why = blocker(db, rule);
  if (why) {
    log.debug({ ruleId: rule.id, why }, 'retro automation: period skipped');
    return null;
  }
  const start = ctx.period ?? ctx.runAt.toISOString();
  return createPeriodRetro(db, rule, { key: cadencePeriodKey(start), sprint: null, startsAt: start }, ctx);
}

/** Creates, updates or removes a rule's cadence schedule to match the rule (same key: the cursor survives restarts). */
export function syncCadenceSchedule(services: Services, rule: RetroAutomationRuleRow): void {
  if (rule.trigger !== 'CADENCE' || !rule.anchor_at) {
    services.scheduler.unschedule(cadenceScheduleKey(rule.id));
    return;
  }
  services.scheduler.schedule({
    key: cadenceScheduleKey(rule.id), kind: CADENCE_KIND, organizationId: rule.organization_id, payload: { ruleId: rule.id },
    every: { unit: 'weeks', count: rule.every_weeks }, startAt: rule.anchor_at, catchUp: 'latest', active: !rule.paused_at,
  });
}

/** Registers the job kinds and the hourly sprint pass. */
export function registerRetroAutomation(app: FastifyInstance): void {
  const { scheduler } = app.services;
  scheduler.register(SPRINT_SCAN_KIND, (_payload, ctx) => {
    runSprintRetroPass(app.services, ctx);
  }, { transactional: true });
  scheduler.register<{ ruleId: string }>(CADENCE_KIND, (payload, ctx) => {
    runCadenceRetro(app.services, payload.ruleId, ctx);
  }, { transactional: true });
  scheduler.register<OpenPayload>(OPEN_KIND, async (payload, ctx) => {
    await openAutomatedRetro(app.services, payload.retroId, ctx);
  });
  scheduleSprintRetroPass(app);
}

/** (Re)creates the hourly sprint pass; tests toggle it to restart its periods from a fake clock. */
export function scheduleSprintRetroPass(app: FastifyInstance, active = true): void {
  app.services.scheduler.schedule({ key: SPRINT_SCAN_KIND, kind: SPRINT_SCAN_KIND, every: { unit: 'hours', count: 1 }, startAt: '2026-01-01T00:00:00.000Z', catchUp: 'latest', active });
}
