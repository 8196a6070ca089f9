import type { MercuriusContext } from 'mercurius';
import { groupBy, indexBy } from '../../graphql/loaders.js';
import { findMediaByIds, listMediaByOwnerIds, mediaPath, type MediaRow } from '../media/media.repo.js';
import { findSubdepartmentsByIds } from '../org/org.repo.js';
import { findTeamsByIds, teamsManagedBy, type TeamRow } from '../teams/teams.repo.js';
import { findUsersByIds, secondaryEmailsByUserIds, secondaryPhonesByUserIds, type UserRow } from './users.repo.js';

export const presentMedia = (row: MediaRow) => ({ id: row.id, display_name: row.display_name, key: row.key, url: mediaPath(row) });
export type PresentedMedia = ReturnType<typeof presentMedia>;

const orgOf = (ctx: MercuriusContext): string => ctx.viewer?.organizationId ?? '';

/** The request's loader of (non-deleted) users by id, shared by every field that points at a user. */
export function loadUser(ctx: MercuriusContext, id: string | null): Promise<UserRow | null> | null {
  if (!id) return null;
  return ctx.loaders.get<UserRow | null>('users.byId', (ids) => indexBy(findUsersByIds(ctx.services.db, orgOf(ctx), ids), (u) => u.id), null).load(id);
}

/** Removed people included: for fields that keep naming who wrote, received or was asked something (User! stays answerable). */
export function loadAnyUser(ctx: MercuriusContext, id: string | null): Promise<UserRow | null> | null {
  if (!id) return null;
  return ctx.loaders
    .get<UserRow | null>('users.anyById', (ids) => indexBy(findUsersByIds(ctx.services.db, orgOf(ctx), ids, { includeDeleted: true }), (u) => u.id), null)
    .load(id);
}

export function loadTeam(ctx: MercuriusContext, id: string | null): Promise<TeamRow | null> | null {
  if (!id) return null;
  return ctx.loaders.get<TeamRow | null>('teams.byId', (ids) => indexBy(findTeamsByIds(ctx.services.db, orgOf(ctx), ids), (t) => t.id), null).load(id);
}

export function loadMedia(ctx: MercuriusContext, id: string | null): Promise<PresentedMedia | null> | null {
  if (!id) return null;
  return ctx.loaders
    .get<PresentedMedia | null>('media.byId', (ids) => new Map(findMediaByIds(ctx.services.db, orgOf(ctx), ids).map((m) => [m.id, presentMedia(m)])), null)
    .load(id);
}

/** User fields that point elsewhere: one SQL statement per field per query level. */
export const userRelationFields = {
  manager: (u: UserRow, _: unknown, ctx: MercuriusContext) => loadUser(ctx, u.manager_id),
  team: (u: UserRow, _: unknown, ctx: MercuriusContext) => loadTeam(ctx, u.team_id),
  profile_picture: (u: UserRow, _: unknown, ctx: MercuriusContext) => loadMedia(ctx, u.profile_picture_id),
  subdepartment: (u: UserRow, _: unknown, ctx: MercuriusContext) =>
    u.subdepartment_id
      ? ctx.loaders
          .get('subdepartments.byId', (ids) => indexBy(findSubdepartmentsByIds(ctx.services.db, orgOf(ctx), ids), (s) => s.id), null)
          .load(u.subdepartment_id)
      : null,
  managed_teams: (u: UserRow, _: unknown, ctx: MercuriusContext) =>
    ctx.loaders
      .get<TeamRow[]>(
        'teams.managedBy',
        (ids) => {
          const teams = teamsManagedBy(ctx.services.db, orgOf(ctx), ids);
          const out = new Map<string, TeamRow[]>();
          for (const id of ids)
            out.set(
              id,
              teams.filter((t) => t.manager_id === id || t.team_lead_id === id),
            );
          return out;
        },
        [],
      )
      .load(u.id),
  secondary_emails: (u: UserRow, _: unknown, ctx: MercuriusContext) =>
    ctx.loaders
      .get(
        'users.secondaryEmails',
        (ids) => groupBy(secondaryEmailsByUserIds(ctx.services.db, ids), (r) => r.user_id),
        [] as Array<{ id: string; email: string }>,
      )
      .load(u.id),
  secondary_phones: (u: UserRow, _: unknown, ctx: MercuriusContext) =>
    ctx.loaders
      .get(
        'users.secondaryPhones',
        (ids) => groupBy(secondaryPhonesByUserIds(ctx.services.db, ids), (r) => r.user_id),
        [] as Array<{ id: string; phone: string }>,
      )
      .load(u.id),
  media: (u: UserRow, _: unknown, ctx: MercuriusContext) =>
    ctx.loaders
      .get(
        'media.byOwner',
        (ids) => {
          const grouped = groupBy(listMediaByOwnerIds(ctx.services.db, orgOf(ctx), ids), (m) => m.owner_id);
          return new Map([...grouped].map(([k, rows]) => [k, rows.map(presentMedia)]));
        },
        [] as PresentedMedia[],
      )
      .load(u.id),
};
