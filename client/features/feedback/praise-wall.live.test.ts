import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { praiseWallQueryOptions } from './feedback.api.js';
import type { FeedbackItem, FeedbackPage } from './feedback.types.js';
import { applyPraiseWallChange } from './praise-wall.live.js';

/** The praise wall's cache after a live change (praise-wall.live.ts): replaced, removed, or read again. */

const praise = (id: string, clap: number): FeedbackItem =>
  ({ id, body: `Praise ${id}`, reactions: [{ reaction: 'CLAP', count: clap, mine: false }] }) as unknown as FeedbackItem;
const key = praiseWallQueryOptions.queryKey;

function wallWith(...pages: FeedbackItem[][]) {
  const queryClient = new QueryClient();
  const total = pages.flat().length;
  queryClient.setQueryData<InfiniteData<FeedbackPage, string | null>>(key, {
    pages: pages.map((items, i) => ({ items, total, next_cursor: i < pages.length - 1 ? `c${i}` : null })),
    pageParams: pages.map((_, i) => (i ? `c${i - 1}` : null)),
  });
  const wall = () => queryClient.getQueryData<InfiniteData<FeedbackPage, string | null>>(key)!;
  return { queryClient, wall };
}

it('a reaction replaces the praise where the wall holds it, on any page, leaving the others', () => {
  const { queryClient, wall } = wallWith([praise('a', 0), praise('b', 1)], [praise('c', 2)]);
  applyPraiseWallChange(queryClient, { id: 'c', feedback: praise('c', 3) });
  expect(wall().pages.map((p) => p.items.map((i) => `${i.id}:${i.reactions[0]!.count}`))).toEqual([['a:0', 'b:1'], ['c:3']]);
  expect(queryClient.getQueryState(key)!.isInvalidated).toBe(false);
});

it('praise that left the wall is removed and counted out; new praise makes the wall read again', () => {
  const { queryClient, wall } = wallWith([praise('a', 0), praise('b', 1)]);
  applyPraiseWallChange(queryClient, { id: 'a', feedback: null });
  expect(wall().pages[0]!.items.map((i) => i.id)).toEqual(['b']);
  expect(wall().pages[0]!.total).toBe(1);
  // Null for an id the wall does not hold (praise this viewer never saw): nothing to do.
  applyPraiseWallChange(queryClient, { id: 'unknown', feedback: null });
  expect(queryClient.getQueryState(key)!.isInvalidated).toBe(false);
  applyPraiseWallChange(queryClient, { id: 'new', feedback: praise('new', 0) });
  expect(queryClient.getQueryState(key)!.isInvalidated).toBe(true);
});
