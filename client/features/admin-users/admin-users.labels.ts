import { PERMISSION_LEVEL_LABEL, type UserStatus } from '../../../shared/enums.js';
import type { SortKey } from './admin-users.search.js';

export const STATUS_LABEL: Record<UserStatus, string> = { ACTIVE: 'Active', INVITED: 'Invited', DEACTIVATED: 'Deactivated' };
export const LEVEL_LABEL = PERMISSION_LEVEL_LABEL;
export const SORT_LABEL: Record<SortKey, string> = {
  name: 'Name', email: 'Email', status: 'Status', permission: 'Permission', team: 'Team', lastSignIn: 'Last sign-in',
};

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
export const formatSignIn = (iso: string | null): string => (iso ? dateFormat.format(new Date(iso)) : 'Never');

export const countLabel = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
