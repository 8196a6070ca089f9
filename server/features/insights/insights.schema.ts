import { INSIGHT_METRIC_KEYS } from '../../../shared/insights.js';

/**
 * The insights API (docs/decisions/0051). Metrics are those of shared/insights.ts (definitions,
 * units, what is left out); every value carries n, mean, interpolated median and p75 where it is a
 * duration, and `excluded` (items that could not be computed, never counted as zero). Periods are
 * weeks (Monday, organization time zone) or the team's sprints. Team insights: the team's members,
 * its managers and leads, their managers, and admins. Individual insights: the person, their manager
 * chain and admins; aggregates over fewer than INDIVIDUAL_MIN_N items are `suppressed`.
 */
export const insightsSchema = /* GraphQL */ `
  enum InsightMetricKey { ${INSIGHT_METRIC_KEYS.join(' ')} }
  enum InsightsGrain { WEEK SPRINT }

  "A metric's value over a period or the whole window. For durations (hours) value = median."
  type InsightsValue {
    n: Int!
    value: Float
    mean: Float
    median: Float
    p75: Float
    "Ratios: the parts (value = numerator / denominator)."
    numerator: Float
    denominator: Float
    "Items left out (no review, never deployed, negative span, bot)."
    excluded: Int!
    "Fewer than the minimum items on a person's page: not shown."
    suppressed: Boolean!
  }

  type InsightsPeriod { start: DateTime! end: DateTime! label: String! }

  type InsightsMetric {
    key: InsightMetricKey!
    summary: InsightsValue!
    "One per period, in the order of periods."
    points: [InsightsValue!]!
  }

  type InsightsSources {
    code: Boolean!
    issues: Boolean!
    deployments: Boolean!
    "Some of the data is the sample data set."
    sample: Boolean!
    last_synced_at: DateTime
    "The organization has a code host connected (the sample's included), whether or not any of it is this team's or person's."
    code_connected: Boolean!
    "The organization has an issue tracker connected (the sample's included), whether or not any of it is this team's or person's."
    issues_connected: Boolean!
  }

  "A pull request with its boundary timestamps and durations (hours): what every PR number drills down to."
  type InsightsPullRequest {
    id: ID!
    number: Int!
    title: String!
    url: String
    repository: String!
    state: String!
    author_login: String
    author: User
    created_at: DateTime!
    first_commit_at: DateTime
    ready_at: DateTime
    first_review_at: DateTime
    merged_at: DateTime
    deployed_at: DateTime
    coding_hours: Float
    pickup_hours: Float
    review_hours: Float
    deploy_hours: Float
    cycle_hours: Float
    size: Int
    reviewers: [String!]!
    "Why a part is left out: 'no review by someone else', 'not deployed', 'first commit after creation', 'author is a bot'."
    excluded_reasons: [String!]!
  }

  type InsightsPullRequestPage { items: [InsightsPullRequest!]! total: Int! }

  type InsightsIssue {
    id: ID!
    key: String!
    title: String!
    url: String
    issue_type: String!
    status: String!
    status_category: String!
    story_points: Float
    created_at: DateTime!
    resolved_at: DateTime
    lead_hours: Float
    cycle_hours: Float
    assignee: User
  }

  type InsightsSprint {
    id: ID!
    name: String!
    start_at: DateTime
    end_at: DateTime
    committed_points: Float!
    added_points: Float!
    completed_points: Float!
    completion_rate: Float
    commitment_reliability: Float
    carried_over: Int!
  }

  type ReviewCycleScore { cycle_id: ID! name: String! ended_at: DateTime average: Float n: Int! }
  type RetroOutcome { retro_id: ID! title: String! held_at: DateTime! participants: Int! members: Int! actions_total: Int! actions_done: Int! }
  type GoalsSnapshot { count: Int! average_progress: Float on_track: Int! at_risk: Int! off_track: Int! done: Int! }

  type TeamInsights {
    team: Team!
    from: DateTime!
    to: DateTime!
    grain: InsightsGrain!
    members: Int!
    periods: [InsightsPeriod!]!
    metrics: [InsightsMetric!]!
    sources: InsightsSources!
    sprints: [InsightsSprint!]!
    "Incidents no production deployment within the attribution window explains."
    unattributed_incidents: [InsightsIssue!]!
    review_cycles: [ReviewCycleScore!]!
    retros: [RetroOutcome!]!
    goals: GoalsSnapshot!
  }

  type OpenPullRequest { pull_request: InsightsPullRequest! waiting_hours: Float! waiting_for: [String!]! }
  type ReviewGiven { pull_request: InsightsPullRequest! at: DateTime! hours_after_ready: Float }
  type Collaborator { login: String! user: User pull_requests: [Int!]! }

  type IndividualInsights {
    user: User!
    from: DateTime!
    to: DateTime!
    periods: [InsightsPeriod!]!
    "Only metrics fit for a person's own view; each suppressed below the minimum n."
    metrics: [InsightsMetric!]!
    sources: InsightsSources!
    authored: [InsightsPullRequest!]!
    open_pull_requests: [OpenPullRequest!]!
    "Pull requests waiting for this person's review."
    review_requests: [OpenPullRequest!]!
    reviews_given: [ReviewGiven!]!
    collaborators: [Collaborator!]!
    issues: [InsightsIssue!]!
    review_cycles: [ReviewCycleScore!]!
    goals: GoalsSnapshot!
  }

  extend type Query {
    "Teams whose insights the viewer may open (their own teams, teams they manage or lead and those below; admins: all)."
    insightsTeams: [Team!]!
    "People whose insights the viewer may open (themselves and everyone below them; admins: all active people)."
    insightsPeople: [User!]!
    "from/to: dates (YYYY-MM-DD) in the organization's time zone, to inclusive; default the last 12 weeks; at most 366 days."
    teamInsights(team_id: ID!, from: String, to: String, grain: InsightsGrain): TeamInsights!
    "The pull requests behind a team's numbers (merged in the window, or all touched with state), with their durations."
    teamInsightsPullRequests(team_id: ID!, from: String, to: String, metric: InsightMetricKey, limit: Int, offset: Int): InsightsPullRequestPage!
    "user_id null: the viewer."
    individualInsights(user_id: ID, from: String, to: String): IndividualInsights!
  }
`;
