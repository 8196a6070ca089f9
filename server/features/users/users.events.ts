import type { Services } from '../../services.js';
import { topics } from '../../graphql/pubsub.js';
import { expirePasswordLinks, revokeUserSessions } from '../auth/auth.repo.js';

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
