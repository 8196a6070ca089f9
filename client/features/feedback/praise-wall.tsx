import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedFeedbackList } from './feedback-list.js';
import { praiseWallQueryOptions } from './feedback.api.js';
import { usePraiseWallLive } from './praise-wall.live.js';

/** The organization's public praise, newest first, with reactions anyone may add or take back; live (praise-wall.live.ts). */
export function PraiseWall() {
  const query = useInfiniteQuery(praiseWallQueryOptions);
  usePraiseWallLive();
  return (
    <>
      <p className="muted">Public praise from everyone in your organization. React to celebrate it.</p>
      <PagedFeedbackList
        query={query}
        label="Praise wall"
        reactions
        empty={
          <>
            <h2>No praise yet</h2>
            <p>Praise given with “Public praise” shows up here for everyone. Be the first: Give feedback and choose Public praise.</p>
          </>
        }
      />
    </>
  );
}
