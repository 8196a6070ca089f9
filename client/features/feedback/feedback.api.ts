import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { FeedbackReaction } from '../../../shared/feedback.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { FEEDBACK_FIELDS, FEEDBACK_PAGE_FIELDS, FEEDBACK_TAG_FIELDS, type FeedbackItem, type FeedbackPage } from './feedback.types.js';

/** Giving and reading feedback, tags and reactions: the main page, the praise wall and the two dashboard cards. */
export type FeedbackBoxName = 'RECEIVED' | 'GIVEN';
export type FeedbackListFilter = { person?: string | undefined; tag?: string | undefined; from?: string | undefined; to?: string | undefined };

/** How many cards one "Load more" adds. */
export const FEEDBACK_PAGE_SIZE = 20;

export const MY_FEEDBACK = graphql(`query MyFeedback($filter: FeedbackFilter!) { myFeedback(filter: $filter) { ${FEEDBACK_PAGE_FIELDS} } }`);
export const PRAISE_WALL = graphql(`query PraiseWall($first: Int, $after: String) { praiseWall(first: $first, after: $after) { ${FEEDBACK_PAGE_FIELDS} } }`);
export const LATEST_RECEIVED = graphql(`query LatestFeedbackReceived { myFeedback(filter: { box: RECEIVED, first: 3 }) { ${FEEDBACK_PAGE_FIELDS} } }`);
export const FEEDBACK_TAGS = graphql(`query FeedbackTags { feedbackTags { ${FEEDBACK_TAG_FIELDS} } }`);
export const MY_PENDING_ASKS = graphql(
  `query MyPendingFeedbackAsks { pendingFeedbackRequests { id status created_at request { id requester { id full_name } subject { id full_name } template_name due_on about_report } } }`,
);
export const GIVE = graphql(`mutation GiveFeedback($input: GiveFeedbackInput!) { giveFeedback(input: $input) { ${FEEDBACK_FIELDS} } }`);
export const DELETE = graphql('mutation DeleteFeedback($id: ID!) { deleteFeedback(id: $id) }');
export const TOGGLE_REACTION = graphql(
  `mutation ToggleFeedbackReaction($id: ID!, $reaction: FeedbackReaction!) { toggleFeedbackReaction(id: $id, reaction: $reaction) { ${FEEDBACK_FIELDS} } }`,
);

/** Received or given feedback, newest first, page by page (next_cursor). */
export const myFeedbackQueryOptions = (box: FeedbackBoxName, filter: FeedbackListFilter) =>
  infiniteQueryOptions({
    queryKey: ['feedback', 'mine', box, { person: filter.person ?? null, tag: filter.tag ?? null, from: filter.from ?? null, to: filter.to ?? null }],
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedbackPage) => last.next_cursor,
    queryFn: async ({ pageParam }) =>
      (
        await gql(MY_FEEDBACK, {
          filter: {
            box,
            person_id: filter.person ?? null,
            tag_id: filter.tag ?? null,
            from: filter.from ?? null,
            to: filter.to ?? null,
            first: FEEDBACK_PAGE_SIZE,
            after: pageParam,
          },
        })
      ).myFeedback,
  });

/** Public praise of the organization, newest first. */
export const praiseWallQueryOptions = infiniteQueryOptions({
  queryKey: ['feedback', 'praise'],
  initialPageParam: null as string | null,
  getNextPageParam: (last: FeedbackPage) => last.next_cursor,
  queryFn: async ({ pageParam }) => (await gql(PRAISE_WALL, { first: FEEDBACK_PAGE_SIZE, after: pageParam })).praiseWall,
});

/** The dashboard card: the 3 latest items I received. */
export const latestFeedbackReceivedQueryOptions = queryOptions({
  queryKey: ['feedback', 'received', 'latest'],
  queryFn: async () => (await gql(LATEST_RECEIVED)).myFeedback,
});

/** The organization's active tags (values and competencies), as the give dialog and the filters offer them. */
export const feedbackTagsQueryOptions = queryOptions({
  queryKey: ['feedbackTags', 'active'],
  queryFn: async () => (await gql(FEEDBACK_TAGS)).feedbackTags,
});

export type MyPendingAsk = ResultOf<typeof MY_PENDING_ASKS>['pendingFeedbackRequests'][number];

/** The dashboard card: requests waiting for my answer (the pending page has its own, fuller query). */
export const myPendingAsksQueryOptions = queryOptions({
  queryKey: ['feedbackRequests', 'pending', 'card'],
  queryFn: async () => (await gql(MY_PENDING_ASKS)).pendingFeedbackRequests.filter((a) => a.status === 'PENDING'),
});

export type GiveFeedbackVariables = {
  recipient_id: string;
  body: string;
  visibility: 'PRIVATE' | 'MANAGER' | 'PUBLIC';
  tag_ids: string[];
  share_to_slack: boolean;
};

export function useGiveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GiveFeedbackVariables) => (await gql(GIVE, { input })).giveFeedback,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['feedback'] }), queryClient.invalidateQueries({ queryKey: ['feedbackTags'] })]),
  });
}

export function useDeleteFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await gql(DELETE, { id })).deleteFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}

type Cached = InfiniteData<FeedbackPage> | FeedbackPage | undefined;

/** Every cached list holding this item (pages of the lists, the card's single page) with the item changed. */
function updateCachedItem(queryClient: QueryClient, id: string, change: (item: FeedbackItem) => FeedbackItem) {
  const onPage = (page: FeedbackPage): FeedbackPage =>
    page.items.some((i) => i.id === id) ? { ...page, items: page.items.map((i) => (i.id === id ? change(i) : i)) } : page;
  queryClient.setQueriesData<Cached>({ queryKey: ['feedback'] }, (data) => {
    if (!data) return data;
    if ('pages' in data) return { ...data, pages: data.pages.map(onPage) };
    return 'items' in data ? onPage(data) : data;
  });
}

/** My reaction added, or taken back when I had reacted so (what the screen shows before the server answers). */
export function toggledReaction(item: FeedbackItem, reaction: FeedbackReaction): FeedbackItem {
  const found = item.reactions.find((r) => r.reaction === reaction);
  const reactions = !found
    ? [...item.reactions, { reaction, count: 1, mine: true }]
    : item.reactions
        .map((r) => (r.reaction !== reaction ? r : { ...r, mine: !r.mine, count: Math.max(0, r.count + (r.mine ? -1 : 1)) }))
        .filter((r) => r.count > 0);
  return { ...item, reactions };
}

/** Optimistic: the count and my mark change at once; a refusal puts them back (and the caller says why). */
export function useToggleFeedbackReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reaction }: { id: string; reaction: FeedbackReaction }) => (await gql(TOGGLE_REACTION, { id, reaction })).toggleFeedbackReaction,
    onMutate: async ({ id, reaction }) => {
      await queryClient.cancelQueries({ queryKey: ['feedback'] });
      const before = queryClient.getQueriesData<Cached>({ queryKey: ['feedback'] });
      updateCachedItem(queryClient, id, (item) => toggledReaction(item, reaction));
      return { before };
    },
    onError: (_err, _vars, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (item) => updateCachedItem(queryClient, item.id, () => item),
  });
}
