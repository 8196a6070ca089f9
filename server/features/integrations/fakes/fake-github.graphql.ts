import { graphql as gql } from '../../../graphql/graphql-runtime.js';
import type { GhData, GhPullRequest, GhUser } from './fake-github.data.js';

const { GraphQLError, buildSchema, execute, parse, validate } = gql;

/**
 * The part of GitHub's GraphQL schema the adapter queries, with GitHub's own type and field names
 * (Repository.pullRequests -> PullRequestConnection, Actor interface with User and Bot,
 * PullRequestTimelineItems, RateLimit, Node), resolved over the fake's data.
 */
const SCHEMA = buildSchema(`
  scalar DateTime
  scalar URI
  scalar GitObjectID
  interface Node { id: ID! }
  interface Actor { login: String! url: URI! }
  type User implements Node & Actor { id: ID! login: String! url: URI! databaseId: Int name: String email: String! }
  type Bot implements Node & Actor { id: ID! login: String! url: URI! databaseId: Int }
  type Team implements Node { id: ID! slug: String! name: String! }
  union RequestedReviewer = Bot | Team | User
  enum PullRequestState { OPEN CLOSED MERGED }
  enum PullRequestReviewState { PENDING COMMENTED APPROVED CHANGES_REQUESTED DISMISSED }
  enum IssueOrderField { CREATED_AT UPDATED_AT COMMENTS }
  enum OrderDirection { ASC DESC }
  input IssueOrder { field: IssueOrderField! direction: OrderDirection! }
  enum PullRequestTimelineItemsItemType { READY_FOR_REVIEW_EVENT CONVERT_TO_DRAFT_EVENT REVIEW_REQUESTED_EVENT ISSUE_COMMENT PULL_REQUEST_REVIEW MERGED_EVENT CLOSED_EVENT }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type GitActor { name: String email: String date: DateTime user: User }
  type Commit implements Node { id: ID! oid: GitObjectID! authoredDate: DateTime! committedDate: DateTime! author: GitActor }
  type PullRequestCommit implements Node { id: ID! commit: Commit! }
  type PullRequestCommitConnection { totalCount: Int! pageInfo: PageInfo! nodes: [PullRequestCommit] }
  type PullRequestReview implements Node { id: ID! author: Actor state: PullRequestReviewState! submittedAt: DateTime createdAt: DateTime! }
  type PullRequestReviewConnection { totalCount: Int! pageInfo: PageInfo! nodes: [PullRequestReview] }
  type IssueComment implements Node { id: ID! author: Actor createdAt: DateTime! }
  type IssueCommentConnection { totalCount: Int! pageInfo: PageInfo! nodes: [IssueComment] }
  type ReadyForReviewEvent implements Node { id: ID! actor: Actor createdAt: DateTime! }
  type ConvertToDraftEvent implements Node { id: ID! actor: Actor createdAt: DateTime! }
  type ReviewRequestedEvent implements Node { id: ID! actor: Actor createdAt: DateTime! requestedReviewer: RequestedReviewer }
  union PullRequestTimelineItems = ConvertToDraftEvent | ReadyForReviewEvent | ReviewRequestedEvent
  type PullRequestTimelineItemsConnection { totalCount: Int! pageInfo: PageInfo! nodes: [PullRequestTimelineItems] }
  type PullRequest implements Node {
    id: ID! number: Int! title: String! url: URI! state: PullRequestState! isDraft: Boolean!
    createdAt: DateTime! updatedAt: DateTime! mergedAt: DateTime closedAt: DateTime
    additions: Int! deletions: Int! baseRefName: String! mergeCommit: Commit author: Actor
    reviews(first: Int, after: String, last: Int, before: String, states: [PullRequestReviewState!]): PullRequestReviewConnection
    comments(first: Int, after: String, last: Int, before: String): IssueCommentConnection!
    commits(first: Int, after: String, last: Int, before: String): PullRequestCommitConnection!
    timelineItems(itemTypes: [PullRequestTimelineItemsItemType!], first: Int, after: String, last: Int, before: String, since: DateTime): PullRequestTimelineItemsConnection!
  }
  type PullRequestConnection { totalCount: Int! pageInfo: PageInfo! nodes: [PullRequest] }
  type Repository implements Node {
    id: ID! name: String! nameWithOwner: String!
    pullRequests(first: Int, after: String, last: Int, before: String, orderBy: IssueOrder, states: [PullRequestState!], baseRefName: String): PullRequestConnection!
  }
  type RateLimit { cost: Int! limit: Int! nodeCount: Int! remaining: Int! resetAt: DateTime! used: Int! }
  type Query {
    repository(owner: String!, name: String!): Repository
    node(id: ID!): Node
    rateLimit(dryRun: Boolean = false): RateLimit
  }
`);

