import type { MercuriusContext } from 'mercurius';
import { forbidden } from '../../../shared/app-error.js';
import { feedbackAutomationRuleInputSchema, type FeedbackAutomationRuleInput } from '../../../shared/feedback.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { automatedTeamIds, clockIso, requireTeamAutomation, requireTeamRule, ruleField, ruleLifecycle } from '../automation/automation.access.js';
import type { FeaturePart } from '../feature-part.js';
import { findTeamById } from '../teams/teams.repo.js';
import { loadTeam } from '../users/users.loaders.js';
import {
  countRequestsByRuleIds,
  deleteFeedbackAutomationRule,
  findFeedbackAutomationRule,
  insertFeedbackAutomationRule,
  listFeedbackAutomationRules,
  setFeedbackAutomationRulePaused,
  updateFeedbackAutomationRule,
  type FeedbackAutomationRuleRow,
} from './feedback.automation.repo.js';
import { nextRunAt, registerFeedbackAutomation } from './feedback.automation.run.js';
import { findFeedbackTemplateView } from './feedback.templates.repo.js';
import { registerFeedbackReminders } from './feedback.reminders.js';

/**
 * Continuous feedback: automation rules (docs/decisions/0048). A team's rules are run by its manager
 * or lead, or an admin; organization-wide rules (team null) by admins only. Managers list their
 * teams' rules, admins all; other people who lead no team: FORBIDDEN. Another organization's rule:
 * NOT_FOUND. The jobs: feedback.automation.run.ts (requests) and feedback.reminders.ts.
 */

type Ctx = MercuriusContext;
const orgOf = (ctx: Ctx) => ctx.viewer?.organizationId ?? '';

const requireAutomationViewer = (ctx: Ctx) => requireTeamAutomation(ctx, 'Only a team’s manager or lead, or an admin, can automate feedback requests.');

const requireRule = (ctx: Ctx, id: string): { viewer: Viewer; rule: FeedbackAutomationRuleRow } =>
  requireTeamRule(ctx, id, findFeedbackAutomationRule, 'Only the team’s manager or lead, or an admin, can change its feedback automation.');

/**
 * The input, checked: first whether the viewer may automate its team (a refused caller learns
 * nothing about the rest), then its shape, then what the shape cannot tell (the team, the template).
 */
function checkedInput(ctx: Ctx, viewer: Viewer, input: unknown): FeedbackAutomationRuleInput {
  const { db } = ctx.services;
  const rawTeam = (input as { team_id?: unknown } | null)?.team_id;
  const teamIds = automatedTeamIds(ctx, viewer);
  if (teamIds && (typeof rawTeam !== 'string' || !teamIds.has(rawTeam))) {
    throw forbidden(
      rawTeam
        ? 'Only the team’s manager or lead, or an admin, can automate its feedback requests.'
        : 'Only an admin can automate feedback requests for the whole organization.',
    );
  }
  const data = parseInput(feedbackAutomationRuleInputSchema, input);
  if (!data.team_id) {
    if (data.trigger === 'SPRINT_END') throw ruleField('team_id', 'Sprints belong to a team: choose one.');
  } else {
    const team = findTeamById(db, viewer.organizationId, data.team_id);
    if (!team || team.deleted_at) throw ruleField('team_id', 'No such team in this organization.');
  }
  const template = findFeedbackTemplateView(db, viewer.organizationId, data.template_id);
  if (!template) throw ruleField('template_id', 'No such template.');
  if (template.archived) throw ruleField('template_id', 'This template is archived. Restore it or choose another.');
  return data;
}

/** The requests a deleted rule created stay (their period stays taken). */
const lifecycle = ruleLifecycle<FeedbackAutomationRuleRow>({
  require: requireRule,
  paused: (rule) => rule.paused_at !== null,
  setPaused: (ctx, rule, paused) => setFeedbackAutomationRulePaused(ctx.services.db, rule, paused, clockIso(ctx)),
  remove: (ctx, rule) => deleteFeedbackAutomationRule(ctx.services.db, rule.organization_id, rule.id),
});

export const feedbackAutomationPart: FeaturePart = {
  resolvers: {
    Query: {
      feedbackAutomationRules: (_: unknown, __: unknown, ctx: Ctx) => {
        const { viewer, teamIds } = requireAutomationViewer(ctx);
        return listFeedbackAutomationRules(ctx.services.db, viewer.organizationId, teamIds ? [...teamIds] : null);
      },
    },
    Mutation: {
      createFeedbackAutomationRule: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
        const { viewer } = requireAutomationViewer(ctx);
        const data = checkedInput(ctx, viewer, args.input);
        return insertFeedbackAutomationRule(ctx.services.db, viewer.organizationId, data, viewer.userId, clockIso(ctx));
      },
      updateFeedbackAutomationRule: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
        const { viewer, rule } = requireRule(ctx, args.id);
        const data = checkedInput(ctx, viewer, args.input);
        return updateFeedbackAutomationRule(ctx.services.db, rule, data, clockIso(ctx));
      },
      pauseFeedbackAutomationRule: lifecycle.pause,
      resumeFeedbackAutomationRule: lifecycle.resume,
      deleteFeedbackAutomationRule: lifecycle.remove,
    },
    FeedbackAutomationRule: {
      team: (r: FeedbackAutomationRuleRow, _: unknown, ctx: Ctx) => loadTeam(ctx, r.team_id),
      template: (r: FeedbackAutomationRuleRow, _: unknown, ctx: Ctx) => findFeedbackTemplateView(ctx.services.db, orgOf(ctx), r.template_id) ?? null,
      paused: (r: FeedbackAutomationRuleRow) => r.paused_at !== null,
      next_run_at: (r: FeedbackAutomationRuleRow, _: unknown, ctx: Ctx) => nextRunAt(ctx.services.db, r, ctx.services.scheduler.now()),
      requests_created: (r: FeedbackAutomationRuleRow, _: unknown, ctx: Ctx) =>
        ctx.loaders.get<number>('feedback.automation.requestsCreated', (ids) => countRequestsByRuleIds(ctx.services.db, orgOf(ctx), ids), 0).load(r.id),
    },
  },
  register: (app) => {
    registerFeedbackAutomation(app);
    registerFeedbackReminders(app);
  },
};
