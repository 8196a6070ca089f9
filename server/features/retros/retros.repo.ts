import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { badInput } from '../../../shared/app-error.js';
import { RETRO_LIMITS, type CreateRetroInput } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { reviewSprints } from '../reviews/reviews.automation.tables.js';
import { teams } from '../teams/teams.tables.js';
import { users } from '../users/users.tables.js';
import type { RetroRow } from './retros.access.js';
import { retros } from './retros.tables.js';
import { resolveRetroHealthCheck, resolveRetroTemplate } from './retros.templates.repo.js';

/** Whether a person may take part in a team's retros: a member, its manager or lead, or an admin, active and of the organization. */
export function canTakePart(db: Db, orgId: string, teamId: string, userId: string): boolean {
  const u = db.select({ team_id: users.team_id, level: users.permission_level, status: users.status, deleted_at: users.deleted_at }).from(users)
    .where(and(eq(users.organization_id, orgId), eq(users.id, userId))).get();
  if (!u || u.deleted_at || u.status === 'DEACTIVATED') return false;
  if (u.team_id === teamId || u.level === 'ADMIN') return true;
  const t = db.select({ m: teams.manager_id, l: teams.team_lead_id }).from(teams).where(and(eq(teams.organization_id, orgId), eq(teams.id, teamId))).get();
  return !!t && (t.m === userId || t.l === userId);
}

/**
 * Creates a retro (the "new retro" form and the automation rules: one way): the team, sprint,
 * template, health check and facilitator must be of the organization and fit together; otherwise
 * BAD_USER_INPUT and nothing is written. Input is already parsed by createRetroSchema.
 */
export function insertRetro(db: Db, orgId: string, input: CreateRetroInput, createdBy: string | null, origin: { automation_rule_id: string; period_key: string } | null = null): RetroRow {
  const team = db.select({ id: teams.id, name: teams.name }).from(teams).where(and(eq(teams.organization_id, orgId), eq(teams.id, input.team_id), isNull(teams.deleted_at))).get();
  if (!team) throw badInput('team_id: no such team in this organization.');
  let sprintName: string | null = null;
  if (input.sprint_id) {
    const sprint = db.select().from(reviewSprints).where(and(eq(reviewSprints.organization_id, orgId), eq(reviewSprints.id, input.sprint_id))).get();
    if (!sprint || sprint.team_id !== team.id) throw badInput('sprint_id: no such sprint of this team.');
    sprintName = sprint.name;
  }
  const template = resolveRetroTemplate(db, orgId, input.template_id);
  if (!template || template.archived) throw badInput('template_id: no such template (or it is archived).');
  let health: string[] | null = null;
  if (input.health_check_id) {
    const check = resolveRetroHealthCheck(db, orgId, input.health_check_id);
    if (!check || check.archived) throw badInput('health_check_id: no such health check (or it is archived).');
    health = check.statements;
  }
  const facilitator = input.facilitator_id ?? createdBy;
  if (facilitator && !canTakePart(db, orgId, team.id, facilitator)) throw badInput('facilitator_id: the facilitator must be a member, the manager or the lead of the team, or an admin.');
  const maxVotes = input.max_votes ?? RETRO_LIMITS.votesDefault;
  const perGroup = input.max_votes_per_group ?? Math.min(RETRO_LIMITS.votesPerGroupDefault, maxVotes);
  if (perGroup > maxVotes) throw badInput('max_votes_per_group: votes per group cannot be more than votes per person.');
  const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at).toISOString() : new Date().toISOString();
  const reflectDeadline = input.reflect_deadline ? new Date(input.reflect_deadline).toISOString() : null;
  const voteDeadline = input.vote_deadline ? new Date(input.vote_deadline).toISOString() : null;
  if (voteDeadline && !reflectDeadline) throw badInput('vote_deadline: an async retro needs a reflect deadline too.');
  if (reflectDeadline && reflectDeadline <= scheduledAt) throw badInput('reflect_deadline: must be after the start.');
  const title = input.title ?? `${team.name} retro${sprintName ? `: ${sprintName}` : ` ${scheduledAt.slice(0, 10)}`}`;
  return db.insert(retros).values({
    id: newId(), organization_id: orgId, team_id: team.id, sprint_id: input.sprint_id ?? null, title: title.slice(0, RETRO_LIMITS.titleMax),
    template_id: template.id, template_name: template.name, prompts: template.prompts, facilitator_id: facilitator,
    anonymous: input.anonymous ?? true, max_votes: maxVotes, max_votes_per_group: perGroup,
    check_in_question: input.check_in_question?.trim() || null, health_statements: health,
    scheduled_at: scheduledAt, reflect_deadline: reflectDeadline, vote_deadline: voteDeadline,
    topic_minutes: input.topic_minutes ?? RETRO_LIMITS.topicMinutesDefault,
    author_key: crypto.randomBytes(32).toString('base64url'),
    automation_rule_id: origin?.automation_rule_id ?? null, period_key: origin?.period_key ?? null, created_by: createdBy,
  }).returning().get();
}