type Args = { first?: number | null; after?: string | null; last?: number | null };
const cursorOf = (i: number): string => Buffer.from(`cursor:v2:${i}`).toString('base64');
const offsetOf = (c: string | null | undefined): number => {
  if (!c) return 0;
  const m = /^cursor:v2:(\d+)$/.exec(Buffer.from(c, 'base64').toString('utf8'));
  if (!m) throw new GraphQLError(`\`${c}\` does not appear to be a valid cursor.`);
  return Number(m[1]) + 1;
};

function page<T, R>(list: T[], args: Args, map: (t: T) => R) {
  if (args.last != null) throw new GraphQLError('The fake GitHub only pages forwards (first/after).');
  const first = args.first ?? null;
  if (first == null) throw new GraphQLError('You must provide a `first` or `last` value to properly paginate the connection.');
  if (first < 0 || first > 100) throw new GraphQLError(`Requesting ${first} records on the connection exceeds the \`first\` limit of 100 records.`);
  const start = offsetOf(args.after);
  const slice = list.slice(start, start + first);
  return {
    totalCount: list.length,
    pageInfo: {
      hasNextPage: start + first < list.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursorOf(start) : null,
      endCursor: slice.length ? cursorOf(start + slice.length - 1) : null,
    },
    nodes: slice.map(map),
  };
}

function actor(u: GhUser | null | undefined, base: string) {
  if (!u) return null;
  return u.type === 'Bot'
    ? { __typename: 'Bot', id: `BOT_${u.id}`, login: u.login, url: `${base}/apps/${u.login.replace(/\[bot\]$/, '')}`, databaseId: u.id }
    : { __typename: 'User', id: `U_${u.id}`, login: u.login, url: `${base}/${u.login}`, databaseId: u.id, name: u.name, email: u.email ?? '' }; // GitHub answers "" for an email its owner keeps private
}

const TIMELINE_TYPE: Record<string, string> = {
  ReadyForReviewEvent: 'READY_FOR_REVIEW_EVENT',
  ConvertToDraftEvent: 'CONVERT_TO_DRAFT_EVENT',
  ReviewRequestedEvent: 'REVIEW_REQUESTED_EVENT',
};

function pullRequest(pr: GhPullRequest, base: string) {
  return {
    __typename: 'PullRequest',
    id: pr.id,
    number: pr.number,
    title: pr.title,
    url: `${base}/${pr.repo}/pull/${pr.number}`,
    state: pr.state,
    isDraft: pr.isDraft,
    createdAt: pr.createdAt,
    updatedAt: pr.updatedAt,
    mergedAt: pr.mergedAt,
    closedAt: pr.closedAt,
    additions: pr.additions,
    deletions: pr.deletions,
    baseRefName: pr.baseRefName,
    mergeCommit: pr.mergeCommitOid ? { id: `C_${pr.mergeCommitOid}`, oid: pr.mergeCommitOid, authoredDate: pr.mergedAt, committedDate: pr.mergedAt } : null,
    author: actor(pr.author, base),
    reviews: (args: Args & { states?: string[] | null }) =>
      page(
        pr.reviews.filter((r) => !args.states || args.states.includes(r.state)),
        args,
        (r) => ({ id: r.id, author: actor(r.author, base), state: r.state, submittedAt: r.submittedAt, createdAt: r.submittedAt ?? pr.createdAt }),
      ),
    comments: (args: Args) => page(pr.comments, args, (c) => ({ id: c.id, author: actor(c.author, base), createdAt: c.createdAt })),
    commits: (args: Args) =>
      page(pr.commits, args, (c) => ({
        id: `PRC_${pr.id}_${c.oid}`,
        commit: {
          id: `C_${c.oid}`,
          oid: c.oid,
          authoredDate: c.authoredDate,
          committedDate: c.authoredDate,
          author: {
            name: pr.author.name ?? pr.author.login,
            email: null,
            date: c.authoredDate,
            user: pr.author.type === 'User' ? actor(pr.author, base) : null,
          },
        },
      })),
    timelineItems: (args: Args & { itemTypes?: string[] | null }) =>
      page(
        pr.timeline.filter((t) => !args.itemTypes || args.itemTypes.includes(TIMELINE_TYPE[t.__typename] ?? '')),
        args,
        (t) => ({
          __typename: t.__typename,
          id: t.id,
          createdAt: t.createdAt,
          actor: actor(t.actor, base),
          requestedReviewer: t.requestedReviewer ? actor(t.requestedReviewer, base) : null,
        }),
      ),
  };
}

