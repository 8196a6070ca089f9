import crypto from 'node:crypto';
import { notFound } from '../../../shared/app-error.js';
import type { Db } from '../../db/connection.js';
import type { Viewer } from '../auth/viewer.js';
import { findTeamById, teamsManagedBy } from '../teams/teams.repo.js';
import { findAccountById } from '../users/users.accounts.repo.js';
import { findRetro } from './retros.repo.js';
import type { retros } from './retros.tables.js';

export type RetroRow = typeof retros.$inferSelect;
export type TeamRelation = { member: boolean; leads: boolean; admin: boolean };

/**
 * How the viewer relates to a team: member (their team), leads (its manager or lead), admin.
 * Taking part in a team's retros needs any of the three (docs/decisions/0047).
 */
export function teamRelation(db: Db, viewer: Viewer, teamId: string): TeamRelation {
  const team = findTeamById(db, viewer.organizationId, teamId);
  if (!team) return { member: false, leads: false, admin: false };
  const me = findAccountById(db, viewer.userId);
  return {
    member: me?.team_id === teamId,
    leads: team.manager_id === viewer.userId || team.team_lead_id === viewer.userId,
    admin: viewer.permissionLevel === 'ADMIN',
  };
}

export const takesPart = (r: TeamRelation): boolean => r.member || r.leads || r.admin;

/** Ids of the teams whose retros the viewer takes part in (null: every team, for admins). */
export function viewerTeamIds(db: Db, viewer: Viewer): string[] | null {
  if (viewer.permissionLevel === 'ADMIN') return null;
  const ids = new Set<string>();
  const me = findAccountById(db, viewer.userId);
  if (me?.team_id) ids.add(me.team_id);
  for (const t of teamsManagedBy(db, viewer.organizationId, [viewer.userId])) ids.add(t.id);
  return [...ids];
}

export type RetroAccess = { retro: RetroRow; relation: TeamRelation; isFacilitator: boolean; canFacilitate: boolean };

/**
 * The retro as the viewer may reach it: NOT_FOUND for another organization's, an unknown id, or a
 * team the viewer does not take part in (nothing tells those apart).
 */
export function retroAccess(db: Db, viewer: Viewer, retroId: string): RetroAccess {
  const retro = findRetro(db, viewer.organizationId, retroId);
  if (!retro) throw notFound('Retro');
  const relation = teamRelation(db, viewer, retro.team_id);
  if (!takesPart(relation)) throw notFound('Retro');
  const isFacilitator = retro.facilitator_id === viewer.userId;
  const access = { retro, relation, isFacilitator, canFacilitate: isFacilitator || relation.leads || relation.admin };
  checked.set(retro, { userId: viewer.userId, access });
  return access;
}

/** The access already checked for this very row object (resolving its fields needs no second look). */
const checked = new WeakMap<RetroRow, { userId: string; access: RetroAccess }>();
export function checkedAccess(retro: RetroRow, userId: string): RetroAccess | null {
  const known = checked.get(retro);
  return known && known.userId === userId ? known.access : null;
}

/**
 * The HMAC token that links a person to their anonymous reflections, votes and health answers
 * while the retro runs (HMAC-SHA256 of the user id under the retro's author_key). Null once the
 * key is erased at the end: nothing links a row to a person after that (docs/decisions/0047).
 */
export function authorToken(retro: Pick<RetroRow, 'author_key'>, userId: string): string | null {
  if (!retro.author_key) return null;
  return crypto.createHmac('sha256', retro.author_key).update(userId).digest('base64url');
}
