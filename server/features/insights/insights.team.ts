import type { MercuriusContext } from 'mercurius';
import { badInput } from '../../../shared/app-error.js';
import { INDIVIDUAL_MIN_N, type InsightMetricKey } from '../../../shared/insights.js';
import type { Db } from '../../db/connection.js';
import { requireViewer } from '../../graphql/context.js';
import type { FeaturePart } from '../feature-part.js';
import { readCodeProcessSettings } from '../integrations/integrations.code-process.repo.js';
import { readPrFacts } from '../integrations/integrations.pr-facts.repo.js';
import type { TeamRow } from '../teams/teams.repo.js';
import { insightsPeopleOf, insightsTeamsOf, requireTeamInsights } from './insights.access.js';
import {
  closedUnmergedMs,
  closedUnmergedPullRequests,
  connectedSources,
  deploymentsIn,
  DEPLOY_LOOKBACK_MS,
  mergedPullRequests,
  resolvedIssues,
  reviewersOf,
  sprintIssues,
  sprintsIn,
  teamIncidents,
  teamScopes,
} from './insights.code.repo.js';
import {
  countMetric,
  deliveryMetrics,
  issueMetrics,
  prFlowMetrics,
  snapshotMetric,
  sprintEnd,
  sprintMetrics,
  sprintOutcome,
  type PrRow,
} from './insights.metrics.js';
import { bucket, ratioValue, type InsightsMetric } from './insights.values.js';
import { organizationZone, parseWindow, sprintPeriods, weekPeriods, iso, type Period, type Window } from './insights.periods.js';
import { inRegistryOrder, insightsTypeResolvers, presentIssue, presentPeriods, presentPr } from './insights.present.js';
import { feedbackInstants, goalsSnapshot, reviewScores, teamMemberIds, teamRetros } from './insights.product.repo.js';

/**
 * Team insights (docs/decisions/0051): the metrics of the team's repositories and projects
 * (integration_scopes.team_id) beside the product's own data, per week or per sprint, and the pull
 * requests behind the numbers. Who may see it: insights.access.ts.
 */

type Ctx = MercuriusContext;
type Grain = 'WEEK' | 'SPRINT';
type WindowArgs = { from?: string | null; to?: string | null };

export function computeTeamInsights(db: Db, orgId: string, team: TeamRow, args: WindowArgs & { grain?: Grain | null }, now: number, viewerId: string) {
  const window = parseWindow(args, organizationZone(db, orgId), now);
  const scopes = teamScopes(db, orgId, team.id);
  const memberIds = teamMemberIds(db, orgId, team.id);
  const weeks = weekPeriods(window);
  const sprints = sprintsIn(db, orgId, scopes.projects, window.from, window.to);
  let grain: Grain = args.grain ?? 'WEEK';
  let periods: Period[] = weeks;
  if (grain === 'SPRINT') {
    const asPeriods = sprintPeriods(
      window,
      sprints.map((s) => ({ name: s.name, start: Date.parse(s.start_at!), end: Date.parse(sprintEnd(s) ?? iso(window.to)) })),
    );
    if (asPeriods.length) periods = asPeriods;
    else grain = 'WEEK';
  }
  const settings = readCodeProcessSettings(db, orgId);
  const prs = readPrFacts(db, orgId, scopes.repos, window.from - DEPLOY_LOOKBACK_MS, window.to);
  const incidents = teamIncidents(db, orgId, scopes, window.from);
  const issues = resolvedIssues(db, orgId, scopes.projects, window.from, window.to);
  const sprintRows = sprintIssues(
    db,
    sprints.map((s) => s.id),
  );
  const outcomes = sprints.map((s) =>
    sprintOutcome(
      s,
      sprintRows.filter((r) => r.sprint_id === s.id),
    ),
  );
  const feedback = feedbackInstants(db, orgId, memberIds, window.from, window.to);
  const goals = goalsSnapshot(db, orgId, { teamId: team.id, people: memberIds, viewerId });
  const retros = teamRetros(db, orgId, team.id, memberIds.length, window.from, window.to);
  const cycles = reviewScores(db, orgId, memberIds, window.from, window.to, { releasedOnly: false, minN: INDIVIDUAL_MIN_N });

  const retroBuckets = bucket(retros, (r) => r.held_at, periods);
  const participation = (list: typeof retros) =>
    ratioValue(
      list.reduce((a, r) => a + r.participants, 0),
      list.reduce((a, r) => a + r.members, 0),
    );
  const actions = (list: typeof retros) =>
    ratioValue(
      list.reduce((a, r) => a + r.actions_done, 0),
      list.reduce((a, r) => a + r.actions_total, 0),
    );
  const scored = cycles.filter((c) => c.average !== null);
  const reviewAverage = scored.length ? scored.reduce((a, c) => a + c.average! * c.n, 0) / scored.reduce((a, c) => a + c.n, 0) : null;

  const metrics: InsightsMetric[] = [
    ...prFlowMetrics({
      merged: prs,
      closedUnmerged: closedUnmergedMs(db, orgId, scopes.repos, window.from, window.to),
      periods,
      window,
      members: memberIds.length,
    }),
    ...deliveryMetrics({
      deployments: deploymentsIn(db, orgId, scopes.repos, window.from, window.to),
      productionEnvironments: settings.production_environments,
      prs,
      incidents,
      periods,
      weeks,
      window,
    }),
    ...issueMetrics(issues, periods, window),
    ...sprintMetrics(outcomes, periods, window),
    countMetric('FEEDBACK_GIVEN', feedback.given, periods, window),
    countMetric('FEEDBACK_RECEIVED', feedback.received, periods, window),
    snapshotMetric('GOAL_PROGRESS', goals.average_progress, goals.count, periods),
    snapshotMetric(
      'REVIEW_SCORE',
      reviewAverage,
      scored.reduce((a, c) => a + c.n, 0),
      periods,
    ),
    { key: 'RETRO_PARTICIPATION', summary: participation(retros), points: retroBuckets.map(participation) },
    { key: 'RETRO_ACTIONS_DONE', summary: actions(retros), points: retroBuckets.map(actions) },
  ];
  const unattributed = incidents.filter((i) => !i.caused_by_deployment_id && Date.parse(i.created_at) >= window.from && Date.parse(i.created_at) < window.to);
  return {
    team,
    from: iso(window.from),
    to: iso(window.to),
    grain,
    members: memberIds.length,
    periods: presentPeriods(periods),
    metrics: inRegistryOrder(metrics),
    sources: {
      code: scopes.repos.length > 0,
      issues: scopes.projects.length > 0,
      deployments: scopes.repos.length > 0,
      sample: scopes.sample,
      last_synced_at: scopes.lastSyncedAt,
      ...connectedSources(db, orgId),
    },
    sprints: outcomes.filter((o) => (o.end_at ? Date.parse(o.end_at) >= window.from : true)),
    unattributed_incidents: unattributed.map(presentIssue),
    review_cycles: cycles,
    retros,
    goals,
  };
}

