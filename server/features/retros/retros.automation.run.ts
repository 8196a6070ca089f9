import type { FastifyInstance } from 'fastify';
import { cadencePeriodKey } from '../../../shared/retros.automation.js';
import type { Db } from '../../db/connection.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import type { Services } from '../../services.js';
import { HOUR_MS, iso, laterDay, lookbackDay, sprintEndPeriods } from '../automation/automation.periods.js';
import { registerAutomation, runTimedPeriod } from '../automation/automation.run.js';
import type { Automation } from '../automation/automation.types.js';
import { isFeatureAreaOn } from '../feature-areas/feature-areas.guard.js';
import type { SprintRow } from '../sprints/sprints.repo.js';
import { findTeamById } from '../teams/teams.repo.js';
import { canTakePart, insertRetro } from './retros.repo.js';
import { claimedPeriodKeys, findRetroAutomationRuleById, listActiveRetroAutomationRules, type RetroAutomationRuleRow } from './retros.automation.repo.js';
import { resolveRetroHealthCheck, resolveRetroTemplate } from './retros.templates.repo.js';
import { openAutomatedRetro } from './retros.automation.open.js';

import { dayOf } from '../../../shared/dates.js';

/**
 * What retro automation creates (docs/decisions/0047, automation), plugged into the automation module
 * (docs/decisions/0073):
 * - SPRINT_END: the hourly pass creates a retro for every sprint of the rule's team that ended since
 *   the rule started counting and at most SPRINT_LOOKBACK_DAYS ago (a server down for a week, or the
 *   area switched off, leaves no pile of stale retros);
 * - CADENCE: one schedule per rule (`retros.rule:<id>`, every N weeks from anchor_at, catch-up
 *   'latest'): the retro is made at its period's start; pausing deactivates the schedule, resuming
 *   starts at the next period (no back-fill).
 * The unique index retros(automation_rule_id, period_key) makes a second retro for a period
 * impossible. A follow-up job keyed by the retro (`retros.automation.open`) starts async retros and
 * tells the team, outside the job's transaction.
 */
export const SPRINT_LOOKBACK_DAYS = 7;

type Period = { key: string; sprint: SprintRow | null; startsAt: string };
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

/** The retro of one period: async ones open at once (or at the period's start) with their deadlines. */
function createPeriodRetro(db: Db, rule: RetroAutomationRuleRow, period: Period, now: number) {
  const async = rule.reflect_hours !== null && rule.vote_hours !== null;
  const startsAt = async ? new Date(Math.max(now, Date.parse(period.startsAt))) : new Date(period.startsAt);
  const reflectDeadline = async ? new Date(startsAt.getTime() + rule.reflect_hours! * HOUR_MS) : null;
  const voteDeadline = async ? new Date(reflectDeadline!.getTime() + rule.vote_hours! * HOUR_MS) : null;
  const check = rule.health_check_id ? resolveRetroHealthCheck(db, rule.organization_id, rule.health_check_id) : undefined;
  const facilitator = facilitatorFor(db, rule);
  return insertRetro(
    db,
    rule.organization_id,
    {
      team_id: rule.team_id,
      sprint_id: period.sprint?.id ?? null,
      template_id: rule.template_id,
      facilitator_id: facilitator ?? undefined,
      anonymous: rule.anonymous,
      max_votes: rule.max_votes,
      max_votes_per_group: rule.max_votes_per_group,
      health_check_id: check && !check.archived ? check.id : null,
      scheduled_at: startsAt.toISOString(),
      reflect_deadline: reflectDeadline?.toISOString() ?? null,
      vote_deadline: voteDeadline?.toISOString() ?? null,
    },
    facilitator ? rule.created_by : null,
    { automation_rule_id: rule.id, period_key: period.key },
  );
}

export const retroAutomation: Automation<RetroAutomationRuleRow, Period> = {
  name: 'retro',
  claimIndex: 'retros.automation_rule_id',
  formerSchedule: 'retros.automation.sprints',
  activeRules: (db) => listActiveRetroAutomationRules(db, 'SPRINT_END'),
  duePeriods: (db, rule, now) => {
    const from = laterDay(dayOf(rule.anchor_at ?? rule.created_at), lookbackDay(now, SPRINT_LOOKBACK_DAYS));
    return sprintEndPeriods(db, rule.organization_id, rule.team_id, from, now).map(({ key, sprint }) => ({ key, sprint, startsAt: iso(now) }));
  },
  claimed: (db, rule, keys) => claimedPeriodKeys(db, rule.id, keys),
  blocker,
  create: ({ db }, rule, period, ctx) => {
    const retro = createPeriodRetro(db, rule, period, ctx.now.getTime());
    return { id: retro.id, followUp: { retroId: retro.id } satisfies OpenPayload };
  },
  followUp: { kind: 'retros.automation.open', run: (services, payload: OpenPayload, ctx) => openAutomatedRetro(services, payload.retroId, ctx) },
  timed: {
    kind: 'retros.automation.cadence',
    scheduleKey: (ruleId) => `retros.rule:${ruleId}`,
    find: (db, ruleId) => {
      const rule = findRetroAutomationRuleById(db, ruleId);
      return rule?.trigger === 'CADENCE' ? rule : undefined;
    },
    schedule: (rule) =>
      rule.trigger === 'CADENCE' && rule.anchor_at
        ? { every: { unit: 'weeks', count: rule.every_weeks }, startAt: rule.anchor_at, active: !rule.paused_at }
        : null,
    period: (_rule, startIso) => ({ key: cadencePeriodKey(startIso), sprint: null, startsAt: startIso }),
  },
};

/** The job of one cadence period: the rule's retro for the period starting at `ctx.period`. */
export const runCadenceRetro = (services: Services, ruleId: string, ctx: Pick<JobContext, 'now' | 'enqueue' | 'period' | 'runAt'>): string | null =>
  runTimedPeriod(retroAutomation, services, ruleId, ctx);

export const registerRetroAutomation = (app: FastifyInstance): void => registerAutomation(app, retroAutomation);
