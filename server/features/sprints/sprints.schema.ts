/** GraphQL for team sprints (docs/decisions/0021, 0022, 0073): planned on the review automation screen. */
export const sprintsSchema = /* GraphQL */ `
  type ReviewSprint {
    id: ID!
    team: Team
    team_id: ID!
    name: String!
    starts_on: String!
    ends_on: String!
  }

  input ReviewSprintInput {
    team_id: ID!
    name: String!
    starts_on: String!
    ends_on: String!
  }

  extend type Query {
    "Admins: every team's sprints. Managers: the sprints of teams they manage or lead."
    reviewSprints(teamId: ID): [ReviewSprint!]!
  }

  extend type Mutation {
    createReviewSprint(input: ReviewSprintInput!): ReviewSprint!
    updateReviewSprint(id: ID!, input: ReviewSprintInput!): ReviewSprint!
    deleteReviewSprint(id: ID!): Boolean!
  }
`;
