import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { INSIGHTS_DEFAULT_WEEKS, type InsightMetricKey } from '../../../shared/insights.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import type { InsightsSearch } from './insights-search.js';

/**
 * The insights API (server/features/insights/insights.schema.ts): the documents and their query
 * options. Every key starts with 'insights'. No chart code here: the dashboard's widgets import it.
 */

const VALUE = 'n value mean median p75 numerator denominator excluded suppressed';
const METRICS = `metrics { key summary { ${VALUE} } points { ${VALUE} } }`;
const SOURCES = 'sources { code issues deployments sample last_synced_at code_connected issues_connected }';
const PR = `id number title url repository state author_login author { id full_name } created_at first_commit_at ready_at first_review_at merged_at deployed_at
  coding_hours pickup_hours review_hours deploy_hours cycle_hours size reviewers excluded_reasons`;
const ISSUE = 'id key title url issue_type status status_category story_points created_at resolved_at lead_hours cycle_hours assignee { id full_name }';
const GOALS = 'goals { count average_progress on_track at_risk off_track done }';
const CYCLES = 'review_cycles { cycle_id name ended_at average n }';

export const TEAMS = graphql('query InsightsTeams { insightsTeams { id name } }');
export const PEOPLE = graphql('query InsightsPeople { insightsPeople { id full_name role team { id name } } }');
export const TEAM = graphql(`query TeamInsights($team_id: ID!, $from: String, $to: String, $grain: InsightsGrain) {
  teamInsights(team_id: $team_id, from: $from, to: $to, grain: $grain) {
    team { id name } from to grain members periods { start end label } ${METRICS} ${SOURCES}
    sprints { id name start_at end_at committed_points added_points completed_points completion_rate commitment_reliability carried_over }
    unattributed_incidents { ${ISSUE} } ${CYCLES}
    retros { retro_id title held_at participants members actions_total actions_done } ${GOALS}
  }
}`);
export const TEAM_PRS =
  graphql(`query TeamInsightsPullRequests($team_id: ID!, $from: String, $to: String, $metric: InsightMetricKey, $limit: Int, $offset: Int) {
  teamInsightsPullRequests(team_id: $team_id, from: $from, to: $to, metric: $metric, limit: $limit, offset: $offset) { total items { ${PR} } }
}`);
const OPEN = `pull_request { ${PR} } waiting_hours waiting_for`;
export const INDIVIDUAL = graphql(`query IndividualInsights($user_id: ID, $from: String, $to: String) {
  individualInsights(user_id: $user_id, from: $from, to: $to) {
    user { id full_name } from to periods { start end label } ${METRICS} ${SOURCES}
    authored { ${PR} } open_pull_requests { ${OPEN} } review_requests { ${OPEN} }
    reviews_given { pull_request { ${PR} } at hours_after_ready } collaborators { login user { id full_name } pull_requests }
    issues { ${ISSUE} } ${CYCLES} ${GOALS}
  }
}`);

export type TeamInsights = ResultOf<typeof TEAM>['teamInsights'];
export type IndividualInsights = ResultOf<typeof INDIVIDUAL>['individualInsights'];
export type InsightsGrain = TeamInsights['grain'];
export type InsightsPeriod = TeamInsights['periods'][number];
export type InsightsMetric = TeamInsights['metrics'][number];
export type InsightsValue = InsightsMetric['summary'];
/** code / issues / deployments: data of this team or person; *_connected: the organization has such a service at all. */
export type InsightsSources = TeamInsights['sources'];
export type InsightsSprint = TeamInsights['sprints'][number];
export type InsightsIssue = TeamInsights['unattributed_incidents'][number];
export type ReviewCycleScore = TeamInsights['review_cycles'][number];
export type RetroOutcome = TeamInsights['retros'][number];
export type GoalsSnapshot = TeamInsights['goals'];
export type TeamRef = TeamInsights['team'];
export type PersonRef = IndividualInsights['user'];
export type InsightsPullRequest = IndividualInsights['authored'][number];
export type OpenPullRequest = IndividualInsights['open_pull_requests'][number];
export type ReviewGiven = IndividualInsights['reviews_given'][number];
export type Collaborator = IndividualInsights['collaborators'][number];
export type InsightsPerson = ResultOf<typeof PEOPLE>['insightsPeople'][number];

// ---------------------------------------------------------------------------------------------
// The window a page shows (search params): the last 4 / 12 / 26 / 52 weeks, or from..to; week or sprint.

export { WINDOW_WEEKS, insightsSearchSchema, type InsightsSearch } from './insights-search.js';
export type InsightsWindow = { from: string; to: string; grain: InsightsGrain };

