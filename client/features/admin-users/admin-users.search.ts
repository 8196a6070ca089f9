import { z } from 'zod';
import { PERMISSION_LEVELS } from '../../../shared/enums.js';
import { invitationState } from '../../../shared/invitations.js';
import type { AdminUser } from './admin-users.api.js';
import { lazySchema } from '../../lib/lazy-schema.js';

export const SORT_KEYS = ['name', 'email', 'status', 'permission', 'team', 'lastSignIn'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * Status filter: the account statuses plus NOT_INVITED (invited status, never sent an invitation).
 * INVITED means an invitation went out (link valid or expired), ACTIVE means joined.
 */
export const STATUS_FILTERS = ['ACTIVE', 'INVITED', 'NOT_INVITED', 'DEACTIVATED'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The filter value a person falls under. */
export function statusFilterOf(u: Pick<AdminUser, 'status' | 'invited_at'>): StatusFilter {
  const state = invitationState(u);
  return state === 'JOINED' ? 'ACTIVE' : state === 'EXPIRED' ? 'INVITED' : state;
}

/** Team filter: a team id, or "none" for people without a team. */
export const NO_TEAM = 'none';

/**
 * The table's state in the URL (rule 8: search parsed with zod). Bad or unknown values fall
 * back to the defaults instead of failing the page, so an edited or old link still opens.
 */
export const adminUsersSearchSchema = lazySchema(() =>
  z.object({
    q: z.string().max(200).optional().catch(undefined),
    status: z.enum(STATUS_FILTERS).optional().catch(undefined),
    level: z.enum(PERMISSION_LEVELS).optional().catch(undefined),
    team: z.string().min(1).max(64).optional().catch(undefined),
    sort: z.enum(SORT_KEYS).optional().catch(undefined),
    dir: z.enum(['asc', 'desc']).optional().catch(undefined),
    deleted: z.boolean().optional().catch(undefined),
  }),
);
export type AdminUsersSearch = z.infer<typeof adminUsersSearchSchema>;

export const parseAdminUsersSearch = (search: Record<string, unknown>): AdminUsersSearch => adminUsersSearchSchema.parse(search);

// Made on the first sort, not when the route definitions load (docs/decisions/0077).
let collatorMade: Intl.Collator | undefined;
const collator = () => (collatorMade ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));
const STATUS_ORDER: Record<StatusFilter, number> = { ACTIVE: 0, INVITED: 1, NOT_INVITED: 2, DEACTIVATED: 3 };
const LEVEL_ORDER = { ADMIN: 0, MANAGER: 1, MEMBER: 2 } as const;

type Comparator = (a: AdminUser, b: AdminUser) => number;
const text =
  (pick: (u: AdminUser) => string | null | undefined): Comparator =>
  (a, b) => {
    const x = pick(a) ?? '';
    const y = pick(b) ?? '';
    // Empty values sort after filled ones (before them when descending).
    if (!x !== !y) return x ? -1 : 1;
    return collator().compare(x, y);
  };

const COMPARATORS: Record<SortKey, Comparator> = {
  name: text((u) => u.full_name),
  email: text((u) => u.email),
  status: (a, b) => STATUS_ORDER[statusFilterOf(a)] - STATUS_ORDER[statusFilterOf(b)],
  permission: (a, b) => LEVEL_ORDER[a.permission_level] - LEVEL_ORDER[b.permission_level],
  team: text((u) => u.team?.name),
  // ISO timestamps sort as text; people who never signed in come last.
  lastSignIn: (a, b) => {
    if (!a.last_login !== !b.last_login) return a.last_login ? -1 : 1;
    return (a.last_login ?? '').localeCompare(b.last_login ?? '');
  },
};

/** Lower-cased "name email role" per user, computed once per list. */
const haystacks = new WeakMap<AdminUser, string>();
function haystack(u: AdminUser): string {
  let h = haystacks.get(u);
  if (h === undefined) {
    h = `${u.full_name}\n${u.email}\n${u.role ?? ''}`.toLowerCase();
    haystacks.set(u, h);
  }
  return h;
}

/** Search (name, email, role; every word must match), filters and sort, all in memory. */
export function selectUsers(users: readonly AdminUser[], search: AdminUsersSearch): AdminUser[] {
  const words = (search.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const out = users.filter((u) => {
    if (search.status && statusFilterOf(u) !== search.status) return false;
    if (search.level && u.permission_level !== search.level) return false;
    if (search.team && (search.team === NO_TEAM ? u.team !== null : u.team?.id !== search.team)) return false;
    if (words.length) {
      const h = haystack(u);
      if (!words.every((w) => h.includes(w))) return false;
    }
    return true;
  });
  const key = search.sort ?? 'name';
  const compare = COMPARATORS[key];
  const sign = search.dir === 'desc' ? -1 : 1;
  const byName = COMPARATORS.name;
  return out.sort((a, b) => sign * compare(a, b) || byName(a, b) || collator().compare(a.id, b.id));
}
