import type { MercuriusContext } from 'mercurius';
import { hoursBetween, INDIVIDUAL_MIN_N } from '../../../shared/insights.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import type { FeaturePart } from '../feature-part.js';
import { loadUser } from '../users/users.loaders.js';
import type { UserRow } from '../users/users.repo.js';
import { requirePersonInsights } from './insights.access.js';
import {
  accountsOf,
  assignedIssues,
  authoredPullRequests,
  connectedSources,
  pullRequestsByIds,
  reviewEventsOf,
  reviewersOf,
  reviewRequestsFor,
  reviewsGivenBy,
  teamScopes,
} from './insights.code.repo.js';
import { countMetric, forIndividual, issueMetrics, prFactColumns, prFlowMetrics, snapshotMetric, type PrRow } from './insights.metrics.js';
import type { InsightsMetric } from './insights.values.js';
import { iso, organizationZone, parseWindow, weekPeriods } from './insights.periods.js';
import { inRegistryOrder, presentIssue, presentPeriods, presentPr } from './insights.present.js';
import { feedbackInstants, goalsSnapshot, reviewScores } from './insights.product.repo.js';

/**
 * A person's insights (docs/decisions/0051): what they worked on, what waits for them and for whom
 * they wait, who they work with; only metrics fit for a person's own view (shared/insights.ts
 * `individual`), each aggregate over fewer than INDIVIDUAL_MIN_N items suppressed. No rankings: no
 * list orders people by a number (collaborators are by name). The person, their manager chain and
 * admins only (insights.access.ts).
 */

type Ctx = MercuriusContext;
type WindowArgs = { from?: string | null; to?: string | null };

const byLogin = (a: { login: string }, b: { login: string }) => a.login.localeCompare(b.login);

