import type { MercuriusContext } from 'mercurius';
import { retroAutomationRuleSchema, sprintPeriodKey } from '../../../shared/retros.automation.js';
import { firstIndexFrom, periodStart } from '../../jobs/jobs.periods.js';
import { indexBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import { nextSprintEnd, sprintEndsAt } from '../reviews/reviews.sprints.repo.js';
import { loadTeam, loadUser } from '../users/users.loaders.js';
import type { RetroPart } from './retros.part.js';
import { checkRetroRuleInput, requireAutomationViewer, requireRetroRule } from './retros.automation.access.js';
import {
  claimedPeriodKeys, deleteRetroAutomationRule, insertRetroAutomationRule, latestRetrosByRuleIds, listRetroAutomationRules,
  setRetroAutomationRulePaused, updateRetroAutomationRule, type RetroAutomationRuleRow,
} from './retros.automation.repo.js';
import { cadenceScheduleKey, registerRetroAutomation, syncCadenceSchedule } from './retros.automation.run.js';
import { registerRetroDeadlines } from './retros.automation.deadlines.js';
import { listRetroHealthChecks, listRetroTemplates, type RetroHealthCheckView, type RetroTemplateView } from './retros.templates.repo.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';
const clockIso = (ctx: Ctx) => new Date(ctx.services.scheduler.now()).toISOString();

/** When the rule creates its next retro: the next cadence period, or the end of the team's next sprint without one. */
export function nextRunAt(ctx: Ctx, rule: RetroAutomationRuleRow): string | null {
  if (rule.paused_at) return null;
  const now = ctx.services.scheduler.now();
  if (rule.trigger === 'CADENCE') {
    if (!rule.anchor_at) return null;
    const anchor = Date.parse(rule.anchor_at);
    const every = { unit: 'weeks' as const, count: rule.every_weeks };
    return new Date(periodStart(anchor, every, firstIndexFrom(anchor, every, now))).toISOString();
  }
  // A sprint whose end moved later after its retro was made gets no second one (the unique period).
  let after = new Date(now).toISOString();
  for (let i = 0; i < 20; i += 1) {
    const sprint = nextSprintEnd(ctx.services.db, rule.organization_id, rule.team_id, after);
    if (!sprint) return null;
    const endsAt = sprintEndsAt(sprint);
    if (!claimedPeriodKeys(ctx.services.db, rule.id, [sprintPeriodKey(sprint.id)]).size) return new Date(Date.parse(endsAt) + 1).toISOString();
    after = endsAt;
  }
  return null;
}

/** Retros: automation rules (SPRINT_END, CADENCE) and async deadlines. Jobs: retros.automation.run.ts, retros.automation.deadlines.ts. */
export const retroAutomationPart: RetroPart = {
  resolvers: {
    Query: {
      retroAutomationRules: (_: unknown, __: unknown, ctx: Ctx) => {
        const { viewer, teamIds } = requireAutomationViewer(ctx);
        return listRetroAutomationRules(ctx.services.db, viewer.organizationId, teamIds ? [...teamIds] : null);
      },
    },
    Mutation: {
      createRetroAutomationRule: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const { viewer } = requireAutomationViewer(ctx);
        const data = parseInput(retroAutomationRuleSchema, args.input);
        checkRetroRuleInput(ctx, viewer, data);
        return ctx.services.db.transaction(() => {
          const rule = insertRetroAutomationRule(ctx.services.db, viewer.organizationId, data, viewer.userId, clockIso(ctx));
          syncCadenceSchedule(ctx.services, rule);
          return rule;
        });
      },
      updateRetroAutomationRule: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
        const { viewer, rule } = requireRetroRule(ctx, args.id);
        const data = parseInput(retroAutomationRuleSchema, args.input);
        checkRetroRuleInput(ctx, viewer, data);
        return ctx.services.db.transaction(() => {
          const updated = updateRetroAutomationRule(ctx.services.db, rule, data, clockIso(ctx));
          syncCadenceSchedule(ctx.services, updated);
          return updated;
        });
      },
      pauseRetroAutomationRule: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { rule } = requireRetroRule(ctx, args.id);
        if (rule.paused_at) return rule;
        return ctx.services.db.transaction(() => {
          const paused = setRetroAutomationRulePaused(ctx.services.db, rule, true, clockIso(ctx));
          syncCadenceSchedule(ctx.services, paused);
          return paused;
        });
      },
      resumeRetroAutomationRule: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { rule } = requireRetroRule(ctx, args.id);
        if (!rule.paused_at) return rule;
        return ctx.services.db.transaction(() => {
          const resumed = setRetroAutomationRulePaused(ctx.services.db, rule, false, clockIso(ctx));
          syncCadenceSchedule(ctx.services, resumed);
          return resumed;
        });
      },
      deleteRetroAutomationRule: (_: unknown, args: { id: string }, ctx: Ctx) => {
        const { viewer, rule } = requireRetroRule(ctx, args.id);
        // The retros it made stay (their automation_rule_id keeps the period taken).
        ctx.services.db.transaction(() => {
          ctx.services.scheduler.unschedule(cadenceScheduleKey(rule.id));
          deleteRetroAutomationRule(ctx.services.db, viewer.organizationId, rule.id);
        });
        return true;
      },
    },
    RetroAutomationRule: {
      team: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => loadTeam(ctx, r.team_id),
      anchor_at: (r: RetroAutomationRuleRow) => (r.trigger === 'CADENCE' ? r.anchor_at : null),
      template: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => ctx.loaders.get<RetroTemplateView | null>('retros.automation.templates', () => indexBy(listRetroTemplates(ctx.services.db, orgOf(ctx), true), (t) => t.id), null).load(r.template_id),
      health_check: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => (r.health_check_id
        ? ctx.loaders.get<RetroHealthCheckView | null>('retros.automation.healthChecks', () => indexBy(listRetroHealthChecks(ctx.services.db, orgOf(ctx), true), (h) => h.id), null).load(r.health_check_id)
        : null),
      facilitator: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => loadUser(ctx, r.facilitator_id),
      paused: (r: RetroAutomationRuleRow) => r.paused_at !== null,
      next_run_at: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => nextRunAt(ctx, r),
      retros: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => ctx.loaders.get('retros.automation.latest', (ids) => latestRetrosByRuleIds(ctx.services.db, orgOf(ctx), ids), []).load(r.id),
    },
  },
  register: (app) => {
    registerRetroAutomation(app);
    registerRetroDeadlines(app);
  },
};
