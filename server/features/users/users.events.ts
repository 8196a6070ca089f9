import type { Services } from '../../services.js';
import { topics } from '../../graphql/pubsub.js';
import { revokeUserSessions } from '../auth/auth.repo.js';

/** Tells the user's own open subscriptions that their record changed. */
export function publishUserUpdated(services: Services, userIds: readonly string[]): void {
  for (const id of userIds) services.pubsub.publish(topics.userUpdated(id), { userId: id });
}

/** Ends every session of these users (deactivation, removal, password change) and their sockets. */
export function endUserSessions(services: Services, userIds: readonly string[], exceptSessionId?: string): void {
  const sessionIds = userIds.flatMap((id) => revokeUserSessions(services.db, id, exceptSessionId));
  if (sessionIds.length) services.pubsub.publish(topics.sessionRevoked, { sessionIds });
}
