import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { badInput, conflict } from '../../../shared/app-error.js';
import { RETRO_LIMITS, type CreateRetroInput } from '../../../shared/retros.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { findSprint } from '../sprints/sprints.repo.js';
import { teams } from '../teams/teams.repo.js';
import { users } from '../users/users.repo.js';
import type { RetroRow } from './retros.access.js';
import { retros } from './retros.tables.js';
import { resolveRetroHealthCheck, resolveRetroTemplate } from './retros.templates.repo.js';

/** Whether a person may take part in a team's retros: a member, its manager or lead, or an admin, active and of the organization. */
export function canTakePart(db: Db, orgId: string, teamId: string, userId: string): boolean {
  const u = db
    .select({ team_id: users.team_id, level: users.permission_level, status: users.status, deleted_at: users.deleted_at })
    .from(users)
    .where(and(eq(users.organization_id, orgId), eq(users.id, userId)))
    .get();
  if (!u || u.deleted_at || u.status === 'DEACTIVATED') return false;
  if (u.team_id === teamId || u.level === 'ADMIN') return true;
  const t = db
    .select({ m: teams.manager_id, l: teams.team_lead_id })
    .from(teams)
    .where(and(eq(teams.organization_id, orgId), eq(teams.id, teamId)))
    .get();
  return !!t && (t.m === userId || t.l === userId);
}

/**
 * Creates a retro (the "new retro" form and the automation rules: one way): the team, sprint,
 * template, health check and facilitator must be of the organization and fit together; otherwise
 * BAD_USER_INPUT and nothing is written. Input is already parsed by createRetroSchema.
 */
export function insertRetro(
  db: Db,
  orgId: string,
  input: CreateRetroInput,
  createdBy: string | null,
  origin: { automation_rule_id: string; period_key: string } | null = null,
): RetroRow {
  const team = db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organization_id, orgId), eq(teams.id, input.team_id), isNull(teams.deleted_at)))
    .get();
  if (!team) throw badInput('team_id: no such team in this organization.');
  let sprintName: string | null = null;
  if (input.sprint_id) {
    const sprint = findSprint(db, orgId, input.sprint_id);
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
  if (facilitator && !canTakePart(db, orgId, team.id, facilitator))
    throw badInput('facilitator_id: the facilitator must be a member, the manager or the lead of the team, or an admin.');
  const maxVotes = input.max_votes ?? RETRO_LIMITS.votesDefault;
  const perGroup = input.max_votes_per_group ?? Math.min(RETRO_LIMITS.votesPerGroupDefault, maxVotes);
  if (perGroup > maxVotes) throw badInput('max_votes_per_group: votes per group cannot be more than votes per person.');
  const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at).toISOString() : new Date().toISOString();
  const reflectDeadline = input.reflect_deadline ? new Date(input.reflect_deadline).toISOString() : null;
  const voteDeadline = input.vote_deadline ? new Date(input.vote_deadline).toISOString() : null;
  if (voteDeadline && !reflectDeadline) throw badInput('vote_deadline: an async retro needs a reflect deadline too.');
  if (reflectDeadline && reflectDeadline <= scheduledAt) throw badInput('reflect_deadline: must be after the start.');
  const title = input.title ?? `${team.name} retro${sprintName ? `: ${sprintName}` : ` ${scheduledAt.slice(0, 10)}`}`;
  return db
    .insert(retros)
    .values({
      id: newId(),
      organization_id: orgId,
      team_id: team.id,
      sprint_id: input.sprint_id ?? null,
      title: title.slice(0, RETRO_LIMITS.titleMax),
      template_id: template.id,
      template_name: template.name,
      prompts: template.prompts,
      facilitator_id: facilitator,
      anonymous: input.anonymous ?? true,
      max_votes: maxVotes,
      max_votes_per_group: perGroup,
      check_in_question: input.check_in_question?.trim() || null,
      health_statements: health,
      scheduled_at: scheduledAt,
      reflect_deadline: reflectDeadline,
      vote_deadline: voteDeadline,
      topic_minutes: input.topic_minutes ?? RETRO_LIMITS.topicMinutesDefault,
      author_key: crypto.randomBytes(32).toString('base64url'),
      automation_rule_id: origin?.automation_rule_id ?? null,
      period_key: origin?.period_key ?? null,
      created_by: createdBy,
    })
    .returning()
    .get();
}

