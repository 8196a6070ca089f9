/**
 * The pull request query of GitHub's GraphQL API (docs/decisions/0051): one request brings 50 pull
 * requests with their size, reviews, comments, commits and draft / review-request timeline, where
 * REST needs four or more requests per pull request. A nested connection with more pages is
 * completed by a follow-up `node(id:)` query.
 */
export const NESTED_FIRST = 50;

const ACTOR = '__typename login ... on User { databaseId name email } ... on Bot { databaseId }';
const PAGE = 'pageInfo { hasNextPage endCursor }';

export const CONNECTION_FIELDS = {
  reviews: `${PAGE} nodes { id state submittedAt author { ${ACTOR} } }`,
  comments: `${PAGE} nodes { id createdAt author { ${ACTOR} } }`,
  commits: `${PAGE} nodes { commit { oid authoredDate author { user { __typename login databaseId name email } } } }`,
  timelineItems: `${PAGE} nodes { __typename
    ... on ReadyForReviewEvent { id createdAt actor { ${ACTOR} } }
    ... on ConvertToDraftEvent { id createdAt actor { ${ACTOR} } }
    ... on ReviewRequestedEvent { id createdAt actor { ${ACTOR} } requestedReviewer { __typename ... on User { login databaseId name } ... on Bot { login databaseId } ... on Team { slug } } } }`,
} as const;
export type NestedName = keyof typeof CONNECTION_FIELDS;

const TIMELINE_TYPES = '[READY_FOR_REVIEW_EVENT, CONVERT_TO_DRAFT_EVENT, REVIEW_REQUESTED_EVENT]';

function nestedArgs(name: NestedName, first: number, after: boolean): string {
  const a = `first: ${first}${after ? ', after: $after' : ''}`;
  return name === 'timelineItems' ? `itemTypes: ${TIMELINE_TYPES}, ${a}` : a;
}

export const PULL_REQUESTS_QUERY = `query PullRequests($owner: String!, $name: String!, $first: Int!, $after: String) {
  rateLimit { cost remaining resetAt }
  repository(owner: $owner, name: $name) {
    pullRequests(first: $first, after: $after, orderBy: { field: UPDATED_AT, direction: DESC }) {
      totalCount
      ${PAGE}
      nodes {
        id number title url state isDraft createdAt updatedAt mergedAt closedAt additions deletions baseRefName
        mergeCommit { oid }
        author { ${ACTOR} }
        ${(Object.keys(CONNECTION_FIELDS) as NestedName[]).map((n) => `${n}(${nestedArgs(n, NESTED_FIRST, false)}) { ${CONNECTION_FIELDS[n]} }`).join('\n        ')}
      }
    }
  }
}`;

/** The next page of one nested connection of a pull request. */
export function nestedPageQuery(name: NestedName): string {
  return `query PullRequestPage($id: ID!, $after: String) {
  node(id: $id) { ... on PullRequest { ${name}(${nestedArgs(name, 100, true)}) { ${CONNECTION_FIELDS[name]} } } }
}`;
}

export type GqlActor = { __typename: string; login: string; databaseId?: number | null; name?: string | null; email?: string | null } | null;
export type GqlPage = { hasNextPage: boolean; endCursor: string | null };
export type GqlConnection<T> = { pageInfo: GqlPage; nodes: Array<T | null> | null };
export type GqlReview = { id: string; state: string; submittedAt: string | null; author: GqlActor };
export type GqlComment = { id: string; createdAt: string; author: GqlActor };
export type GqlCommit = { commit: { oid: string; authoredDate: string; author?: { user: GqlActor } | null } };
export type GqlTimelineItem = {
  __typename: string;
  id?: string;
  createdAt?: string;
  actor?: GqlActor;
  requestedReviewer?: { __typename: string; login?: string; databaseId?: number | null; name?: string | null; slug?: string } | null;
};

export type GqlPullRequest = {
  id: string;
  number: number;
  title: string;
  url: string;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  isDraft: boolean;
  createdAt: string;
  updatedAt: string;
  mergedAt: string | null;
  closedAt: string | null;
  additions: number | null;
  deletions: number | null;
  baseRefName: string | null;
  mergeCommit: { oid: string } | null;
  author: GqlActor;
  reviews: GqlConnection<GqlReview>;
  comments: GqlConnection<GqlComment>;
  commits: GqlConnection<GqlCommit>;
  timelineItems: GqlConnection<GqlTimelineItem>;
};

export type PullRequestsResult = {
  rateLimit?: { cost: number; remaining: number; resetAt: string } | null;
  repository: { pullRequests: { totalCount: number; pageInfo: GqlPage; nodes: Array<GqlPullRequest | null> | null } } | null;
};
