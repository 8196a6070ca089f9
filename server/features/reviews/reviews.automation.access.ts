import type { MercuriusContext } from 'mercurius';
import { forbidden, notFound } from '../../../shared/app-error.js';
import type { ReviewAutomationRuleData } from '../../../shared/review-automation.schemas.js';
import { REVIEW_TEMPLATE_TYPE_LABELS } from '../../../shared/review-template.schemas.js';
import type { Viewer } from '../auth/viewer.js';
import { requireManagerOrAdmin, ruleField, teamsLedBy } from '../automation/automation.access.js';
import { findTeamsByIds } from '../teams/teams.repo.js';
import { findUsersByIds } from '../users/users.repo.js';
import { findAutomationRule, type ReviewAutomationRuleRow } from './reviews.automation.repo.js';
import { ensureBuiltInTemplates, findReviewTemplate, listReviewTemplates } from './reviews.templates.repo.js';

type Ctx = MercuriusContext;

/**
 * Who may run review automation (docs/decisions/0021): admins everything in their organization;
 * managers the rules they created, for the teams they manage or lead and their direct reports,
 * and (sprints.resolvers.ts) the sprints of those teams. Members: FORBIDDEN. Another organization's rows: NOT_FOUND.
 */
export const requireAutomationViewer = (ctx: Ctx): Viewer => requireManagerOrAdmin(ctx, 'Only managers and admins can automate reviews.');

export function requireRule(ctx: Ctx, id: string): { viewer: Viewer; rule: ReviewAutomationRuleRow } {
  const viewer = requireAutomationViewer(ctx);
  const rule = findAutomationRule(ctx.services.db, viewer.organizationId, id);
  if (!rule) throw notFound('Automation rule');
  if (viewer.permissionLevel !== 'ADMIN' && rule.created_by !== viewer.userId) throw forbidden('Managers change only the automation rules they created.');
  return { viewer, rule };
}

/** Checks what the shape cannot: template, teams, people, the manager's scope. Returns the template to store. */
export function checkRuleInput(ctx: Ctx, viewer: Viewer, data: ReviewAutomationRuleData): string {
  const { db } = ctx.services;
  const orgId = viewer.organizationId;
  ensureBuiltInTemplates(db, orgId);
  const templateId = data.template_id ?? listReviewTemplates(db, orgId, false).find((t) => t.built_in_key === 'sprint_review')?.id;
  const template = templateId ? findReviewTemplate(db, orgId, templateId) : undefined;
  if (!template) throw ruleField('template_id', 'Choose a template.');
  if (template.archived_at) throw ruleField('template_id', 'This template is archived. Restore it or choose another.');
  const cycleType = data.type === 'SPRINT_END' ? 'sprint' : '360';
  if (template.review_type !== 'any' && template.review_type !== cycleType)
    throw ruleField('template_id', `This template is for ${REVIEW_TEMPLATE_TYPE_LABELS[template.review_type].toLowerCase()}s.`);
  if (findTeamsByIds(db, orgId, data.team_ids).length !== data.team_ids.length) throw ruleField('team_ids', 'Some of these teams do not exist.');
  const people = findUsersByIds(db, orgId, data.user_ids);
  if (people.length !== data.user_ids.length) throw ruleField('user_ids', 'Some of these people do not exist.');
  if (viewer.permissionLevel !== 'ADMIN') {
    const led = teamsLedBy(ctx, viewer);
    if (data.team_ids.some((t) => !led.has(t)) || people.some((u) => u.manager_id !== viewer.userId)) {
      throw forbidden('Managers automate reviews only for the teams they manage or lead and their direct reports.');
    }
    if (data.type === 'AFTER_START' && !data.team_ids.length) throw ruleField('team_ids', 'Choose the teams whose new people this rule reviews.');
  }
  return template.id;
}