/** The pull requests behind a team's numbers: merged in the window (deployed in it for lead time; with those closed unmerged for the closed ratio), newest first. */
export function teamPullRequests(
  db: Db,
  orgId: string,
  team: TeamRow,
  args: WindowArgs & { metric?: InsightMetricKey | null; limit?: number | null; offset?: number | null },
  now: number,
) {
  const limit = args.limit ?? 50;
  const offset = args.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badInput('Limit: 1 to 200', { fields: { limit: 'Limit: 1 to 200' } });
  if (!Number.isInteger(offset) || offset < 0) throw badInput('Offset: 0 or more', { fields: { offset: 'Offset: 0 or more' } });
  const window: Window = parseWindow(args, organizationZone(db, orgId), now);
  const scopes = teamScopes(db, orgId, team.id);
  const inside = (at: string | null) => !!at && Date.parse(at) >= window.from && Date.parse(at) < window.to;
  const all = mergedPullRequests(db, orgId, scopes.repos, window.from, window.to);
  let list: PrRow[];
  if (args.metric === 'LEAD_TIME_FOR_CHANGES') list = all.filter((p) => inside(p.deployed_at));
  else if (args.metric === 'PR_MERGED_WITHOUT_REVIEW') list = all.filter((p) => inside(p.merged_at) && p.review_comments === 0);
  else if (args.metric === 'PR_CLOSED_WITHOUT_MERGE')
    list = [...all.filter((p) => inside(p.merged_at)), ...closedUnmergedPullRequests(db, orgId, scopes.repos, window.from, window.to)];
  else list = all.filter((p) => inside(p.merged_at));
  const at = (p: PrRow) => (args.metric === 'LEAD_TIME_FOR_CHANGES' ? p.deployed_at : (p.merged_at ?? p.closed_at)) ?? '';
  list.sort((a, b) => at(b).localeCompare(at(a)) || b.number - a.number);
  const page = list.slice(offset, offset + limit);
  const reviewers = reviewersOf(
    db,
    page.map((p) => p.id),
  );
  return { items: page.map((p) => presentPr(p, reviewers.get(p.id) ?? [])), total: list.length };
}

const nowOf = (ctx: Ctx) => ctx.services.scheduler.now();

export const insightsTeamPart: FeaturePart = {
  resolvers: {
    Query: {
      insightsTeams: (_: unknown, __: unknown, ctx: Ctx) => insightsTeamsOf(ctx.services.db, requireViewer(ctx)),
      insightsPeople: (_: unknown, __: unknown, ctx: Ctx) => insightsPeopleOf(ctx.services.db, requireViewer(ctx)),
      teamInsights: (_: unknown, args: { team_id: string } & WindowArgs & { grain?: Grain | null }, ctx: Ctx) => {
        const viewer = requireViewer(ctx);
        const team = requireTeamInsights(ctx.services.db, viewer, args.team_id);
        return computeTeamInsights(ctx.services.db, viewer.organizationId, team, args, nowOf(ctx), viewer.userId);
      },
      teamInsightsPullRequests: (
        _: unknown,
        args: { team_id: string; metric?: InsightMetricKey | null; limit?: number | null; offset?: number | null } & WindowArgs,
        ctx: Ctx,
      ) => {
        const viewer = requireViewer(ctx);
        const team = requireTeamInsights(ctx.services.db, viewer, args.team_id);
        return teamPullRequests(ctx.services.db, viewer.organizationId, team, args, nowOf(ctx));
      },
    },
    ...insightsTypeResolvers,
  },
};
