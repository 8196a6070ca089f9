import type { MercuriusContext } from 'mercurius';
import { badInput, conflict, forbidden, notFound, rateLimited } from '../../../shared/app-error.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { adminUserSchema, idListSchema, updateUserSchema, widgetPreferencesSchema } from '../../../shared/user.schemas.js';
import { updateMeSchema, updatePasswordSchema } from '../../../shared/me.schemas.js';
import { requireAdmin, requireViewer } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { nowIso } from '../../lib/tokens.js';
import { signAccessToken, type Viewer } from '../auth/viewer.js';
import { sendEmailChangeLink } from '../auth/account-mail.js';
import { findMediaByIds } from '../media/media.repo.js';
import { closeOrganization, findSubdepartmentsByIds } from '../org/org.repo.js';
import { organizationEmailCheck } from '../org/org.email-rules.js';
import { findTeamsByIds } from '../teams/teams.repo.js';
import { addOnePerson } from './users.create.js';
import { endUserSessions, passwordChanged, permissionsChanged, publishUserUpdated } from './users.events.js';
import { inviteUsers } from './users.invitations.js';
import { forbiddenUserFields, managesUser } from './users.policy.js';
import {
  countActiveAdmins,
  findNotInvitedUsers,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  setWidgetPreferences,
  softDeleteUsers,
  updateUser,
  updateUsers,
  type UserPatch,
  type UserRow,
} from './users.repo.js';
import { expireOrganizationLinks, revokeOrganizationSessions } from '../auth/auth.repo.js';
import { topics } from '../../graphql/pubsub.js';
import { auditActor } from '../audit/audit.actor.js';
import { seatsAdded } from '../billing/billing.jobs.js';
import { requireSeats } from '../billing/billing.state.js';
import { recordAuditAbout } from '../audit/audit.repo.js';

type UserInput = ReturnType<typeof updateUserSchema.parse>;

/** Wrong current passwords per person: a stolen access token cannot be used to guess the password. */
const currentPasswordFailures = new RateLimiter(10, 15 * 60_000);

async function requirePassword(user: UserRow, password: string | undefined): Promise<void> {
  if (currentPasswordFailures.exceeded(user.id)) throw rateLimited('Too many wrong passwords. Try again in 15 minutes.');
  if (!password || !(await verifyPassword(user.password_hash, password))) {
    currentPasswordFailures.take(user.id);
    throw forbidden('The current password is not correct.');
  }
}

/** References in an update (manager, team, sub-department) must exist in the caller's organization. */
function checkReferences(ctx: MercuriusContext, viewer: Viewer, input: UserInput, targetIds: readonly string[]): void {
  const { db } = ctx.services;
  if (input.manager_id) {
    if (targetIds.includes(input.manager_id)) throw badInput('A person cannot be their own manager.');
    if (!findUserById(db, viewer.organizationId, input.manager_id)) throw badInput('manager_id: no such user in this organization.');
  }
  if (input.team_id && !findTeamsByIds(db, viewer.organizationId, [input.team_id]).length) throw badInput('team_id: no such team in this organization.');
  if (input.subdepartment_id && !findSubdepartmentsByIds(db, viewer.organizationId, [input.subdepartment_id]).length)
    throw badInput('subdepartment_id: no such sub-department.');
}

function toPatch(input: UserInput): UserPatch {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as UserPatch;
}

function applyUserUpdate(ctx: MercuriusContext, viewer: Viewer, ids: string[], input: UserInput): UserRow[] {
  const { db } = ctx.services;
  checkReferences(ctx, viewer, input, ids);
  if (input.status && input.status !== 'ACTIVE' && ids.includes(viewer.userId)) throw conflict('You cannot deactivate yourself.');
  const before = input.status ? findUsersByIds(db, viewer.organizationId, ids) : [];
  const changed = before.filter((u) => u.status !== input.status);
  // Bringing deactivated people back takes seats (docs/decisions/0068).
  const returning = input.status && input.status !== 'DEACTIVATED' ? changed.filter((u) => u.status === 'DEACTIVATED').length : 0;
  if (returning) requireSeats(ctx.services, viewer.organizationId, returning);
  db.transaction(() => {
    updateUsers(db, viewer.organizationId, ids, toPatch(input));
    recordAuditAbout(
      db,
      auditActor(ctx, viewer),
      'STATUS_CHANGED',
      changed.map((u) => ({ ...u, details: { from: u.status, to: input.status! } })),
    );
    permissionsChanged(
      ctx.services,
      viewer.organizationId,
      changed.map((u) => u.id),
    );
  });
  if (input.status === 'DEACTIVATED') endUserSessions(ctx.services, ids);
  if (returning) seatsAdded(ctx.services, viewer.organizationId);
  publishUserUpdated(ctx.services, ids);
  return findUsersByIds(db, viewer.organizationId, ids);
}

