import { isBotLogin, type CodeProcessSettings, type PrState } from '../../../../shared/integrations.js';
import type { AccountInput, PrEventInput, PullRequestInput } from '../integrations.provider.js';
import type { BbAccount, BbActivity, BbCommit, BbDiffstat, BbPullRequest } from './bitbucket.client.js';

/** Bitbucket's shapes as the ingest writer's records (the sync and the webhook deliveries share them). */
export function accountOf(a: BbAccount | null | undefined, settings: Pick<CodeProcessSettings, 'bot_logins'>): AccountInput | null {
  if (!a) return null;
  const externalId = a.account_id ?? a.uuid;
  if (!externalId) return null;
  return {
    externalId,
    login: a.nickname ?? null,
    displayName: a.display_name ?? null,
    isBot: a.type === 'app_user' || isBotLogin(a.nickname, settings.bot_logins) || isBotLogin(a.display_name, settings.bot_logins),
  };
}

const stateOf = (s: BbPullRequest['state']): PrState => (s === 'MERGED' ? 'MERGED' : s === 'OPEN' ? 'OPEN' : 'CLOSED');
const iso = (s: string) => new Date(s).toISOString();

/** Issue tracker states that count as closed (the others: new, open, on hold). */
const CLOSED_ISSUE_STATES = new Set(['resolved', 'invalid', 'duplicate', 'wontfix', 'closed']);
export const isClosedIssueState = (state: string | null | undefined): boolean => !!state && CLOSED_ISSUE_STATES.has(state.trim().toLowerCase());

/** The natural key of a review request: the pull request, who was asked, when (the sync and the webhook build it alike). */
export const reviewRequestId = (prId: number, accountId: string, at: string) => `review-requested:${prId}:${accountId}:${at}`;

/**
 * Review requests from the activity's `update` entries (oldest first), each a snapshot with the
 * reviewers asked at that moment: those on the first (the pull request's creation) were asked when it
 * was created, one who appears in a later update was asked at that update's date (again after being
 * removed). An update without a reviewers list changes nothing.
 */
export function reviewRequests(
  pr: Pick<BbPullRequest, 'id' | 'created_on'>,
  updates: NonNullable<BbActivity['update']>[],
  settings: Pick<CodeProcessSettings, 'bot_logins'>,
): PrEventInput[] {
  const out: PrEventInput[] = [];
  let asked = new Set<string>();
  for (const [i, u] of updates.entries()) {
    if (!Array.isArray(u.reviewers)) continue;
    const at = i === 0 ? iso(pr.created_on) : iso(u.date);
    const now = new Set<string>();
    for (const r of u.reviewers) {
      const target = accountOf(r, settings);
      if (!target || now.has(target.externalId)) continue;
      now.add(target.externalId);
      if (asked.has(target.externalId)) continue;
      out.push({ externalId: reviewRequestId(pr.id, target.externalId, at), kind: 'REVIEW_REQUESTED', at, actor: accountOf(u.author, settings), target });
    }
    asked = now;
  }
  return out;
}

/** A pull request with its activity, commits and diffstat, as the ingest writer takes it. */
export function pullRequestInput(
  repo: string,
  pr: BbPullRequest,
  activity: BbActivity[],
  commits: BbCommit[],
  diffstat: BbDiffstat[],
  settings: Pick<CodeProcessSettings, 'bot_logins'>,
): PullRequestInput {
  const events: PrEventInput[] = [];
  for (const c of commits) events.push({ externalId: c.hash, kind: 'COMMIT', at: iso(c.date), actor: accountOf(c.author?.user, settings) });
  const updates = activity.flatMap((a) => (a.update ? [a.update] : [])).sort((x, y) => Date.parse(x.date) - Date.parse(y.date));
  let draft: boolean | undefined;
  let mergedAt: string | null = null;
  let closedAt: string | null = null;
  for (const u of updates) {
    if (typeof u.draft === 'boolean') {
      if (draft === true && !u.draft)
        events.push({ externalId: `ready:${u.date}`, kind: 'READY_FOR_REVIEW', at: iso(u.date), actor: accountOf(u.author, settings) });
      if (draft === false && u.draft)
        events.push({ externalId: `draft:${u.date}`, kind: 'CONVERTED_TO_DRAFT', at: iso(u.date), actor: accountOf(u.author, settings) });
      draft = u.draft;
    }
    if (u.state === 'MERGED') mergedAt = closedAt = iso(u.date);
    else if (u.state === 'DECLINED' || u.state === 'SUPERSEDED') closedAt = iso(u.date);
  }
  events.push(...reviewRequests(pr, updates, settings));
  for (const a of activity) {
    if (a.approval) {
      const actor = accountOf(a.approval.user, settings);
      events.push({
        externalId: `approval:${actor?.externalId ?? '?'}:${iso(a.approval.date)}`,
        kind: 'REVIEW',
        at: iso(a.approval.date),
        actor,
        state: 'APPROVED',
      });
    } else if (a.changes_requested) {
      const actor = accountOf(a.changes_requested.user, settings);
      events.push({
        externalId: `changes:${actor?.externalId ?? '?'}:${iso(a.changes_requested.date)}`,
        kind: 'REVIEW',
        at: iso(a.changes_requested.date),
        actor,
        state: 'CHANGES_REQUESTED',
      });
    } else if (a.comment && !a.comment.deleted) {
      events.push({ externalId: `comment:${a.comment.id}`, kind: 'COMMENT', at: iso(a.comment.created_on), actor: accountOf(a.comment.user, settings) });
    }
  }
  const state = stateOf(pr.state);
  if (state === 'MERGED') mergedAt ??= iso(pr.updated_on);
  if (state !== 'OPEN') closedAt ??= iso(pr.updated_on);
  const sized = diffstat.length > 0;
  return {
    externalId: `${repo}#${pr.id}`,
    number: pr.id,
    title: pr.title,
    url: pr.links?.html?.href ?? null,
    state,
    isDraft: state === 'OPEN' && pr.draft === true,
    author: accountOf(pr.author, settings),
    baseRef: pr.destination?.branch?.name ?? null,
    mergeCommitSha: pr.merge_commit?.hash ?? null,
    additions: sized ? diffstat.reduce((n, d) => n + (d.lines_added ?? 0), 0) : null,
    deletions: sized ? diffstat.reduce((n, d) => n + (d.lines_removed ?? 0), 0) : null,
    createdAt: iso(pr.created_on),
    updatedAt: iso(pr.updated_on),
    mergedAt: state === 'MERGED' ? mergedAt : null,
    closedAt: state === 'OPEN' ? null : closedAt,
    events,
  };
}
