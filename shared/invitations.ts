/**
 * The invitation lifecycle (docs/decisions/0027): a person created by an admin is INVITED and
 * "not invited" until a first invitation mail goes out (invited_at); the link in it works once
 * and for INVITATION_LINK_DAYS days; a new invitation makes the earlier link stop working;
 * setting a password through the link makes the person ACTIVE ("joined").
 */
import type { UserStatus } from './enums.js';
import { DAY_MS } from './dates.days.js';

export const INVITATION_LINK_DAYS = 14;
export const INVITATION_LINK_MS = INVITATION_LINK_DAYS * DAY_MS;

export type InvitationState = 'NOT_INVITED' | 'INVITED' | 'EXPIRED' | 'JOINED' | 'DEACTIVATED';

/** Where a person stands: joined, invited (link still valid or expired), not invited yet, or deactivated. */
export function invitationState(user: { status: UserStatus; invited_at: string | null }, now = Date.now()): InvitationState {
  if (user.status === 'ACTIVE') return 'JOINED';
  if (user.status === 'DEACTIVATED') return 'DEACTIVATED';
  if (!user.invited_at) return 'NOT_INVITED';
  return Date.parse(user.invited_at) + INVITATION_LINK_MS < now ? 'EXPIRED' : 'INVITED';
}

/** When the link of an invitation sent at `invitedAt` stops working (ISO). */
export const invitationExpiresAt = (invitedAt: string): string => new Date(Date.parse(invitedAt) + INVITATION_LINK_MS).toISOString();
