import type { GraphQLResolveInfo } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { forbidden, notFound } from '../../../shared/app-error.js';
import type { PermissionLevel, UserStatus } from '../../../shared/enums.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { idListSchema } from '../../../shared/user.schemas.js';
import { findMediaByIds } from '../media/media.repo.js';
import { findSubdepartmentsByIds } from '../org/org.repo.js';
import { findTeamsByIds, teamsManagedBy } from '../teams/teams.repo.js';
import { loadUserGoals } from '../goals/goals.crud.js';
import { presentMedia } from './users.loaders.js';
import { canSeePrivateFields, isAdmin } from './users.policy.js';
import { userColumnsFor } from './users.columns.js';
import { findUserByEmail, findUserById, findUsersByIds, getWidgetPreferences, listUsers, listUsersByTeamIds, type UserRow } from './users.repo.js';

/** A user row as GraphQL sees it; `showAzureEmail` is set only when an admin asked for it. */
export type UserObject = UserRow & { showAzureEmail?: boolean };

type ListArgs = { status?: UserStatus | null; permission_level?: PermissionLevel | null };

function loadUser(ctx: MercuriusContext, id: string): UserRow {
  const viewer = requireViewer(ctx);
  const user = findUserById(ctx.services.db, viewer.organizationId, id, { includeDeleted: isAdmin(viewer) });
  if (!user) throw notFound('User');
  return user;
}

export const userQueries = {
  findOneUser: (_: unknown, __: unknown, ctx: MercuriusContext) => loadUser(ctx, requireViewer(ctx).userId),

  user: (_: unknown, args: { id?: string | null }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    return findUserById(ctx.services.db, viewer.organizationId, args.id ?? viewer.userId, { includeDeleted: isAdmin(viewer) }) ?? null;
  },

  fullProfile: (_: unknown, args: { id: string }, ctx: MercuriusContext) => loadUser(ctx, args.id),

  profileWorkInfo: (_: unknown, args: { userId?: string | null }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const user = loadUser(ctx, args.userId ?? viewer.userId);
    const { db } = ctx.services;
    return {
      user_id: user.id,
      role: user.role,
      location: user.location,
      time_zone: user.time_zone,
      team: user.team_id ? (findTeamsByIds(db, viewer.organizationId, [user.team_id])[0] ?? null) : null,
      manager: user.manager_id ? (findUserById(db, viewer.organizationId, user.manager_id) ?? null) : null,
      subdepartment: user.subdepartment_id ? (findSubdepartmentsByIds(db, viewer.organizationId, [user.subdepartment_id])[0] ?? null) : null,
    };
  },

  profilePhoto: (_: unknown, args: { userId?: string | null }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const user = loadUser(ctx, args.userId ?? viewer.userId);
    if (!user.profile_picture_id) return null;
    const row = findMediaByIds(ctx.services.db, viewer.organizationId, [user.profile_picture_id])[0];
    return row ? presentMedia(row) : null;
  },

  teamOfUser: (_: unknown, args: { userId: string }, ctx: MercuriusContext) => {
    const user = loadUser(ctx, args.userId);
    return user.team_id ? (findTeamsByIds(ctx.services.db, user.organization_id, [user.team_id])[0] ?? null) : null;
  },

  teamsByUserId: (_: unknown, args: { userId: string }, ctx: MercuriusContext) => {
    const user = loadUser(ctx, args.userId);
    const { db } = ctx.services;
    const own = user.team_id ? findTeamsByIds(db, user.organization_id, [user.team_id]) : [];
    const led = teamsManagedBy(db, user.organization_id, [user.id]);
    return [...new Map([...own, ...led].map((t) => [t.id, t])).values()];
  },

  allUsers: (
    _: unknown,
    args: { permission_level?: PermissionLevel | null; includeDeleted?: boolean | null; includeAzureEmail?: boolean | null },
    ctx: MercuriusContext,
    info?: GraphQLResolveInfo,
  ) => {
    const viewer = requireViewer(ctx);
    if ((args.includeDeleted || args.includeAzureEmail) && !isAdmin(viewer)) throw forbidden('Only an admin can list deleted users or Azure emails.');
    const rows: UserObject[] = listUsers(
      ctx.services.db,
      viewer.organizationId,
      { permission_level: args.permission_level, includeDeleted: !!args.includeDeleted },
      userColumnsFor(info),
    );
    if (args.includeAzureEmail) for (const u of rows) u.showAzureEmail = true;
    return rows;
  },

  userByEmail: (_: unknown, args: { email: string }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const user = findUserByEmail(ctx.services.db, viewer.organizationId, args.email);
    return user ? { id: user.id } : null;
  },

  checkUserByEmail: (_: unknown, args: { email: string }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    return !!findUserByEmail(ctx.services.db, viewer.organizationId, args.email);
  },

  checkUserExists: (_: unknown, args: { email: string }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const user = findUserByEmail(ctx.services.db, viewer.organizationId, args.email);
    return { exists: !!user, status: user?.status ?? null };
  },

  organizationUsers: (_: unknown, args: ListArgs, ctx: MercuriusContext, info?: GraphQLResolveInfo) =>
    listUsers(ctx.services.db, requireViewer(ctx).organizationId, args, userColumnsFor(info)),
  organizationUsersFull: (_: unknown, args: ListArgs, ctx: MercuriusContext, info?: GraphQLResolveInfo) =>
    listUsers(ctx.services.db, requireViewer(ctx).organizationId, args, userColumnsFor(info)),

  organizationAdmins: (_: unknown, __: unknown, ctx: MercuriusContext) =>
    listUsers(ctx.services.db, requireAdmin(ctx).organizationId, { permission_level: 'ADMIN' }),

  usersByTeamIds: (_: unknown, args: { teamIds: string[] }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    return listUsersByTeamIds(ctx.services.db, viewer.organizationId, parseInput(idListSchema, args.teamIds));
  },

  usersByIds: (_: unknown, args: { ids: string[] }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const byId = new Map(
      findUsersByIds(ctx.services.db, viewer.organizationId, parseInput(idListSchema, args.ids), { includeDeleted: isAdmin(viewer) }).map((u) => [u.id, u]),
    );
    return args.ids.map((id) => byId.get(id)).filter((u): u is UserRow => !!u);
  },

  userWidgetPreferences: (_: unknown, __: unknown, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    return { user_id: viewer.userId, enabled_widgets: getWidgetPreferences(ctx.services.db, viewer.userId) };
  },
};

/** Field rules: private settings for the person and admins; azure_email only when an admin asked. */
export const userFields = {
  azure_email: (u: UserObject) => (u.showAzureEmail ? u.azure_email : null),
  notifications: (u: UserObject, _: unknown, ctx: MercuriusContext) => (canSeePrivateFields(ctx.viewer, u) ? u.notifications : []),
  last_password_update: (u: UserObject, _: unknown, ctx: MercuriusContext) => (canSeePrivateFields(ctx.viewer, u) ? u.last_password_update : null),
  invited_at: (u: UserObject, _: unknown, ctx: MercuriusContext) => (ctx.viewer && isAdmin(ctx.viewer) ? u.invited_at : null),
  goals: (u: UserObject, _: unknown, ctx: MercuriusContext) => loadUserGoals(ctx, u.id),
};
