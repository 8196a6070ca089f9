/** GraphQL for review automation rules and their runs (docs/decisions/0021); team sprints: server/features/sprints. */
export const reviewAutomationSchema = /* GraphQL */ `
  enum ReviewAutomationRuleType { REPEAT AFTER_START SPRINT_END }

  type ReviewAutomationRule {
    id: ID!
    name: String!
    type: ReviewAutomationRuleType!
    template_id: ID
    template_name: String
    "REPEAT: months between cycles. AFTER_START: days after the start date."
    every_count: Int!
    "REPEAT: the date (YYYY-MM-DD) of the first cycle; later ones keep its day of the month."
    anchor_on: String
    user_ids: [ID!]!
    team_ids: [ID!]!
    people: [User!]!
    teams: [Team!]!
    perspectives: [ReviewPerspective!]!
    min_peers: Int!
    max_peers: Int!
    anonymity_threshold: Int!
    nomination_days: Int!
    review_days: Int!
    release_days: Int
    active: Boolean!
    "True when peers must be nominated: cycles start as drafts. Otherwise they launch at once."
    starts_as_draft: Boolean!
    "When the next cycle is due (created by the first hourly pass after it); null when paused or nothing is planned."
    next_run_at: String
    run_count: Int!
    created_by: User
    created_at: String!
  }

  type ReviewAutomationRun {
    id: ID!
    "YYYY-MM for repeating rules, user:<id> or sprint:<id>."
    period_key: String!
    cycle: ReviewCycle
    skipped_reason: String
    created_at: String!
  }

  input ReviewAutomationRuleInput {
    name: String!
    type: ReviewAutomationRuleType!
    "Empty for SPRINT_END: the built-in sprint review."
    template_id: ID
    every_count: Int
    anchor_on: String
    user_ids: [ID!]
    team_ids: [ID!]
    perspectives: [ReviewPerspective!]!
    min_peers: Int
    max_peers: Int
    anonymity_threshold: Int
    nomination_days: Int
    review_days: Int!
    release_days: Int
  }

  extend type Query {
    "Admins: every rule. Managers: the rules they created."
    reviewAutomationRules: [ReviewAutomationRule!]!
    "The periods a rule handled, newest first, with the cycle each created (or why not)."
    reviewAutomationRuns(ruleId: ID!): [ReviewAutomationRun!]!
  }

  extend type Mutation {
    createReviewAutomationRule(input: ReviewAutomationRuleInput!): ReviewAutomationRule!
    updateReviewAutomationRule(id: ID!, input: ReviewAutomationRuleInput!): ReviewAutomationRule!
    pauseReviewAutomationRule(id: ID!): ReviewAutomationRule!
    resumeReviewAutomationRule(id: ID!): ReviewAutomationRule!
    "Cycles the rule created stay."
    deleteReviewAutomationRule(id: ID!): Boolean!
  }
`;
