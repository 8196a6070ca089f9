import type { MercuriusContext } from 'mercurius';
import { hoursBetween } from '../../../shared/insights.js';
import { loadUser } from '../users/users.loaders.js';
import type { IssueDetail } from './insights.code.repo.js';
import { prDurations, type PrRow } from './insights.metrics.js';
import type { InsightsMetric } from './insights.values.js';
import { iso, type Period } from './insights.periods.js';
import { INSIGHT_METRIC_KEYS } from '../../../shared/insights.js';

/** How insights rows reach GraphQL (InsightsPullRequest, InsightsIssue, InsightsPeriod), and their User fields. */

export type PresentedPr = ReturnType<typeof presentPr>;

export function presentPr(pr: PrRow, reviewers: readonly string[] = []) {
  const d = prDurations(pr);
  return {
    id: pr.id,
    number: pr.number,
    title: pr.title,
    url: pr.url,
    repository: pr.repository,
    state: pr.state,
    author_login: pr.author_login,
    author_user_id: pr.author_user_id,
    created_at: pr.created_at,
    first_commit_at: pr.first_commit_at,
    ready_at: pr.ready_at ?? pr.created_at,
    first_review_at: pr.first_review_at,
    merged_at: pr.merged_at,
    deployed_at: pr.deployed_at,
    coding_hours: d.coding,
    pickup_hours: d.pickup,
    review_hours: d.review,
    deploy_hours: d.deploy,
    cycle_hours: d.cycle,
    size: d.size,
    reviewers: [...reviewers],
    excluded_reasons: d.reasons,
  };
}

export function presentIssue(i: IssueDetail) {
  return {
    id: i.id,
    key: i.key,
    title: i.title,
    url: i.url,
    issue_type: i.issue_type,
    status: i.status,
    status_category: i.status_category,
    story_points: i.story_points,
    created_at: i.created_at,
    resolved_at: i.resolved_at,
    lead_hours: hoursBetween(i.created_at, i.resolved_at),
    cycle_hours: i.cycle_minutes === null ? null : i.cycle_minutes / 60,
    assignee_user_id: i.assignee_user_id,
  };
}

export const presentPeriods = (periods: readonly Period[]) => periods.map((p) => ({ start: iso(p.start), end: iso(p.end), label: p.label }));

/** Metrics in the registry's order. */
export function inRegistryOrder(metrics: readonly InsightsMetric[]): InsightsMetric[] {
  const order = new Map<string, number>(INSIGHT_METRIC_KEYS.map((k, i) => [k, i]));
  return [...metrics].sort((a, b) => order.get(a.key)! - order.get(b.key)!);
}

type Ctx = MercuriusContext;
/** Type resolvers shared by team and individual insights. */
export const insightsTypeResolvers = {
  InsightsPullRequest: { author: (p: { author_user_id: string | null }, _: unknown, ctx: Ctx) => loadUser(ctx, p.author_user_id) },
  InsightsIssue: { assignee: (i: { assignee_user_id: string | null }, _: unknown, ctx: Ctx) => loadUser(ctx, i.assignee_user_id) },
};
