import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe } from '../../lib/subscriptions.js';
import { graphql } from '../../lib/graphql.js';

export const USER_UPDATED = graphql(`
  subscription UserUpdated {
    userUpdated { id }
  }
`);

/** Keeps the signed-in person's own data fresh: a change to their record (by them or an admin) refetches it. */
export function useOwnUserUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe(USER_UPDATED, {
        next: () => void queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
        error: () => undefined,
        complete: () => undefined,
      }),
    [queryClient],
  );
}
