import type { MercuriusContext } from 'mercurius';
import { reviewAutomationRuleSchema, needsNominations } from '../../../shared/review-automation.schemas.js';
import { indexBy } from '../../graphql/loaders.js';
import { parseInput } from '../../lib/parse.js';
import { clockIso, ruleLifecycle } from '../automation/automation.access.js';
import { findTeamsByIds } from '../teams/teams.repo.js';
import { loadUser } from '../users/users.loaders.js';
import { findUsersByIds } from '../users/users.repo.js';
import { checkRuleInput, requireAutomationViewer, requireRule } from './reviews.automation.access.js';
import { nextRunAt } from './reviews.automation.periods.js';
import {
  countCyclesByRuleIds,
  deleteAutomationRule,
  findAutomationRule,
  insertAutomationRule,
  listAutomationRules,
  listAutomationRuns,
  setAutomationRuleActive,
  updateAutomationRule,
  type ReviewAutomationRuleRow,
  type ReviewAutomationRunRow,
} from './reviews.automation.repo.js';
import { loadCycle } from './reviews.cycles.resolvers.js';
import { findCycleTemplatesByIds } from './reviews.cycles.repo.js';

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

/** Resuming counts periods from then on: what fell due while paused is skipped. The cycles a deleted rule created stay. */
const lifecycle = ruleLifecycle<ReviewAutomationRuleRow>({
  require: requireRule,
  paused: (rule) => !rule.active,
  setPaused: (ctx, rule, paused) => {
    setAutomationRuleActive(ctx.services.db, rule.organization_id, rule.id, !paused, clockIso(ctx));
    return findAutomationRule(ctx.services.db, rule.organization_id, rule.id)!;
  },
  remove: (ctx, rule) => deleteAutomationRule(ctx.services.db, rule.organization_id, rule.id),
});

export const reviewAutomationResolvers = {
  Query: {
    reviewAutomationRules: (_: unknown, __: unknown, ctx: Ctx) => {
      const viewer = requireAutomationViewer(ctx);
      const rules = listAutomationRules(ctx.services.db, viewer.organizationId);
      return viewer.permissionLevel === 'ADMIN' ? rules : rules.filter((r) => r.created_by === viewer.userId);
    },
    reviewAutomationRuns: (_: unknown, args: { ruleId: string }, ctx: Ctx) => {
      const { viewer, rule } = requireRule(ctx, args.ruleId);
      return listAutomationRuns(ctx.services.db, viewer.organizationId, rule.id);
    },
  },
  Mutation: {
    createReviewAutomationRule: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
      const viewer = requireAutomationViewer(ctx);
      const data = parseInput(reviewAutomationRuleSchema, args.input);
      const templateId = checkRuleInput(ctx, viewer, data);
      const id = insertAutomationRule(ctx.services.db, viewer.organizationId, { ...data, template_id: templateId }, viewer.userId, clockIso(ctx));
      return findAutomationRule(ctx.services.db, viewer.organizationId, id);
    },
    updateReviewAutomationRule: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
      const { viewer, rule } = requireRule(ctx, args.id);
      const data = parseInput(reviewAutomationRuleSchema, args.input);
      const templateId = checkRuleInput(ctx, viewer, data);
      updateAutomationRule(ctx.services.db, viewer.organizationId, rule.id, { ...data, template_id: templateId }, clockIso(ctx));
      return findAutomationRule(ctx.services.db, viewer.organizationId, rule.id);
    },
    pauseReviewAutomationRule: lifecycle.pause,
    resumeReviewAutomationRule: lifecycle.resume,
    deleteReviewAutomationRule: lifecycle.remove,
  },
  ReviewAutomationRule: {
    anchor_on: (r: ReviewAutomationRuleRow) => r.anchor_at?.slice(0, 10) ?? null,
    template_name: async (r: ReviewAutomationRuleRow, _: unknown, ctx: Ctx) =>
      r.template_id
        ? ((
            await ctx.loaders
              .get<{ name: string } | null>(
                'automation.template',
                (ids) => indexBy(findCycleTemplatesByIds(ctx.services.db, orgOf(ctx), ids), (t) => t.id),
                null,
              )
              .load(r.template_id)
          )?.name ?? null)
        : null,
    people: (r: ReviewAutomationRuleRow, _: unknown, ctx: Ctx) => findUsersByIds(ctx.services.db, orgOf(ctx), r.user_ids),
    teams: (r: ReviewAutomationRuleRow, _: unknown, ctx: Ctx) => findTeamsByIds(ctx.services.db, orgOf(ctx), r.team_ids),
    starts_as_draft: (r: ReviewAutomationRuleRow) => needsNominations(r),
    next_run_at: (r: ReviewAutomationRuleRow, _: unknown, ctx: Ctx) => nextRunAt(ctx.services.db, r, ctx.services.scheduler.now()),
    run_count: (r: ReviewAutomationRuleRow, _: unknown, ctx: Ctx) =>
      ctx.loaders.get('automation.cycleCounts', (ids) => countCyclesByRuleIds(ctx.services.db, orgOf(ctx), ids), 0).load(r.id),
    created_by: (r: ReviewAutomationRuleRow, _: unknown, ctx: Ctx) => loadUser(ctx, r.created_by),
  },
  ReviewAutomationRun: {
    cycle: (r: ReviewAutomationRunRow, _: unknown, ctx: Ctx) => (r.cycle_id ? loadCycle(ctx, r.cycle_id) : null),
  },
};