export function computeIndividualInsights(db: Db, orgId: string, person: UserRow, args: WindowArgs, now: number, viewerId: string) {
  const window = parseWindow(args, organizationZone(db, orgId), now);
  const periods = weekPeriods(window);
  const accounts = accountsOf(db, orgId, person.id);
  const mine = new Set(accounts);
  const authoredAll = authoredPullRequests(db, orgId, accounts, window.from, window.to);
  const inside = (at: string | null) => !!at && Date.parse(at) >= window.from && Date.parse(at) < window.to;
  const authored = authoredAll.filter((p) => inside(p.merged_at) || (p.state === 'CLOSED' && inside(p.closed_at)));
  const open = authoredAll.filter((p) => p.state === 'OPEN');
  const given = reviewsGivenBy(db, orgId, accounts, window.from, window.to);
  const requestedIds = reviewRequestsFor(db, orgId, accounts);
  const others = pullRequestsByIds(db, orgId, [...new Set([...given.map((g) => g.pull_request_id), ...requestedIds])]);
  const othersById = new Map(others.map((p) => [p.id, p]));
  const events = reviewEventsOf(db, [...authoredAll.map((p) => p.id), ...requestedIds]);
  const reviewers = reviewersOf(
    db,
    [...authored, ...open, ...others].map((p) => p.id),
  );
  const present = (p: PrRow) => presentPr(p, reviewers.get(p.id) ?? []);

  /** Who a PR still waits for: asked reviewers who have not reviewed since they were asked. */
  const waitingFor = (p: PrRow) => {
    const asked = new Map<string, { login: string; at: string }>();
    for (const e of events) {
      if (e.pull_request_id !== p.id) continue;
      if (e.kind === 'REVIEW_REQUESTED' && e.target_account_id) asked.set(e.target_account_id, { login: e.target_login ?? 'someone', at: e.at });
      if (e.kind === 'REVIEW' && e.actor_account_id && asked.has(e.actor_account_id) && e.at >= asked.get(e.actor_account_id)!.at)
        asked.delete(e.actor_account_id);
    }
    return [...asked.values()].map((a) => a.login).sort();
  };
  const waitingSince = (p: PrRow) =>
    p.first_review_at && Date.parse(p.first_review_at) > Date.parse(p.ready_at ?? p.created_at) ? p.first_review_at : (p.ready_at ?? p.created_at);
  const openPullRequests = open.map((p) => ({
    pull_request: present(p),
    waiting_hours: hoursBetween(waitingSince(p), iso(now)) ?? 0,
    waiting_for: waitingFor(p),
  }));
  const reviewRequests = requestedIds
    .map((id) => othersById.get(id))
    .filter((p): p is PrRow => !!p)
    .map((p) => {
      const askedAt = events
        .filter((e) => e.pull_request_id === p.id && e.kind === 'REVIEW_REQUESTED' && e.target_account_id && mine.has(e.target_account_id))
        .map((e) => e.at)
        .sort()
        .at(-1);
      return { pull_request: present(p), waiting_hours: hoursBetween(askedAt ?? p.ready_at ?? p.created_at, iso(now)) ?? 0, waiting_for: [] as string[] };
    });
  const reviewsGiven = given
    .map((g) => (othersById.get(g.pull_request_id) ? { pr: othersById.get(g.pull_request_id)!, at: g.at } : null))
    .filter((g): g is { pr: PrRow; at: string } => !!g)
    .map((g) => ({ pull_request: present(g.pr), at: g.at, hours_after_ready: hoursBetween(g.pr.ready_at ?? g.pr.created_at, g.at) }));

  // Collaborators: who reviewed, commented on or was asked to review my PRs; whose PRs I reviewed. By name, never by a count.
  const collaborators = new Map<string, { login: string; user_id: string | null; numbers: Set<number> }>();
  const meet = (login: string | null, userId: string | null, accountId: string | null, number: number) => {
    if (!login || (accountId && mine.has(accountId)) || (userId && userId === person.id)) return;
    const c = collaborators.get(login) ?? { login, user_id: userId, numbers: new Set<number>() };
    c.numbers.add(number);
    collaborators.set(login, c);
  };
  const authoredIds = new Map([...authored, ...open].map((p) => [p.id, p]));
  for (const e of events) {
    const pr = authoredIds.get(e.pull_request_id);
    if (!pr) continue;
    if (e.kind === 'REVIEW_REQUESTED') meet(e.target_login, e.target_user_id, e.target_account_id, pr.number);
    else meet(e.actor_login, e.actor_user_id, e.actor_account_id, pr.number);
  }
  for (const g of reviewsGiven) {
    const pr = othersById.get(g.pull_request.id)!;
    meet(pr.author_login, pr.author_user_id, null, pr.number);
  }

  const issues = assignedIssues(db, orgId, accounts, window.from, window.to);
  const feedback = feedbackInstants(db, orgId, [person.id], window.from, window.to);
  const goals = goalsSnapshot(db, orgId, { people: [person.id], viewerId });
  const cycles = reviewScores(db, orgId, [person.id], window.from, window.to, { releasedOnly: viewerId === person.id, minN: INDIVIDUAL_MIN_N });
  const scored = cycles.filter((c) => c.average !== null);
  const scoredN = scored.reduce((a, c) => a + c.n, 0);
  const metrics: InsightsMetric[] = [
    ...prFlowMetrics({ merged: prFactColumns(authoredAll), closedUnmerged: [], periods, window, members: 1 }),
    ...issueMetrics(issues, periods, window),
    countMetric('FEEDBACK_GIVEN', feedback.given, periods, window),
    countMetric('FEEDBACK_RECEIVED', feedback.received, periods, window),
    snapshotMetric('GOAL_PROGRESS', goals.average_progress, goals.count, periods),
    snapshotMetric('REVIEW_SCORE', scoredN ? scored.reduce((a, c) => a + c.average! * c.n, 0) / scoredN : null, scoredN, periods),
  ];
  const scopes = teamScopes(db, orgId, person.team_id ?? '');
  return {
    user: person,
    from: iso(window.from),
    to: iso(window.to),
    periods: presentPeriods(periods),
    metrics: inRegistryOrder(forIndividual(metrics, INDIVIDUAL_MIN_N)),
    sources: {
      code: accounts.length > 0,
      issues: issues.length > 0 || scopes.projects.length > 0,
      deployments: scopes.repos.length > 0,
      sample: scopes.sample,
      last_synced_at: scopes.lastSyncedAt,
      ...connectedSources(db, orgId),
    },
    authored: authored.map(present),
    open_pull_requests: openPullRequests,
    review_requests: reviewRequests,
    reviews_given: reviewsGiven,
    collaborators: [...collaborators.values()]
      .sort(byLogin)
      .map((c) => ({ login: c.login, user_id: c.user_id, pull_requests: [...c.numbers].sort((a, b) => a - b) })),
    issues: issues.map(presentIssue),
    review_cycles: cycles,
    goals,
  };
}

export const insightsIndividualPart: FeaturePart = {
  resolvers: {
    Query: {
      individualInsights: (_: unknown, args: { user_id?: string | null } & WindowArgs, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const person = requirePersonInsights(ctx.services.db, viewer, args.user_id ?? viewer.userId);
        return computeIndividualInsights(ctx.services.db, viewer.organizationId, person, args, ctx.services.scheduler.now(), viewer.userId);
      },
    },
    Collaborator: {
      user: (c: { user_id: string | null }, _: unknown, ctx: Ctx) => loadUser(ctx, c.user_id),
    },
  },
};
