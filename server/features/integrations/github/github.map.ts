import type { ReviewState } from '../../../../shared/integrations.js';
import { isBotLogin } from '../../../../shared/integrations.js';
import type { AccountInput, PrEventInput, PullRequestInput } from '../integrations.provider.js';
import type { GqlActor, GqlPullRequest } from './github.graphql.js';

/**
 * GitHub's answers (GraphQL nodes, REST webhook payloads) as the provider-neutral records of
 * integrations.provider.ts. An account's external id is its numeric id (GraphQL `databaseId`, REST
 * `id`), so a webhook and a sync name the same account; a review's or comment's is its node id
 * (GraphQL `id`, REST `node_id`), a commit's its sha. PENDING reviews (not submitted) are dropped.
 */
const REVIEW_STATES: ReadonlySet<string> = new Set(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED']);

export function mapActor(actor: GqlActor | undefined, botLogins: readonly string[]): AccountInput | null {
  if (!actor?.login) return null;
  return {
    externalId: actor.databaseId != null ? String(actor.databaseId) : actor.login,
    login: actor.login,
    displayName: actor.name || actor.login,
    email: actor.email || null,
    isBot: actor.__typename === 'Bot' || isBotLogin(actor.login, botLogins),
  };
}

/** A REST user (webhook payloads): `type: Bot` or a bot login. */
export type RestUser = { login: string; id: number; type?: string; name?: string | null; email?: string | null } | null | undefined;
export function mapRestUser(user: RestUser, botLogins: readonly string[]): AccountInput | null {
  if (!user?.login) return null;
  return {
    externalId: String(user.id ?? user.login),
    login: user.login,
    displayName: user.name || user.login,
    email: user.email || null,
    isBot: user.type === 'Bot' || isBotLogin(user.login, botLogins),
  };
}

export function mapReviewState(state: string | null | undefined): ReviewState | null {
  const s = (state ?? '').toUpperCase();
  return REVIEW_STATES.has(s) ? (s as ReviewState) : null;
}

const byTime = (a: PrEventInput, b: PrEventInput): number => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);

/** A GraphQL pull request (its nested connections completed) as a PullRequestInput. */
export function mapPullRequest(pr: GqlPullRequest, botLogins: readonly string[]): PullRequestInput {
  const events: PrEventInput[] = [];
  for (const c of pr.commits.nodes ?? []) {
    if (c?.commit) events.push({ externalId: c.commit.oid, kind: 'COMMIT', at: c.commit.authoredDate, actor: mapActor(c.commit.author?.user, botLogins) });
  }
  for (const r of pr.reviews.nodes ?? []) {
    const state = mapReviewState(r?.state);
    if (!r || !r.submittedAt || !state) continue; // PENDING: not submitted, not a review yet
    events.push({ externalId: r.id, kind: 'REVIEW', at: r.submittedAt, actor: mapActor(r.author, botLogins), state });
  }
  for (const c of pr.comments.nodes ?? []) {
    if (c) events.push({ externalId: c.id, kind: 'COMMENT', at: c.createdAt, actor: mapActor(c.author, botLogins) });
  }
  for (const t of pr.timelineItems.nodes ?? []) {
    if (!t?.id || !t.createdAt) continue;
    if (t.__typename === 'ReadyForReviewEvent')
      events.push({ externalId: t.id, kind: 'READY_FOR_REVIEW', at: t.createdAt, actor: mapActor(t.actor, botLogins) });
    else if (t.__typename === 'ConvertToDraftEvent')
      events.push({ externalId: t.id, kind: 'CONVERTED_TO_DRAFT', at: t.createdAt, actor: mapActor(t.actor, botLogins) });
    else if (t.__typename === 'ReviewRequestedEvent') {
      const who = t.requestedReviewer;
      const target =
        who && (who.__typename === 'User' || who.__typename === 'Bot') && who.login
          ? mapActor({ __typename: who.__typename, login: who.login, databaseId: who.databaseId ?? null, name: who.name ?? null }, botLogins)
          : null;
      events.push({ externalId: t.id, kind: 'REVIEW_REQUESTED', at: t.createdAt, actor: mapActor(t.actor, botLogins), target });
    }
  }
  events.sort(byTime);
  return {
    externalId: pr.id,
    number: pr.number,
    title: pr.title,
    url: pr.url ?? null,
    state: pr.state,
    isDraft: Boolean(pr.isDraft),
    author: mapActor(pr.author, botLogins),
    baseRef: pr.baseRefName ?? null,
    mergeCommitSha: pr.state === 'MERGED' ? (pr.mergeCommit?.oid ?? null) : null,
    additions: pr.additions ?? null,
    deletions: pr.deletions ?? null,
    createdAt: pr.createdAt,
    updatedAt: pr.updatedAt,
    mergedAt: pr.mergedAt ?? null,
    closedAt: pr.closedAt ?? null,
    events,
  };
}

/** The accounts a page of pull requests names (authors, reviewers, commenters, requested reviewers), once each. */
export function accountsOf(prs: PullRequestInput[]): AccountInput[] {
  const seen = new Map<string, AccountInput>();
  const add = (a: AccountInput | null | undefined): void => {
    if (a && !seen.has(a.externalId)) seen.set(a.externalId, a);
  };
  for (const pr of prs) {
    add(pr.author);
    for (const e of pr.events) {
      add(e.actor);
      add(e.target);
    }
  }
  return [...seen.values()];
}

/** A REST pull request (webhook payload) as a PullRequestInput with the events the delivery names. */
export type RestPullRequest = {
  node_id: string;
  number: number;
  title: string;
  html_url?: string;
  state: 'open' | 'closed';
  draft?: boolean;
  merged?: boolean;
  merged_at?: string | null;
  closed_at?: string | null;
  created_at: string;
  updated_at: string;
  additions?: number;
  deletions?: number;
  base?: { ref?: string };
  merge_commit_sha?: string | null;
  user?: RestUser;
};
export function mapRestPullRequest(pr: RestPullRequest, botLogins: readonly string[], events: PrEventInput[]): PullRequestInput {
  const merged = Boolean(pr.merged || pr.merged_at);
  return {
    externalId: pr.node_id,
    number: pr.number,
    title: pr.title,
    url: pr.html_url ?? null,
    state: merged ? 'MERGED' : pr.state === 'closed' ? 'CLOSED' : 'OPEN',
    isDraft: Boolean(pr.draft),
    author: mapRestUser(pr.user, botLogins),
    baseRef: pr.base?.ref ?? null,
    mergeCommitSha: merged ? (pr.merge_commit_sha ?? null) : null,
    additions: pr.additions ?? null,
    deletions: pr.deletions ?? null,
    createdAt: pr.created_at,
    updatedAt: pr.updated_at,
    mergedAt: pr.merged_at ?? null,
    closedAt: pr.closed_at ?? null,
    events,
  };
}
