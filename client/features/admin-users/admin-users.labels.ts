import { PERMISSION_LEVEL_LABEL, type UserStatus } from '../../../shared/enums.js';
import { formatDay, formatNumber } from '../../../shared/format.js';
import { invitationExpiresAt, invitationState, type InvitationState } from '../../../shared/invitations.js';
import type { SortKey } from './admin-users.search.js';

export const STATUS_LABEL: Record<UserStatus, string> = { ACTIVE: 'Active', INVITED: 'Invited', DEACTIVATED: 'Deactivated' };
/** A person's state in the table: joined, invited (date), not invited, ... (docs/decisions/0027). */
export const STATE_LABEL: Record<InvitationState, string> = {
  JOINED: 'Joined',
  INVITED: 'Invited',
  EXPIRED: 'Invitation expired',
  NOT_INVITED: 'Not invited',
  DEACTIVATED: 'Deactivated',
};

/** The line under the state: when the invitation went out. */
export function stateDetail(user: { status: UserStatus; invited_at: string | null }): string | null {
  const state = invitationState(user);
  if (state === 'INVITED') return formatDay(user.invited_at);
  if (state === 'EXPIRED') return `sent ${formatDay(user.invited_at)}`;
  return null;
}

/** A sentence for the edit dialog: where this person's invitation stands. */
export function invitationSentence(user: { status: UserStatus; invited_at: string | null }): string {
  const state = invitationState(user);
  if (state === 'NOT_INVITED') return 'Not invited yet: no email has been sent to this person.';
  if (state === 'INVITED') return `Invited ${formatDay(user.invited_at)}. The link works until ${formatDay(invitationExpiresAt(user.invited_at!))}.`;
  if (state === 'EXPIRED') return `Invited ${formatDay(user.invited_at)}; the link expired ${formatDay(invitationExpiresAt(user.invited_at!))}.`;
  return '';
}

export const LEVEL_LABEL = PERMISSION_LEVEL_LABEL;
export const SORT_LABEL: Record<SortKey, string> = {
  name: 'Name',
  email: 'Email',
  status: 'Status',
  permission: 'Permission',
  team: 'Team',
  lastSignIn: 'Last sign-in',
};

export const formatSignIn = (iso: string | null): string => (iso ? formatDay(iso) : 'Never');

export const countLabel = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;
