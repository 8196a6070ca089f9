/** Mass creation of users, as the identity API defines it (docs/product/README.md); createTeams is our addition. */
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
    department: String
    division: String
    manager_email: String
    location: String
    time_zone: String
  }
  type MassCreateUserError { errorType: MassCreateErrorType! email: String! row: Int! message: String! }
  "A team the import fills: an existing one (joined, keeps its manager) or a new one (its manager is the one its members share)."
  type MassCreateTeamPlan { name: String! existing: Boolean! members_before: Int! joining: Int! manager_email: String manager_name: String }
  type MassCreateDepartmentPlan { name: String! existing: Boolean! }
  "A division of the file: a business unit of the company structure, with the rows' departments under it."
  type MassCreateDivisionPlan { name: String! existing: Boolean! departments: [MassCreateDepartmentPlan!]! }
  "A person made MANAGER because other rows name them as manager."
  type MassCreatePromotion { row: Int! email: String! full_name: String! reports: Int! }
  type MassCreateResult {
    batch_id: ID!
    count: Int!
    usersWithErrors: [MassCreateUserError!]!
    totalUserWithEmailError: Int!
    "The people created (empty for a dry run), e.g. for sendInvitations."
    created_ids: [ID!]!
    teams: [MassCreateTeamPlan!]!
    divisions: [MassCreateDivisionPlan!]!
    promoted: [MassCreatePromotion!]!
    "Why these people do not fit the organization's seat limit (the real import then writes nothing); null when they fit."
    seat_limit: String
  }
  "How the server's mail leaves: SMTP, or OUTBOX (kept for admins to hand out the links, under Settings > Configurations)."
  enum MailDelivery { SMTP OUTBOX }
  type MassCreateProgress { batch_id: ID! processed: Int! total: Int! created: Int! failed: Int! done: Boolean! }

  extend type Query {
    "Admin: the result of an earlier batch of this organization (also of a CSV upload); null when there is none (yet)."
    massCreation(batch_id: ID!): MassCreateResult
    "Admin: where invitations and other mail go."
    mailDelivery: MailDelivery!
  }

  extend type Mutation {
    """
    Admin. Rows are numbered from 1. batch_id may be chosen by the caller (a UUID) so that it can
    subscribe to massCreateProgress first. Teams named in rows are created unless createTeams is false.
    People other rows name as manager become MANAGER (when their row gives no level) unless promoteManagers is false.
    """
    massCreateUsers(rows: [MassCreateUserRow!]!, dryRun: Boolean, batch_id: ID, createTeams: Boolean, promoteManagers: Boolean): MassCreateResult!
    "Admin: removes the batch's users who never signed in; returns how many."
    rollbackMassCreation(batch_id: ID!): Int!
  }

  extend type Subscription {
    massCreateProgress(batch_id: ID!): MassCreateProgress!
  }
`;