const pad = (n: number) => String(n).padStart(2, '0');
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d - days));
}

/** The days a search covers (both ends included): a custom window as chosen, else the last weeks up to today. */
export function insightsWindow(search: InsightsSearch, now = new Date()): InsightsWindow {
  const grain = search.grain ?? 'WEEK';
  if (search.weeks === 'custom' && search.from && search.to && search.from <= search.to) return { from: search.from, to: search.to, grain };
  const to = localDay(now);
  const weeks = Number(search.weeks && search.weeks !== 'custom' ? search.weeks : INSIGHTS_DEFAULT_WEEKS);
  return { from: daysBefore(to, weeks * 7 - 1), to, grain };
}

// ---------------------------------------------------------------------------------------------

export const insightsTeamsQueryOptions = queryOptions({
  queryKey: ['insights', 'teams'],
  queryFn: async () => (await gql(TEAMS)).insightsTeams,
});

export const insightsPeopleQueryOptions = queryOptions({
  queryKey: ['insights', 'people'],
  queryFn: async () => (await gql(PEOPLE)).insightsPeople,
});

export const teamInsightsQueryOptions = (teamId: string, w: InsightsWindow) =>
  queryOptions({
    queryKey: ['insights', 'team', teamId, w.from, w.to, w.grain],
    queryFn: async () => (await gql(TEAM, { team_id: teamId, from: w.from, to: w.to, grain: w.grain })).teamInsights,
    placeholderData: keepPreviousData,
  });

export const PR_PAGE_SIZE = 20;
export const teamPullRequestsQueryOptions = (teamId: string, w: InsightsWindow, metric: InsightMetricKey | null, page: number) =>
  queryOptions({
    queryKey: ['insights', 'team-prs', teamId, w.from, w.to, metric ?? '', page],
    queryFn: async () =>
      (
        await gql(TEAM_PRS, {
          team_id: teamId,
          from: w.from,
          to: w.to,
          metric,
          limit: PR_PAGE_SIZE,
          offset: page * PR_PAGE_SIZE,
        })
      ).teamInsightsPullRequests,
    placeholderData: keepPreviousData,
  });

/** userId null: the viewer's own page. */
export const individualInsightsQueryOptions = (userId: string | null, w: Pick<InsightsWindow, 'from' | 'to'>) =>
  queryOptions({
    queryKey: ['insights', 'person', userId ?? 'me', w.from, w.to],
    queryFn: async () => (await gql(INDIVIDUAL, { user_id: userId, from: w.from, to: w.to })).individualInsights,
    placeholderData: keepPreviousData,
  });

/**
 * What an individual insights page shows first: the person's insights and, above them, the person
 * picker's list (managers and admins), loaded together so the picker does not arrive later and push
 * the page down (docs/decisions/0065). Prefetched: a refused or broken answer is shown on the page.
 */
export function loadIndividualInsights(queryClient: QueryClient, userId: string | null, search: InsightsSearch): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(individualInsightsQueryOptions(userId, insightsWindow(search))),
    queryClient.prefetchQuery(insightsPeopleQueryOptions),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Dashboard cards: few fields.

export const TEAM_CARD = graphql(`query TeamInsightsCard($team_id: ID!) {
  teamInsights(team_id: $team_id) { team { id name } periods { label } metrics { key summary { ${VALUE} } points { n value } } ${SOURCES} ${GOALS} }
}`);
export const MY_CARD = graphql(
  `query MyInsightsCard { individualInsights { open_pull_requests { ${OPEN} } review_requests { ${OPEN} } sources { code code_connected } } }`,
);

export type TeamInsightsCard = ResultOf<typeof TEAM_CARD>['teamInsights'];
export type MyInsightsCard = ResultOf<typeof MY_CARD>['individualInsights'];

/** The TEAM_INSIGHTS card: the viewer's own team when they may see it, else their first team; null: no team. */
export const teamInsightsCardQueryOptions = (ownTeamId: string | null) =>
  queryOptions({
    queryKey: ['insights', 'card', 'team', ownTeamId ?? ''],
    queryFn: async (): Promise<TeamInsightsCard | null> => {
      const teams = (await gql(TEAMS)).insightsTeams;
      const team = teams.find((t) => t.id === ownTeamId) ?? teams[0];
      if (!team) return null;
      return (await gql(TEAM_CARD, { team_id: team.id })).teamInsights;
    },
  });

export const myInsightsCardQueryOptions = queryOptions({
  queryKey: ['insights', 'card', 'mine'],
  queryFn: async () => (await gql(MY_CARD)).individualInsights,
});
