import type { MercuriusContext } from 'mercurius';
import { retroAutomationRuleSchema } from '../../../shared/retros.automation.js';
import { indexBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import { clockIso, ruleLifecycle } from '../automation/automation.access.js';
import { firstPeriodFrom, iso, nextSprintEnd } from '../automation/automation.periods.js';
import { dropTimedSchedule, syncTimedSchedule } from '../automation/automation.run.js';
import { loadTeam, loadUser } from '../users/users.loaders.js';
import type { RetroPart } from './retros.part.js';
import { checkRetroRuleInput, requireAutomationViewer, requireRetroRule } from './retros.automation.access.js';
import {
  claimedPeriodKeys,
  deleteRetroAutomationRule,
  insertRetroAutomationRule,
  latestRetrosByRuleIds,
  listRetroAutomationRules,
  setRetroAutomationRulePaused,
  updateRetroAutomationRule,
  type RetroAutomationRuleRow,
} from './retros.automation.repo.js';
import { registerRetroAutomation, retroAutomation } from './retros.automation.run.js';
import { registerRetroDeadlines } from './retros.automation.deadlines.js';
import { listRetroHealthChecks, listRetroTemplates, type RetroHealthCheckView, type RetroTemplateView } from './retros.templates.repo.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

/** When the rule creates its next retro: the next cadence period, or the end of the team's next sprint without one. */
export function nextRunAt(ctx: Ctx, rule: RetroAutomationRuleRow): string | null {
  if (rule.paused_at) return null;
  const now = ctx.services.scheduler.now();
  if (rule.trigger === 'CADENCE')
    return rule.anchor_at ? iso(firstPeriodFrom(Date.parse(rule.anchor_at), { unit: 'weeks', count: rule.every_weeks }, now)) : null;
  const next = nextSprintEnd(ctx.services.db, rule.organization_id, rule.team_id, now, (keys) => claimedPeriodKeys(ctx.services.db, rule.id, keys));
  return next ? iso(next.endsAt + 1) : null;
}

/** Saves a rule and its cadence schedule together. */
function saved(ctx: Ctx, write: () => RetroAutomationRuleRow): RetroAutomationRuleRow {
  return ctx.services.db.transaction(() => {
    const rule = write();
    syncTimedSchedule(ctx.services.scheduler, retroAutomation, rule);
    return rule;
  });
}

const lifecycle = ruleLifecycle<RetroAutomationRuleRow>({
  require: requireRetroRule,
  paused: (rule) => rule.paused_at !== null,
  setPaused: (ctx, rule, paused) => saved(ctx, () => setRetroAutomationRulePaused(ctx.services.db, rule, paused, clockIso(ctx))),
  // The retros it made stay (their automation_rule_id keeps the period taken).
  remove: (ctx, rule) =>
    ctx.services.db.transaction(() => {
      dropTimedSchedule(ctx.services.scheduler, retroAutomation, rule.id);
      deleteRetroAutomationRule(ctx.services.db, rule.organization_id, rule.id);
    }),
});

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
        return saved(ctx, () => insertRetroAutomationRule(ctx.services.db, viewer.organizationId, data, viewer.userId, clockIso(ctx)));
      },
      updateRetroAutomationRule: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
        const { viewer, rule } = requireRetroRule(ctx, args.id);
        const data = parseInput(retroAutomationRuleSchema, args.input);
        checkRetroRuleInput(ctx, viewer, data);
        return saved(ctx, () => updateRetroAutomationRule(ctx.services.db, rule, data, clockIso(ctx)));
      },
      pauseRetroAutomationRule: lifecycle.pause,
      resumeRetroAutomationRule: lifecycle.resume,
      deleteRetroAutomationRule: lifecycle.remove,
    },
    RetroAutomationRule: {
      team: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => loadTeam(ctx, r.team_id),
      anchor_at: (r: RetroAutomationRuleRow) => (r.trigger === 'CADENCE' ? r.anchor_at : null),
      template: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) =>
        ctx.loaders
          .get<RetroTemplateView | null>('retros.automation.templates', () => indexBy(listRetroTemplates(ctx.services.db, orgOf(ctx), true), (t) => t.id), null)
          .load(r.template_id),
      health_check: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) =>
        r.health_check_id
          ? ctx.loaders
              .get<RetroHealthCheckView | null>(
                'retros.automation.healthChecks',
                () => indexBy(listRetroHealthChecks(ctx.services.db, orgOf(ctx), true), (h) => h.id),
                null,
              )
              .load(r.health_check_id)
          : null,
      facilitator: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => loadUser(ctx, r.facilitator_id),
      paused: (r: RetroAutomationRuleRow) => r.paused_at !== null,
      next_run_at: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) => nextRunAt(ctx, r),
      retros: (r: RetroAutomationRuleRow, _: unknown, ctx: Ctx) =>
        ctx.loaders.get('retros.automation.latest', (ids) => latestRetrosByRuleIds(ctx.services.db, orgOf(ctx), ids), []).load(r.id),
    },
  },
  register: (app) => {
    registerRetroAutomation(app);
    registerRetroDeadlines(app);
  },
};