export type RetroListStatus = 'UPCOMING' | 'RUNNING' | 'PAST';

/**
 * Retros of the organization, of `teamIds` (null: every team), optionally one team and status:
 * UPCOMING (not started, soonest first), RUNNING (started, not ended, latest start first),
 * PAST (ended, latest first); without a status the latest scheduled first.
 */
export function listRetros(
  db: Db,
  orgId: string,
  teamIds: readonly string[] | null,
  filter: { teamId?: string | null; status?: RetroListStatus | null; limit?: number },
): RetroRow[] {
  if (teamIds && teamIds.length === 0) return [];
  const where: SQL[] = [eq(retros.organization_id, orgId)];
  if (teamIds) where.push(inArray(retros.team_id, [...teamIds]));
  if (filter.teamId) where.push(eq(retros.team_id, filter.teamId));
  let order = [desc(retros.scheduled_at), desc(retros.created_at)];
  if (filter.status === 'UPCOMING') {
    where.push(isNull(retros.started_at));
    order = [asc(retros.scheduled_at), asc(retros.created_at)];
  } else if (filter.status === 'RUNNING') {
    where.push(isNotNull(retros.started_at), isNull(retros.ended_at));
    order = [desc(retros.started_at), desc(retros.created_at)];
  } else if (filter.status === 'PAST') {
    where.push(isNotNull(retros.ended_at));
    order = [desc(retros.ended_at), desc(retros.created_at)];
  }
  const q = db
    .select()
    .from(retros)
    .where(and(...where))
    .orderBy(...order);
  return filter.limit ? q.limit(filter.limit).all() : q.all();
}

/** Retros not yet ended of these teams, soonest first. */
export function listUpcomingRetros(db: Db, orgId: string, teamIds: readonly string[], limit: number): RetroRow[] {
  if (!teamIds.length) return [];
  return db
    .select()
    .from(retros)
    .where(and(eq(retros.organization_id, orgId), inArray(retros.team_id, [...teamIds]), isNull(retros.ended_at)))
    .orderBy(asc(retros.scheduled_at), asc(retros.created_at))
    .limit(limit)
    .all();
}

/** Active people of each team (the team size of participation). */
export function teamSizes(db: Db, orgId: string, teamIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (!teamIds.length) return out;
  for (const row of db
    .select({ team_id: users.team_id, n: count() })
    .from(users)
    .where(and(eq(users.organization_id, orgId), inArray(users.team_id, [...teamIds]), isNull(users.deleted_at), ne(users.status, 'DEACTIVATED')))
    .groupBy(users.team_id)
    .all())
    if (row.team_id) out.set(row.team_id, row.n);
  return out;
}

/**
 * Whether the team held a retro before this one (scheduled earlier, and started: only a retro that
 * ran can leave action items): then the REVIEW_ACTIONS phase reviews them.
 */
export function hasEarlierRetro(db: Db, retro: Pick<RetroRow, 'id' | 'organization_id' | 'team_id' | 'scheduled_at' | 'created_at'>): boolean {
  return !!db
    .select({ id: retros.id })
    .from(retros)
    .where(
      and(
        eq(retros.organization_id, retro.organization_id),
        eq(retros.team_id, retro.team_id),
        ne(retros.id, retro.id),
        isNotNull(retros.started_at),
        or(
          lt(retros.scheduled_at, retro.scheduled_at),
          and(
            eq(retros.scheduled_at, retro.scheduled_at),
            or(lt(retros.created_at, retro.created_at), and(eq(retros.created_at, retro.created_at), lt(retros.id, retro.id))),
          ),
        ),
      ),
    )
    .limit(1)
    .get();
}

