import type { MercuriusContext } from 'mercurius';
import { badInput, forbidden, notFound } from '../../../shared/app-error.js';
import type { RetroAutomationRuleData } from '../../../shared/retros.automation.js';
import { requireViewer } from '../../graphql/context.js';
import type { Viewer } from '../auth/viewer.js';
import { findTeamById, teamsManagedBy } from '../teams/teams.repo.js';
import { canTakePart } from './retros.repo.js';
import { findRetroAutomationRule, type RetroAutomationRuleRow } from './retros.automation.repo.js';
import { resolveRetroHealthCheck, resolveRetroTemplate } from './retros.templates.repo.js';

type Ctx = MercuriusContext;

/**
 * Who runs retro automation (docs/decisions/0047): an admin every team's rules; the team's manager or
 * lead their team's. Anyone else of the organization: FORBIDDEN; another organization's rule: NOT_FOUND.
 */
export function automatedTeamIds(ctx: Ctx, viewer: Viewer): Set<string> | null {
  if (viewer.permissionLevel === 'ADMIN') return null;
  return new Set(teamsManagedBy(ctx.services.db, viewer.organizationId, [viewer.userId]).map((t) => t.id));
}

/** The viewer and the teams they automate (null: all); FORBIDDEN for members who lead no team. */
export function requireAutomationViewer(ctx: Ctx): { viewer: Viewer; teamIds: Set<string> | null } {
  const viewer = requireViewer(ctx);
  const teamIds = automatedTeamIds(ctx, viewer);
  // Managers who lead no team see an empty list; other people who lead no team may not ask.
  if (teamIds && !teamIds.size && viewer.permissionLevel === 'MEMBER') throw forbidden('Only a team’s manager or lead, or an admin, can automate its retros.');
  return { viewer, teamIds };
}

export function requireRetroRule(ctx: Ctx, id: string): { viewer: Viewer; rule: RetroAutomationRuleRow } {
  const viewer = requireViewer(ctx);
  const rule = findRetroAutomationRule(ctx.services.db, viewer.organizationId, id);
  if (!rule) throw notFound('Automation rule');
  const teamIds = automatedTeamIds(ctx, viewer);
  if (teamIds && !teamIds.has(rule.team_id)) throw forbidden('Only the team’s manager or lead, or an admin, can change its retro automation.');
  return { viewer, rule };
}

const field = (name: string, message: string) => badInput(`${name}: ${message}`, { fields: { [name]: message } });

/** What the input's shape cannot tell: the team (and the viewer's right to it), template, health check, facilitator. */
export function checkRetroRuleInput(ctx: Ctx, viewer: Viewer, data: RetroAutomationRuleData): void {
  const { db } = ctx.services;
  const orgId = viewer.organizationId;
  const team = findTeamById(db, orgId, data.team_id);
  if (!team || team.deleted_at) throw field('team_id', 'No such team in this organization.');
  const teamIds = automatedTeamIds(ctx, viewer);
  if (teamIds && !teamIds.has(team.id)) throw forbidden('Only the team’s manager or lead, or an admin, can automate its retros.');
  const template = resolveRetroTemplate(db, orgId, data.template_id);
  if (!template) throw field('template_id', 'No such template.');
  if (template.archived) throw field('template_id', 'This template is archived. Restore it or choose another.');
  if (data.health_check_id) {
    const check = resolveRetroHealthCheck(db, orgId, data.health_check_id);
    if (!check) throw field('health_check_id', 'No such health check.');
    if (check.archived) throw field('health_check_id', 'This health check is archived. Restore it or choose another.');
  }
  if (data.facilitator_id && !canTakePart(db, orgId, team.id, data.facilitator_id)) {
    throw field('facilitator_id', 'The facilitator must be a member, the manager or the lead of the team, or an admin.');
  }
}
