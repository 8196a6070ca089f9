/** The identity types of the identity API (docs/product/README.md): users, teams, organization structure. */
export const identitySchema = /* GraphQL */ `
  enum ValidUserStatus { ACTIVE INVITED DEACTIVATED }
  enum ValidUserPermissionLevel { ADMIN MANAGER MEMBER }
  enum WidgetType {
    PENDING_REVIEWS MY_GOALS TEAM_GOALS FEEDBACK_RECEIVED FEEDBACK_REQUESTS
    UPCOMING_RETROS RETRO_ACTION_ITEMS TEAM_INSIGHTS INDIVIDUAL_INSIGHTS NOTES
  }

  type SecondaryEmail { id: ID! email: String! }
  type SecondaryPhone { id: ID! phone: String! }
  type Media { id: ID! display_name: String key: String! url: String! }
  type GoalRef { id: ID! due_date: DateTime }
  type BusinessUnit { id: ID! unit_name: String! }
  type Department { id: ID! name: String! business_unit: BusinessUnit! }
  type Subdepartment { id: ID! title: String! department: Department! }

  type User {
    id: ID!
    full_name: String!
    email: String!
    phone_number: String
    slack_id: String
    slack_team_id: String
    secondary_emails: [SecondaryEmail!]!
    secondary_phones: [SecondaryPhone!]!
    time_zone: String
    role: String
    location: String
    bio: String
    profile_picture: Media
    status: ValidUserStatus!
    permission_level: ValidUserPermissionLevel!
    last_password_update: DateTime
    created_at: DateTime!
    last_login: DateTime
    deleted_at: DateTime
    email_verified: Boolean!
    github_user: String
    bitbucket_account_id: String
    azure_boards_user_id: String
    azure_email: String
    jira_account_id: String
    notifications: [String!]!
    manager: User
    team: Team
    managed_teams: [Team!]!
    subdepartment: Subdepartment
    goals: [GoalRef!]!
    user_reviews_reviewee: [ID!]!
    media: [Media!]!
    excluded_review_automation: Boolean!
    "When the latest invitation mail was sent; null when never (admins only; null for others)."
    invited_at: DateTime
  }

  type TeamAggregations { count_users: Int! }
  type Team {
    id: ID!
    name: String!
    status: String!
    users: [User!]!
    manager: User
    team_lead: User
    aggregations: TeamAggregations!
  }

  type ProfileWorkInfo {
    user_id: ID!
    role: String
    team: Team
    manager: User
    subdepartment: Subdepartment
    location: String
    time_zone: String
  }
  type UserRef { id: ID! }
  type UserExistence { exists: Boolean! status: ValidUserStatus }
  type WidgetPreferences { user_id: ID! enabled_widgets: [WidgetType!]! }

  extend type Query {
    profileWorkInfo(userId: ID): ProfileWorkInfo!
    profilePhoto(userId: ID): Media
    teamOfUser(userId: ID!): Team
    fullProfile(id: ID!): User!
    teamsByUserId(userId: ID!): [Team!]!
    allUsers(permission_level: ValidUserPermissionLevel, includeDeleted: Boolean, includeAzureEmail: Boolean): [User!]!
    userByEmail(email: String!): UserRef
    checkUserByEmail(email: String!): Boolean!
    checkUserExists(email: String!): UserExistence!
    organizationUsers(status: ValidUserStatus, permission_level: ValidUserPermissionLevel): [User!]!
    organizationUsersFull(status: ValidUserStatus, permission_level: ValidUserPermissionLevel): [User!]!
    organizationAdmins: [User!]!
    usersByTeamIds(teamIds: [ID!]!): [User!]!
    usersByIds(ids: [ID!]!): [User!]!
    user(id: ID): User
    findOneUser: User!
    userWidgetPreferences: WidgetPreferences!
  }

  input UpdateMeInput {
    "A new address (with current_password): a confirmation link is sent to it; the address changes when the link is followed, the old one stays until then. One used in your own organization: CONFLICT."
    email: String
    password: String
    current_password: String
    full_name: String
    location: String
    bio: String
    profile_picture_id: ID
    time_zone: String
    phone_number: String
    role: String
    notifications: [String!]
    selected_team_ids: [ID!]
  }
  type UpdateMePayload { access_token: String! user: User! }

  input UpdateUserInput {
    full_name: String
    role: String
    location: String
    bio: String
    time_zone: String
    phone_number: String
    manager_id: ID
    team_id: ID
    subdepartment_id: ID
    "A change (admin only) ends every link of the person still open (password reset, invitation, email change); deactivation also ends their sessions."
    status: ValidUserStatus
    excluded_review_automation: Boolean
    slack_id: String
    jira_account_id: String
    azure_boards_user_id: String
  }
  input AdminUserInput {
    github_user: String
    bitbucket_account_id: String
    azure_email: String
    full_name: String
    "A new address: a confirmation link is sent to it and the person's address changes when the link is followed; until then the answer still carries the old one. One used in the admin's organization: CONFLICT; any other address gets the same answer."
    email: String
    role: String
    "A change ends the person's sessions and every link of theirs still open (password reset, invitation, email change)."
    permission_level: ValidUserPermissionLevel
  }
  "One person, with the fields and rules of a CSV import row (shared/mass-create.schema.ts)."
  input AddUserInput {
    email: String!
    full_name: String!
    "Job title."
    role: String
    permission_level: ValidUserPermissionLevel
    "Name of an existing team."
    team: String
    "Email of a person of the organization."
    manager_email: String
  }
  input UpdatePasswordInput { current_password: String! new_password: String! }

  extend type Mutation {
    updateMe(input: UpdateMeInput!): UpdateMePayload!
    updateUser(id: ID!, input: UpdateUserInput!): User!
    updateOneUser(id: ID!, input: UpdateUserInput!): User!
    updateManyUsers(ids: [ID!]!, input: UpdateUserInput!): [User!]!
    updateUserByAdmin(id: ID!, input: AdminUserInput!): User!
    removeLoggedUser(password: String!): Boolean!
    closeAccount(password: String!): Boolean!
    updatePassword(input: UpdatePasswordInput!): Boolean!
    removeUsers(ids: [ID!]!): Int!
    updateWidgetPreferences(enabled_widgets: [WidgetType!]!): WidgetPreferences!
    "Sends (again) the invitation link to INVITED users; admin only. Returns how many were sent."
    sendInvitations(ids: [ID!]!): Int!
    "Admin: sends the invitation to every INVITED person who was never sent one. Returns how many were sent."
    sendInvitationsToAllNotInvited: Int!
    "Admin: adds one person (checked like a CSV import row), INVITED; with sendInvitation the invitation goes out at once."
    addUser(input: AddUserInput!, sendInvitation: Boolean!): User!
  }

  extend type Subscription {
    userUpdated: User!
  }
`;