/** A retro by id whatever its organization: jobs know a retro by its id only. */
export function findRetroById(db: Db, id: string): RetroRow | undefined {
  return db.select().from(retros).where(eq(retros.id, id)).get();
}

export function findRetro(db: Db, orgId: string, id: string): RetroRow | undefined {
  return db
    .select()
    .from(retros)
    .where(and(eq(retros.organization_id, orgId), eq(retros.id, id)))
    .get();
}

type RetroSettings = Partial<Omit<CreateRetroInput, 'team_id' | 'sprint_id' | 'template_id'>>;
const LATER_SETTINGS = new Set(['facilitator_id', 'reflect_deadline', 'vote_deadline']);

/**
 * The columns to change for updateRetro: every setting while the retro is SCHEDULED; once it has
 * started only the facilitator and the deadlines (CONFLICT for the others); nothing once it ended.
 * References are checked as createRetro checks them (BAD_USER_INPUT).
 */
export function retroSettingsPatch(db: Db, retro: RetroRow, input: RetroSettings): Partial<RetroRow> {
  if (retro.ended_at) throw conflict('The retro has ended: its settings can no longer change.');
  const given = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (retro.started_at) {
    const locked = given.filter((k) => !LATER_SETTINGS.has(k));
    if (locked.length) throw conflict(`The retro has started: only the facilitator and the deadlines can change now (not ${locked.join(', ')}).`);
  }
  const patch: Partial<RetroRow> = {};
  const orgId = retro.organization_id;
  if (input.title !== undefined) patch.title = input.title;
  if (input.facilitator_id !== undefined) {
    if (!canTakePart(db, orgId, retro.team_id, input.facilitator_id))
      throw badInput('facilitator_id: the facilitator must be a member, the manager or the lead of the team, or an admin.');
    patch.facilitator_id = input.facilitator_id;
  }
  if (input.anonymous !== undefined) patch.anonymous = input.anonymous;
  const maxVotes = input.max_votes ?? retro.max_votes;
  const perGroup = input.max_votes_per_group ?? (input.max_votes !== undefined ? Math.min(retro.max_votes_per_group, maxVotes) : retro.max_votes_per_group);
  if (perGroup > maxVotes) throw badInput('max_votes_per_group: votes per group cannot be more than votes per person.');
  if (input.max_votes !== undefined || input.max_votes_per_group !== undefined) Object.assign(patch, { max_votes: maxVotes, max_votes_per_group: perGroup });
  if (input.check_in_question !== undefined) patch.check_in_question = input.check_in_question?.trim() || null;
  if (input.health_check_id !== undefined) {
    if (input.health_check_id === null) patch.health_statements = null;
    else {
      const check = resolveRetroHealthCheck(db, orgId, input.health_check_id);
      if (!check || check.archived) throw badInput('health_check_id: no such health check (or it is archived).');
      patch.health_statements = check.statements;
    }
  }
  if (input.topic_minutes !== undefined) patch.topic_minutes = input.topic_minutes;
  const iso = (s: string | null | undefined) => (s ? new Date(s).toISOString() : null);
  if (input.scheduled_at !== undefined) patch.scheduled_at = iso(input.scheduled_at)!;
  if (input.reflect_deadline !== undefined) patch.reflect_deadline = iso(input.reflect_deadline);
  if (input.vote_deadline !== undefined) patch.vote_deadline = iso(input.vote_deadline);
  const scheduledAt = patch.scheduled_at ?? retro.scheduled_at;
  const reflect = patch.reflect_deadline !== undefined ? patch.reflect_deadline : retro.reflect_deadline;
  const vote = patch.vote_deadline !== undefined ? patch.vote_deadline : retro.vote_deadline;
  if (vote && !reflect) throw badInput('vote_deadline: an async retro needs a reflect deadline too.');
  if (reflect && reflect <= scheduledAt) throw badInput('reflect_deadline: must be after the start.');
  if (reflect && vote && vote <= reflect) throw badInput('vote_deadline: the vote deadline must be after the reflect deadline.');
  return patch;
}
