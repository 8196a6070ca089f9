import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe, subscriptionClient } from '../../lib/subscriptions.js';
import { praiseWallQueryOptions } from './feedback.api.js';
import { FEEDBACK_FIELDS, type FeedbackItem, type FeedbackPage } from './feedback.types.js';
import { graphql } from '../../lib/graphql.js';

/**
 * The praise wall, live (docs/decisions/0060): each change the server tells (praise given or
 * deleted, a reaction added or taken back) comes as the praise the wall shows this viewer, or null
 * once it left the wall. A praise the wall holds is replaced or removed in the cache; a new one makes
 * the wall read again (it belongs at the top, and its page is the server's to cut). After the socket
 * drops and comes back, the wall is read again: changes meanwhile were not heard.
 */

export const PRAISE_WALL_CHANGED = graphql(`subscription PraiseWallChanged { praiseWallChanged { id feedback { ${FEEDBACK_FIELDS} } } }`);

export type PraiseWallChange = { id: string; feedback: FeedbackItem | null };

export function applyPraiseWallChange(queryClient: QueryClient, change: PraiseWallChange): void {
  const key = praiseWallQueryOptions.queryKey;
  const wall = queryClient.getQueryData<InfiniteData<FeedbackPage, string | null>>(key);
  if (!wall) return;
  const held = wall.pages.some((page) => page.items.some((item) => item.id === change.id));
  if (!held) {
    if (change.feedback) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const { feedback } = change;
  queryClient.setQueryData<InfiniteData<FeedbackPage, string | null>>(key, {
    ...wall,
    pages: wall.pages.map((page) =>
      feedback
        ? { ...page, items: page.items.map((item) => (item.id === change.id ? feedback : item)) }
        : { ...page, items: page.items.filter((item) => item.id !== change.id), total: Math.max(0, page.total - 1) },
    ),
  });
}

/** Keeps the praise wall's query current while the wall is shown. */
export function usePraiseWallLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    let dropped = false;
    const client = subscriptionClient();
    const offClosed = client.on('closed', () => {
      if (active) dropped = true;
    });
    const offConnected = client.on('connected', () => {
      if (!active || !dropped) return;
      dropped = false;
      void queryClient.invalidateQueries({ queryKey: praiseWallQueryOptions.queryKey, exact: true });
    });
    const stop = subscribe(PRAISE_WALL_CHANGED, {
      next: (message) => {
        const change = message.data?.praiseWallChanged;
        if (active && change) applyPraiseWallChange(queryClient, change);
      },
      // The wall stays as last read; a reload reads it again.
      error: () => {},
      complete: () => {},
    });
    return () => {
      active = false;
      offClosed();
      offConnected();
      stop();
    };
  }, [queryClient]);
}
