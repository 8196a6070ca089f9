import { useCallback } from 'react';
import { mergeSearch } from './admin-users.route.js';
import type { AdminUsersSearch } from './admin-users.search.js';

/** What the hook uses of a route whose search is the users table's state (`Route` of a file route). */
export interface AdminUsersSearchRoute {
  useSearch: () => AdminUsersSearch;
  useNavigate: () => (options: { search: (prev: AdminUsersSearch) => AdminUsersSearch; replace: boolean }) => Promise<void>;
}

/**
 * The users table's state from the route's URL, and a setter that merges a patch into it
 * (defaults dropped) and replaces the history entry, so typing in the search box adds no entries.
 */
export function useAdminUsersSearchNavigation(route: AdminUsersSearchRoute): {
  search: AdminUsersSearch;
  onSearchChange: (patch: Partial<AdminUsersSearch>) => void;
} {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<AdminUsersSearch>) => void navigate({ search: (prev) => mergeSearch(prev, patch), replace: true }),
    [navigate],
  );
  return { search, onSearchChange };
}
