import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe } from '../../lib/subscriptions.js';
import { addToInbox, NOTIFICATION_ADDED } from './api.js';

/** New notifications arrive through `notificationAdded` and land in the bell's list at once. Mount once (the app shell). */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe(NOTIFICATION_ADDED, {
        next: ({ data }) => {
          if (data?.notificationAdded) addToInbox(queryClient, data.notificationAdded);
        },
        error: () => undefined,
        complete: () => undefined,
      }),
    [queryClient],
  );
}
