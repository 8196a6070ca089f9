import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, notFound } from '../../../shared/app-error.js';
import { createTeamSchema, teamMemberIdsSchema, updateTeamSchema } from '../../../shared/team.schemas.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Viewer } from '../auth/viewer.js';
import { publishUserUpdated } from '../users/users.events.js';
import { findUsersByIds, listUsersByTeamIds, updateUsers } from '../users/users.repo.js';
import { createTeam, findTeamById, findTeamByName, isUniqueViolation, softDeleteTeam, updateTeam, type TeamRow } from './teams.repo.js';

type Ctx = MercuriusContext;
const taken = (name: string) => conflict(`A team named "${name.trim()}" already exists. Choose another name.`);

function requireTeam(ctx: Ctx, viewer: Viewer, id: string): TeamRow {
  const team = findTeamById(ctx.services.db, viewer.organizationId, id);
  if (!team) throw notFound('Team');
  return team;
}

/** Manager and team lead must be live, not deactivated people of the caller's organization. */
function checkLeaders(ctx: Ctx, viewer: Viewer, input: { manager_id?: string | null; team_lead_id?: string | null }): void {
  for (const field of ['manager_id', 'team_lead_id'] as const) {
    const id = input[field];
    if (!id) continue;
    const person = findUsersByIds(ctx.services.db, viewer.organizationId, [id])[0];
    if (!person) throw badInput(`${field}: no such person in this organization.`, { fields: { [field]: 'No such person in this organization.' } });
    if (person.status === 'DEACTIVATED')
      throw badInput(`${field}: ${person.full_name} is deactivated.`, { fields: { [field]: `${person.full_name} is deactivated.` } });
  }
}

/** Every id must be a live person of the caller's organization; returns them. */
function requireMembers(ctx: Ctx, viewer: Viewer, ids: string[]): string[] {
  const found = findUsersByIds(ctx.services.db, viewer.organizationId, ids).map((u) => u.id);
  if (found.length !== ids.length) {
    const missing = ids.length - found.length;
    throw badInput(`user_ids: ${missing} of these people ${missing === 1 ? 'is' : 'are'} not in this organization.`);
  }
  return found;
}

/** Writes that may hit teams_org_name: a name taken by a concurrent or older row is a CONFLICT, not a 500. */
function guardName<T>(name: string | undefined, write: () => T): T {
  try {
    return write();
  } catch (err) {
    if (name && isUniqueViolation(err)) throw taken(name);
    throw err;
  }
}

/** Moves people into (teamId) or out of (null) teams; tells their own subscriptions. */
function setTeamOf(ctx: Ctx, viewer: Viewer, userIds: string[], teamId: string | null): void {
  if (!userIds.length) return;
  updateUsers(ctx.services.db, viewer.organizationId, userIds, { team_id: teamId });
  publishUserUpdated(ctx.services, userIds);
}

const leaderIds = (...teams: Array<Pick<TeamRow, 'manager_id' | 'team_lead_id'>>) => [
  ...new Set(teams.flatMap((t) => [t.manager_id, t.team_lead_id]).filter((id): id is string => !!id)),
];

export const teamMutations = {
  createTeam: (_: unknown, args: { input: unknown }, ctx: Ctx) => {
    const viewer = requireAdmin(ctx);
    const input = parseInput(createTeamSchema, args.input);
    const { db } = ctx.services;
    if (findTeamByName(db, viewer.organizationId, input.name)) throw taken(input.name);
    checkLeaders(ctx, viewer, input);
    const members = input.member_ids ? requireMembers(ctx, viewer, input.member_ids) : [];
    const team = db.transaction(() => {
      const row = guardName(input.name, () => createTeam(db, viewer.organizationId, input));
      if (members.length) updateUsers(db, viewer.organizationId, members, { team_id: row.id });
      return row;
    });
    publishUserUpdated(ctx.services, [...new Set([...members, ...leaderIds(team)])]);
    return team;
  },

  updateTeam: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) => {
    const viewer = requireAdmin(ctx);
    const input = parseInput(updateTeamSchema, args.input);
    const { db } = ctx.services;
    const team = requireTeam(ctx, viewer, args.id);
    if (input.name !== undefined) {
      const other = findTeamByName(db, viewer.organizationId, input.name);
      if (other && other.id !== team.id) throw taken(input.name);
    }
    checkLeaders(ctx, viewer, input);
    const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<TeamRow>;
    guardName(input.name, () => updateTeam(db, viewer.organizationId, team.id, patch));
    const updated = findTeamById(db, viewer.organizationId, team.id)!;
    publishUserUpdated(ctx.services, leaderIds(team, updated));
    return updated;
  },

  addTeamMembers: (_: unknown, args: { id: string; user_ids: unknown }, ctx: Ctx) => {
    const viewer = requireAdmin(ctx);
    const ids = parseInput(teamMemberIdsSchema, args.user_ids);
    const team = requireTeam(ctx, viewer, args.id);
    setTeamOf(ctx, viewer, requireMembers(ctx, viewer, ids), team.id);
    return team;
  },

  removeTeamMembers: (_: unknown, args: { id: string; user_ids: unknown }, ctx: Ctx) => {
    const viewer = requireAdmin(ctx);
    const ids = new Set(parseInput(teamMemberIdsSchema, args.user_ids));
    const team = requireTeam(ctx, viewer, args.id);
    const leaving = listUsersByTeamIds(ctx.services.db, viewer.organizationId, [team.id])
      .filter((u) => ids.has(u.id))
      .map((u) => u.id);
    setTeamOf(ctx, viewer, leaving, null);
    return team;
  },

  /** Exactly these people: the others leave the team, newcomers move in from wherever they were. */
  setTeamMembers: (_: unknown, args: { id: string; user_ids: unknown }, ctx: Ctx) => {
    const viewer = requireAdmin(ctx);
    const ids = parseInput(teamMemberIdsSchema, args.user_ids);
    const team = requireTeam(ctx, viewer, args.id);
    const wanted = new Set(requireMembers(ctx, viewer, ids));
    const current = listUsersByTeamIds(ctx.services.db, viewer.organizationId, [team.id]).map((u) => u.id);
    const leaving = current.filter((id) => !wanted.has(id));
    const joining = [...wanted].filter((id) => !current.includes(id));
    ctx.services.db.transaction(() => {
      setTeamOf(ctx, viewer, leaving, null);
      setTeamOf(ctx, viewer, joining, team.id);
    });
    return team;
  },

  /** Soft delete; the members are left without a team. */
  deleteTeam: (_: unknown, args: { id: string }, ctx: Ctx) => {
    const viewer = requireAdmin(ctx);
    const { db } = ctx.services;
    const team = requireTeam(ctx, viewer, args.id);
    const members = listUsersByTeamIds(db, viewer.organizationId, [team.id]).map((u) => u.id);
    db.transaction(() => {
      if (members.length) updateUsers(db, viewer.organizationId, members, { team_id: null });
      softDeleteTeam(db, viewer.organizationId, team.id);
    });
    publishUserUpdated(ctx.services, [...new Set([...members, ...leaderIds(team)])]);
    return team.id;
  },
};
