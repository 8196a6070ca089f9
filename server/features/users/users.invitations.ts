import type { Services } from '../../services.js';
import { nowIso } from '../../lib/tokens.js';
import { sendInvitation } from '../auth/account-mail.js';
import { findOrganization } from '../org/org.repo.js';
import { markInvited, type UserRow } from './users.repo.js';

/**
 * Sends (again) the invitation to those of `people` who can still accept one (INVITED, not
 * deleted), records invited_at, and returns how many were sent. Each new link replaces the

 * person's earlier one. Nobody of a closed organization. All in one transaction: thousands of people take one commit.
 */
export function inviteUsers(services: Services, organizationId: string, people: readonly UserRow[]): number {
  const invitable = people.filter((u) => u.status === 'INVITED' && !u.deleted_at && u.organization_id === organizationId);
  if (!invitable.length) return 0;
  const { db } = services;
  const organization = findOrganization(db, organizationId);
  if (!organization) return 0; // a closed organization invites nobody
  db.transaction(() => {
    for (const user of invitable) sendInvitation(services, user, organization.name);
    markInvited(
      db,
      organizationId,
      invitable.map((u) => u.id),
      nowIso(),
    );
  });
  return invitable.length;
}