export const userMutations = {
  updateMe: async (_: unknown, args: { input: unknown }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const input = parseInput(updateMeSchema, args.input);
    const { db } = ctx.services;
    const me = findUserById(db, viewer.organizationId, viewer.userId)!;
    const patch: UserPatch = {};
    if (input.password !== undefined || (input.email !== undefined && input.email !== me.email)) await requirePassword(me, input.current_password);
    if (input.password !== undefined) {
      patch.password_hash = await hashPassword(input.password);
      patch.last_password_update = nowIso();
    }
    if (input.email !== undefined && input.email !== me.email) {
      // An address of one's own organization is refused; any other gets the confirmation link, one of
      // another organization too (verify-email refuses it when followed): the answer and the outbox
      // say nothing about other organizations (docs/decisions/0044, 0057).
      if (findUserByEmail(db, viewer.organizationId, input.email, { includeDeleted: true })) throw conflict('Another account already uses this email.');
      sendEmailChangeLink(ctx.services, me, input.email);
    }
    if (input.profile_picture_id !== undefined) {
      if (input.profile_picture_id && !findMediaByIds(db, viewer.organizationId, [input.profile_picture_id]).length)
        throw badInput('profile_picture_id: no such picture.');
      patch.profile_picture_id = input.profile_picture_id ?? null;
    }
    if (input.selected_team_ids !== undefined) {
      const teamId = input.selected_team_ids[0] ?? null;
      if (teamId && !findTeamsByIds(db, viewer.organizationId, [teamId]).length) throw badInput('selected_team_ids: no such team.');
      patch.team_id = teamId;
    }
    for (const key of ['full_name', 'location', 'bio', 'time_zone', 'phone_number', 'role', 'notifications'] as const) {
      if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
    }
    updateUser(db, viewer.organizationId, viewer.userId, patch);
    if (input.password !== undefined) passwordChanged(ctx.services, viewer.userId, viewer.sessionId);
    publishUserUpdated(ctx.services, [viewer.userId]);
    return { access_token: signAccessToken(ctx.app, viewer), user: findUserById(db, viewer.organizationId, viewer.userId) };
  },

  updateUser: (_: unknown, args: { id: string; input: unknown }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const input = parseInput(updateUserSchema, args.input);
    const target = findUserById(ctx.services.db, viewer.organizationId, args.id);
    if (!target) throw notFound('User');
    const team = target.team_id ? findTeamsByIds(ctx.services.db, viewer.organizationId, [target.team_id])[0] : undefined;
    const denied = forbiddenUserFields(viewer, target, Object.keys(toPatch(input)), managesUser(viewer, target, team));
    if (denied.length) throw forbidden(`You may not change ${denied.join(', ')} for this person.`);
    return applyUserUpdate(ctx, viewer, [target.id], input)[0];
  },

  updateOneUser: (_: unknown, args: { id: string; input: unknown }, ctx: MercuriusContext) => {
    const viewer = requireAdmin(ctx);
    const input = parseInput(updateUserSchema, args.input);
    if (!findUserById(ctx.services.db, viewer.organizationId, args.id)) throw notFound('User');
    return applyUserUpdate(ctx, viewer, [args.id], input)[0];
  },

  updateManyUsers: (_: unknown, args: { ids: string[]; input: unknown }, ctx: MercuriusContext) => {
    const viewer = requireAdmin(ctx);
    const ids = parseInput(idListSchema, args.ids);
    const input = parseInput(updateUserSchema, args.input);
    const found = findUsersByIds(ctx.services.db, viewer.organizationId, ids).map((u) => u.id);
    if (found.length !== new Set(ids).size) throw notFound('User');
    return applyUserUpdate(ctx, viewer, found, input);
  },

  updateUserByAdmin: (_: unknown, args: { id: string; input: unknown }, ctx: MercuriusContext) => {
    const viewer = requireAdmin(ctx);
    const input = parseInput(adminUserSchema, args.input);
    const { db } = ctx.services;
    const target = findUserById(db, viewer.organizationId, args.id);
    if (!target) throw notFound('User');
    // A new address is confirmed by a link sent to it and takes effect when the link is followed
    // (verify-email); until then the old one stays. An address of the admin's own organization is
    // refused plainly (they can see their people); any other, free or another organization's, gets
    // the same answer and the same mail (verify-email refuses a taken one): docs/decisions/0057.
    const newEmail = input.email && input.email !== target.email ? input.email : null;
    if (newEmail) {
      if (organizationEmailCheck(db, viewer.organizationId).isBlocked(newEmail))
        throw badInput('email: use a work address, not a free or disposable mail provider.');
      if (findUserByEmail(db, viewer.organizationId, newEmail, { includeDeleted: true })) throw conflict('Another account already uses this email.');
    }
    if (
      input.permission_level &&
      input.permission_level !== 'ADMIN' &&
      target.permission_level === 'ADMIN' &&
      countActiveAdmins(db, viewer.organizationId) <= 1
    ) {
      throw conflict('The organization needs at least one admin.');
    }
    const { email: _typed, ...fields } = input;
    const patch = toPatch(fields as UserInput);
    db.transaction(() => {
      updateUser(db, viewer.organizationId, target.id, patch);
      if (input.permission_level && input.permission_level !== target.permission_level) {
        recordAuditAbout(db, auditActor(ctx, viewer), 'PERMISSION_LEVEL_CHANGED', [
          { ...target, details: { from: target.permission_level, to: input.permission_level } },
        ]);
        permissionsChanged(ctx.services, viewer.organizationId, [target.id]);
      }
    });
    if (newEmail) sendEmailChangeLink(ctx.services, target, newEmail);
    if (input.permission_level && input.permission_level !== target.permission_level) endUserSessions(ctx.services, [target.id]);
    publishUserUpdated(ctx.services, [target.id]);
    return { ...findUserById(db, viewer.organizationId, target.id)!, showAzureEmail: true };
  },

  removeLoggedUser: async (_: unknown, args: { password: string }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const { db } = ctx.services;
    const me = findUserById(db, viewer.organizationId, viewer.userId)!;
    await requirePassword(me, args.password);
    if (me.permission_level === 'ADMIN' && countActiveAdmins(db, viewer.organizationId) <= 1)
      throw conflict('You are the only admin: name another admin or close the organization instead.');
    db.transaction(() => {
      softDeleteUsers(db, viewer.organizationId, [me.id]);
      recordAuditAbout(db, auditActor(ctx, viewer), 'USER_REMOVED', [{ ...me, details: { own_account: true } }]);
      permissionsChanged(ctx.services, viewer.organizationId, [me.id]);
    });
    endUserSessions(ctx.services, [me.id]);
    return true;
  },

  closeAccount: async (_: unknown, args: { password: string }, ctx: MercuriusContext) => {
    const viewer = requireAdmin(ctx);
    const { db, pubsub } = ctx.services;
    await requirePassword(findUserById(db, viewer.organizationId, viewer.userId)!, args.password);
    closeOrganization(db, viewer.organizationId);
    expireOrganizationLinks(db, viewer.organizationId); // nobody's link of a closed organization works any more (decision 0057)
    const sessionIds = revokeOrganizationSessions(db, viewer.organizationId);
    pubsub.publish(topics.sessionRevoked, { sessionIds });
    return true;
  },

  updatePassword: async (_: unknown, args: { input: unknown }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const input = parseInput(updatePasswordSchema, args.input);
    const { db } = ctx.services;
    await requirePassword(findUserById(db, viewer.organizationId, viewer.userId)!, input.current_password);
    updateUser(db, viewer.organizationId, viewer.userId, { password_hash: await hashPassword(input.new_password), last_password_update: nowIso() });
    passwordChanged(ctx.services, viewer.userId, viewer.sessionId);
    return true;
  },

  removeUsers: (_: unknown, args: { ids: string[] }, ctx: MercuriusContext) => {
    const viewer = requireAdmin(ctx);
    const ids = parseInput(idListSchema, args.ids);
    if (ids.includes(viewer.userId)) throw conflict('You cannot remove yourself here; use "close my account" instead.');
    const { db } = ctx.services;
    const people = findUsersByIds(db, viewer.organizationId, ids);
    const removed = db.transaction(() => {
      const gone = softDeleteUsers(db, viewer.organizationId, ids);
      recordAuditAbout(
        db,
        auditActor(ctx, viewer),
        'USER_REMOVED',
        people.filter((u) => gone.includes(u.id)),
      );
      permissionsChanged(ctx.services, viewer.organizationId, gone);
      return gone;
    });
    endUserSessions(ctx.services, removed);
    publishUserUpdated(ctx.services, removed);
    return removed.length;
  },

  updateWidgetPreferences: (_: unknown, args: { enabled_widgets: unknown }, ctx: MercuriusContext) => {
    const viewer = requireViewer(ctx);
    const widgets = parseInput(widgetPreferencesSchema, args.enabled_widgets);
    setWidgetPreferences(ctx.services.db, viewer.userId, widgets);
    return { user_id: viewer.userId, enabled_widgets: widgets };
  },

  sendInvitations: (_: unknown, args: { ids: string[] }, ctx: MercuriusContext) => {
    const viewer = requireAdmin(ctx);
    requireSeats(ctx.services, viewer.organizationId, 0); // refused only while over the seat limit (docs/decisions/0068)
    const people = findUsersByIds(ctx.services.db, viewer.organizationId, parseInput(idListSchema, args.ids));
    return inviteUsers(ctx.services, viewer.organizationId, people);
  },

  sendInvitationsToAllNotInvited: (_: unknown, __: unknown, ctx: MercuriusContext) => {
    const viewer = requireAdmin(ctx);
    requireSeats(ctx.services, viewer.organizationId, 0);
    return inviteUsers(ctx.services, viewer.organizationId, findNotInvitedUsers(ctx.services.db, viewer.organizationId));
  },

  addUser: (_: unknown, args: { input: unknown; sendInvitation: boolean }, ctx: MercuriusContext) =>
    addOnePerson(ctx.services, requireAdmin(ctx), args.input, args.sendInvitation),
};
