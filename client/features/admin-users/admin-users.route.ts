import type { QueryClient } from '@tanstack/react-query';
import { adminUsersQueryOptions, teamOptionsQueryOptions } from './admin-users.api.js';
import type { AdminUsersSearch } from './admin-users.search.js';

/** Only the deleted switch changes what is fetched; search, filters and sort work on the loaded list. */
export const adminUsersLoaderDeps = ({ search }: { search: AdminUsersSearch }) => ({ deleted: !!search.deleted });

/**
 * Starts both queries as the route loads, without holding the navigation: the heading, file
 * actions and a "Loading users…" state show at once, the list in its own Suspense boundary when
 * it arrives; a failed list shows its error (with a retry) there, not instead of the page.
 */
export function loadAdminUsers(queryClient: QueryClient, deps: { deleted: boolean }): void {
  void queryClient.prefetchQuery(adminUsersQueryOptions(deps.deleted));
  void queryClient.prefetchQuery(teamOptionsQueryOptions);
}

/** Drops defaults so the URL stays short (`?q=ada&status=ACTIVE`). */
export function mergeSearch(prev: AdminUsersSearch, patch: Partial<AdminUsersSearch>): AdminUsersSearch {
  const next: Record<string, unknown> = { ...prev, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '' || next[key] === false) delete next[key];
  return next as AdminUsersSearch;
}
