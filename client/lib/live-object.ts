import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Document } from './graphql.js';
import { subscribe, subscriptionClient } from './subscriptions.js';

/**
 * 'live': changes arrive; 'reconnecting': the socket dropped and is being reopened; 'lost': the
 * client gave up; 'ended': the server ended the subscription (the object is gone or no longer the
 * viewer's to read).
 */
export type LiveStatus = 'live' | 'reconnecting' | 'lost' | 'ended';

/**
 * Keeps one object's query current while a screen shows it (a retro, a note): subscribes to
 * `document` (one field, the object itself), hands each object to `apply` (which writes the cache),
 * says when the socket drops, and reads the object again when it comes back. When the server
 * completes the subscription the status is `onComplete` ('lost' for a retro, 'ended' for a note,
 * which is then read again). `retry` subscribes again after the client gave up.
 */
export function useLiveObject<Result, Field extends keyof Result & string>(options: {
  document: Document<Result, { id: string }>;
  field: Field;
  id: string;
  queryKey: QueryKey;
  apply: (queryClient: QueryClient, object: NonNullable<Result[Field]>) => void;
  onComplete: 'lost' | 'ended';
}): { status: LiveStatus; retry: () => void } {
  const { document, field, id, queryKey, apply, onComplete } = options;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('live');
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    let dropped = false;
    let active = true;
    const reread = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true });
    const client = subscriptionClient();
    const offClosed = client.on('closed', () => {
      if (!active) return;
      dropped = true;
      setStatus('reconnecting');
    });
    const offConnected = client.on('connected', () => {
      if (!active || !dropped) return;
      dropped = false;
      setStatus('live');
      reread();
    });
    const stop = subscribe(
      document,
      {
        next: (message) => {
          const object = message.data?.[field];
          if (!object) return;
          if (dropped) {
            dropped = false;
            setStatus('live');
          }
          apply(queryClient, object);
        },
        error: () => {
          if (active) setStatus('lost');
        },
        complete: () => {
          if (!active) return;
          setStatus(onComplete);
          if (onComplete === 'ended') reread();
        },
      },
      { id },
    );
    return () => {
      active = false;
      offClosed();
      offConnected();
      stop();
    };
  }, [document, field, id, key, apply, onComplete, queryClient, attempt]);
  const retry = useCallback(() => {
    setStatus('reconnecting');
    setAttempt((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true });
  }, [key, queryClient]);
  return { status, retry };
}