/** Pull requests per repository by updatedAt descending, and by node id: computed once per data version (the bench serves 100,000). */
const indexes = new WeakMap<GhData, { version: number; byRepo: Map<string, GhPullRequest[]>; byId: Map<string, GhPullRequest> }>();
function indexOf(data: GhData) {
  const known = indexes.get(data);
  if (known && known.version === data.version) return known;
  const byRepo = new Map<string, GhPullRequest[]>();
  const byId = new Map<string, GhPullRequest>();
  for (const p of data.pullRequests) {
    byId.set(p.id, p);
    const list = byRepo.get(p.repo) ?? [];
    list.push(p);
    byRepo.set(p.repo, list);
  }
  for (const list of byRepo.values()) list.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.number - a.number));
  const made = { version: data.version, byRepo, byId };
  indexes.set(data, made);
  return made;
}

/** Parsed and validated queries (the adapter sends the same few every time). */
const documents = new Map<string, import('graphql').DocumentNode>();

export type GraphqlState = { data: GhData; htmlBase: string; remaining: () => number; resetAt: () => string };

export async function runGraphql(state: GraphqlState, body: { query?: unknown; variables?: unknown }): Promise<unknown> {
  if (typeof body.query !== 'string') return { errors: [{ message: 'A query attribute must be specified and must be a string.' }] };
  const { data, htmlBase } = state;
  const index = indexOf(data);
  const byUpdatedDesc = (repo: string) => index.byRepo.get(repo) ?? [];
  const rootValue = {
    rateLimit: () => ({ cost: 1, limit: 5000, nodeCount: 0, remaining: state.remaining(), resetAt: state.resetAt(), used: 5000 - state.remaining() }),
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repo = data.repos.find((r) => r.full_name === `${owner}/${name}`);
      if (!repo) throw new GraphQLError(`Could not resolve to a Repository with the name '${owner}/${name}'.`, { extensions: { type: 'NOT_FOUND' } });
      return {
        id: `R_${repo.id}`,
        name: repo.name,
        nameWithOwner: repo.full_name,
        pullRequests: (args: Args & { orderBy?: { field: string; direction: string } | null; states?: string[] | null }) => {
          let list =
            args.orderBy?.field === 'UPDATED_AT' || !args.orderBy
              ? byUpdatedDesc(repo.full_name)
              : data.pullRequests.filter((p) => p.repo === repo.full_name).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
          if (args.orderBy?.direction === 'ASC') list = [...list].reverse();
          if (args.states) list = list.filter((p) => args.states!.includes(p.state));
          return page(list, args, (p) => pullRequest(p, htmlBase));
        },
      };
    },
    node: ({ id }: { id: string }) => {
      const pr = index.byId.get(id);
      return pr ? pullRequest(pr, htmlBase) : null;
    },
  };
  let document = documents.get(body.query);
  if (!document) {
    try {
      document = parse(body.query);
    } catch (err) {
      return { errors: [{ message: (err as Error).message }] };
    }
    const invalid = validate(SCHEMA, document);
    if (invalid.length) return { errors: invalid.map((e) => ({ message: e.message, locations: e.locations })) };
    if (documents.size > 100) documents.clear();
    documents.set(body.query, document);
  }
  const result = await execute({ schema: SCHEMA, document, rootValue, variableValues: (body.variables ?? {}) as Record<string, unknown> });
  return result.errors
    ? {
        data: result.data ?? null,
        errors: result.errors.map((e) => ({
          ...(e.extensions?.type ? { type: e.extensions.type } : {}),
          message: e.message,
          locations: e.locations,
          path: e.path,
        })),
      }
    : { data: result.data };
}
