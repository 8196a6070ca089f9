/** Mass creation of users, as identity.graphql defines it (createTeams is our addition). */
export const massCreationSchema = /* GraphQL */ `
  enum MassCreateErrorType {
    INVALID_EMAIL
    BLOCKED_EMAIL_DOMAIN
    DUPLICATE_IN_FILE
    ALREADY_EXISTS
    INVALID_ROW
    UNKNOWN_TEAM
    UNKNOWN_MANAGER
  }

  input MassCreateUserRow {
    email: String!
    full_name: String!
    role: String
    permission_level: ValidUserPermissionLevel
    team: String
    manager_email: String
    location: String
    time_zone: String
  }
  type MassCreateUserError { errorType: MassCreateErrorType! email: String! row: Int! message: String! }
  type MassCreateResult {
    batch_id: ID!
    count: Int!
    usersWithErrors: [MassCreateUserError!]!
    totalUserWithEmailError: Int!
  }
  type MassCreateProgress { batch_id: ID! processed: Int! total: Int! created: Int! failed: Int! done: Boolean! }

  extend type Query {
    "Admin: the result of an earlier batch of this organization (also of a CSV upload); null when there is none (yet)."
    massCreation(batch_id: ID!): MassCreateResult
  }

  extend type Mutation {
    """
    Admin. Rows are numbered from 1. batch_id may be chosen by the caller (a UUID) so that it can
    subscribe to massCreateProgress first. Teams named in rows are created unless createTeams is false.
    """
    massCreateUsers(rows: [MassCreateUserRow!]!, dryRun: Boolean, batch_id: ID, createTeams: Boolean): MassCreateResult!
    "Admin: removes the batch's users who never signed in; returns how many."
    rollbackMassCreation(batch_id: ID!): Int!
  }

  extend type Subscription {
    massCreateProgress(batch_id: ID!): MassCreateProgress!
  }
`;
