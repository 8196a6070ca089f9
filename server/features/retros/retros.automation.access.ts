import type { MercuriusContext } from 'mercurius';
import { forbidden } from '../../../shared/app-error.js';
import type { RetroAutomationRuleData } from '../../../shared/retros.automation.js';
import type { Viewer } from '../auth/viewer.js';
import { automatedTeamIds, requireTeamAutomation, requireTeamRule, ruleField } from '../automation/automation.access.js';
import { findTeamById } from '../teams/teams.repo.js';
import { canTakePart } from './retros.repo.js';
import { findRetroAutomationRule, type RetroAutomationRuleRow } from './retros.automation.repo.js';
import { resolveRetroHealthCheck, resolveRetroTemplate } from './retros.templates.repo.js';

type Ctx = MercuriusContext;

/**
 * Who runs retro automation (docs/decisions/0047): an admin every team's rules; the team's manager or
 * lead their team's (automation.access.ts). Anyone else of the organization: FORBIDDEN; another
 * organization's rule: NOT_FOUND.
 */
export const requireAutomationViewer = (ctx: Ctx) => requireTeamAutomation(ctx, 'Only a team’s manager or lead, or an admin, can automate its retros.');

export const requireRetroRule = (ctx: Ctx, id: string): { viewer: Viewer; rule: RetroAutomationRuleRow } =>
  requireTeamRule(ctx, id, findRetroAutomationRule, 'Only the team’s manager or lead, or an admin, can change its retro automation.');

/** What the input's shape cannot tell: the team (and the viewer's right to it), template, health check, facilitator. */
export function checkRetroRuleInput(ctx: Ctx, viewer: Viewer, data: RetroAutomationRuleData): void {
  const { db } = ctx.services;
  const orgId = viewer.organizationId;
  const team = findTeamById(db, orgId, data.team_id);
  if (!team || team.deleted_at) throw ruleField('team_id', 'No such team in this organization.');
  const teamIds = automatedTeamIds(ctx, viewer);
  if (teamIds && !teamIds.has(team.id)) throw forbidden('Only the team’s manager or lead, or an admin, can automate its retros.');
  const template = resolveRetroTemplate(db, orgId, data.template_id);
  if (!template) throw ruleField('template_id', 'No such template.');
  if (template.archived) throw ruleField('template_id', 'This template is archived. Restore it or choose another.');
  if (data.health_check_id) {
    const check = resolveRetroHealthCheck(db, orgId, data.health_check_id);
    if (!check) throw ruleField('health_check_id', 'No such health check.');
    if (check.archived) throw ruleField('health_check_id', 'This health check is archived. Restore it or choose another.');
  }
  if (data.facilitator_id && !canTakePart(db, orgId, team.id, data.facilitator_id)) {
    throw ruleField('facilitator_id', 'The facilitator must be a member, the manager or the lead of the team, or an admin.');
  }
}
