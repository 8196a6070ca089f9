import type { Services } from '../../services.js';
import { topics } from '../../graphql/pubsub.js';
import { expireAllLinksOf, expirePasswordLinks, revokeUserSessions } from '../auth/auth.repo.js';
import { clearInvitedAt } from './users.repo.js';

/** Tells the user's own open subscriptions that their record changed. */
export function publishUserUpdated(services: Services, userIds: readonly string[]): void {
  for (const id of userIds) services.pubsub.publish(topics.userUpdated(id), { userId: id });
}

/** Ends every session of these users (deactivation, removal, password change) and their sockets. */
export function endUserSessions(services: Services, userIds: readonly string[], exceptSessionId?: string): void {
  const sessionIds = userIds.flatMap((id) => revokeUserSessions(services.db, id, exceptSessionId));
  if (sessionIds.length) services.pubsub.publish(topics.sessionRevoked, { sessionIds });
}

/**
 * After a person's password changed (settings, reset or invitation link): their pending reset and
 * invitation links stop working and every other session of theirs ends (docs/decisions/0045).
 */
export function passwordChanged(services: Services, userId: string, exceptSessionId?: string): void {
  expirePasswordLinks(services.db, userId);
  endUserSessions(services, [userId], exceptSessionId);
}

/**
 * After a person's permissions changed (permission level, status, removal): every open link of
 * theirs (password reset, invitation, email change) stops working, so a link asked for under the
 * old permissions neither shows in a co-admin's outbox once the person is no longer an admin nor
 * works again after a re-promotion (docs/decisions/0057). An invited person whose invitation so
 * ended is "not invited" again (decision 0027's states), until an admin sends a new one.
 */
export function permissionsChanged(services: Services, organizationId: string, userIds: readonly string[]): void {
  if (!userIds.length) return;
  expireAllLinksOf(services.db, userIds);
  clearInvitedAt(services.db, organizationId, userIds);
}
