import type { MercuriusContext } from 'mercurius';
import { findMediaByIds, listMediaByOwnerIds, mediaPath, type MediaRow } from '../media/media.repo.js';
import { findSubdepartmentsByIds } from '../org/org.repo.js';
import { findTeamsByIds, teamsManagedBy } from '../teams/teams.repo.js';
import { findUsersByIds, secondaryEmailsByUserIds, secondaryPhonesByUserIds, type UserRow } from './users.repo.js';

type Q<T> = Array<{ obj: T; params: unknown }>;

const orgOf = (ctx: MercuriusContext): string => ctx.viewer?.organizationId ?? '';

function groupBy<T>(rows: T[], key: (row: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

export const presentMedia = (row: MediaRow) => ({ id: row.id, display_name: row.display_name, key: row.key, url: mediaPath(row) });

/** One SQL statement per field per list, whatever the list's length. */
export const userLoaders = {
  User: {
    manager: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const ids = queries.map((q) => q.obj.manager_id).filter((id): id is string => !!id);
      const byId = new Map(findUsersByIds(ctx.services.db, orgOf(ctx), ids).map((u) => [u.id, u]));
      return queries.map((q) => (q.obj.manager_id ? byId.get(q.obj.manager_id) ?? null : null));
    },
    team: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const ids = queries.map((q) => q.obj.team_id).filter((id): id is string => !!id);
      const byId = new Map(findTeamsByIds(ctx.services.db, orgOf(ctx), ids).map((t) => [t.id, t]));
      return queries.map((q) => (q.obj.team_id ? byId.get(q.obj.team_id) ?? null : null));
    },
    managed_teams: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const teams = teamsManagedBy(ctx.services.db, orgOf(ctx), queries.map((q) => q.obj.id));
      return queries.map((q) => teams.filter((t) => t.manager_id === q.obj.id || t.team_lead_id === q.obj.id));
    },
    subdepartment: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const ids = queries.map((q) => q.obj.subdepartment_id).filter((id): id is string => !!id);
      const byId = new Map(findSubdepartmentsByIds(ctx.services.db, orgOf(ctx), ids).map((s) => [s.id, s]));
      return queries.map((q) => (q.obj.subdepartment_id ? byId.get(q.obj.subdepartment_id) ?? null : null));
    },
    secondary_emails: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const grouped = groupBy(secondaryEmailsByUserIds(ctx.services.db, queries.map((q) => q.obj.id)), (r) => r.user_id);
      return queries.map((q) => grouped.get(q.obj.id) ?? []);
    },
    secondary_phones: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const grouped = groupBy(secondaryPhonesByUserIds(ctx.services.db, queries.map((q) => q.obj.id)), (r) => r.user_id);
      return queries.map((q) => grouped.get(q.obj.id) ?? []);
    },
    profile_picture: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const ids = queries.map((q) => q.obj.profile_picture_id).filter((id): id is string => !!id);
      const byId = new Map(findMediaByIds(ctx.services.db, orgOf(ctx), ids).map((m) => [m.id, presentMedia(m)]));
      return queries.map((q) => (q.obj.profile_picture_id ? byId.get(q.obj.profile_picture_id) ?? null : null));
    },
    media: async (queries: Q<UserRow>, ctx: MercuriusContext) => {
      const grouped = groupBy(listMediaByOwnerIds(ctx.services.db, orgOf(ctx), queries.map((q) => q.obj.id)), (m) => m.owner_id);
      return queries.map((q) => (grouped.get(q.obj.id) ?? []).map(presentMedia));
    },
  },
};
