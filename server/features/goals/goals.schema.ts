/**
 * The goals API (docs/decisions/0049). This file is the contract between the server parts (goals and
 * key results, check-ins, the tree and team goals, reminders and settings, CSV) and the screens.
 * Dates of a day are 'YYYY-MM-DD' strings; instants are DateTime. A goal the viewer may not read is
 * never returned (lists leave it out, `goal` answers NOT_FOUND, a readable goal's unreadable parent
 * shows as `parent: null` with `parent_hidden: true`).
 */
export const goalsSchema = /* GraphQL */ `
  enum GoalOwnerKind { PERSON TEAM COMPANY }
  enum GoalVisibility { EVERYONE MANAGER_CHAIN PRIVATE }
  enum GoalStatus { ON_TRACK AT_RISK OFF_TRACK DONE DROPPED }
  enum GoalKind { OBJECTIVE GROWTH }
  enum KeyResultKind { BINARY NUMBER PERCENTAGE CURRENCY }
  enum CheckInCadence { OFF WEEKLY BIWEEKLY MONTHLY }

  "Progress in whole percent with its completion band (shared/completion.ts): behind, almost, complete. Not a status: a goal's status is the one its owner sets (docs/decisions/0060)."
  type GoalBand { percent: Int! band: String! }

  type KeyResult {
    id: ID!
    title: String!
    kind: KeyResultKind!
    start_value: Float!
    target_value: Float!
    current_value: Float!
    currency: String
    weight: Float!
    "0..100, one decimal."
    progress: Float!
  }

  type KeyResultChange { key_result_id: ID! title: String! before: Float! after: Float! }

  type GoalCheckIn {
    id: ID!
    "Null when the author's account was removed."
    author: User
    comment: String!
    confidence: Int
    status: GoalStatus!
    "The goal's progress right after this check-in."
    progress: Float!
    changes: [KeyResultChange!]!
    created_at: DateTime!
  }

  type Goal {
    id: ID!
    title: String!
    description: String!
    kind: GoalKind!
    owner_kind: GoalOwnerKind!
    "PERSON goals."
    owner: User
    "TEAM goals."
    team: Team
    "The goal this one is aligned under, when the viewer may read it."
    parent: Goal
    "Aligned under a goal the viewer may not read."
    parent_hidden: Boolean!
    "GROWTH goals: the competency they develop (as Competency: growth.schema.ts extends Goal)."
    competency_id: ID
    start_date: String
    due_date: String
    visibility: GoalVisibility!
    status: GoalStatus!
    "0..100, one decimal: rolled up from key results and aligned child goals."
    progress: Float!
    band: GoalBand!
    "Whole percent an open goal would have today at an even pace from its start date to its due date; null without both dates, or when done or dropped. A hint, not a status."
    expected_progress: Int
    key_results: [KeyResult!]!
    "Aligned child goals the viewer may read."
    children: [Goal!]!
    "Aligned child goals, readable or not (the tree shows a count)."
    child_count: Int!
    "Newest first."
    check_ins(first: Int): [GoalCheckIn!]!
    last_check_in_at: DateTime
    "The viewer may edit, check in and delete (owner, team manager or lead, the owner's managers, admins)."
    can_edit: Boolean!
    created_by: User
    created_at: DateTime!
    updated_at: DateTime!
  }

  "One node of the alignment tree (flat; parent_id links them)."
  type GoalTreeNode {
    id: ID!
    parent_id: ID
    title: String!
    owner_kind: GoalOwnerKind!
    "The person's or team's name, or the organization's."
    owner_name: String!
    owner_id: ID
    status: GoalStatus!
    progress: Float!
    band: GoalBand!
    due_date: String
    "Readable children; 0 means a leaf."
    child_count: Int!
    depth: Int!
  }

  type TeamGoals {
    team: Team!
    "Goals the team owns."
    goals: [Goal!]!
    "Goals of the team's members aligned under the team's goals (readable ones)."
    member_goals: [Goal!]!
    "Open goals of members that align to nothing."
    unaligned_member_goals: [Goal!]!
    "Mean progress of the team's open goals; null when it has none."
    progress: GoalBand
  }

  type GoalSettings { check_in_cadence: CheckInCadence! check_in_weekday: Int! due_reminder_days: Int! }

  type GoalImportRowError { line: Int! column: String message: String! }
  type GoalImportPreview {
    "Goals and key results the file would create."
    goals: Int!
    key_results: Int!
    errors: [GoalImportRowError!]!
    "The first goals as read (up to 20), for the preview table."
    sample: [GoalImportSample!]!
  }
  type GoalImportSample { line: Int! title: String! owner: String! parent: String due_date: String key_results: Int! }
  type GoalImportResult { goals: Int! key_results: Int! }

  input KeyResultInput {
    id: ID
    title: String!
    kind: KeyResultKind!
    start_value: Float
    target_value: Float
    current_value: Float
    currency: String
    weight: Float
  }
  input GoalInput {
    title: String!
    description: String
    owner_kind: GoalOwnerKind!
    owner_user_id: ID
    owner_team_id: ID
    kind: GoalKind
    competency_id: ID
    parent_id: ID
    start_date: String
    due_date: String
    visibility: GoalVisibility!
    status: GoalStatus
    key_results: [KeyResultInput!]
  }
  input GoalUpdateInput {
    title: String
    description: String
    parent_id: ID
    start_date: String
    due_date: String
    visibility: GoalVisibility
    status: GoalStatus
    competency_id: ID
    key_results: [KeyResultInput!]
  }
  input KeyResultValueInput { key_result_id: ID! value: Float! }
  input CheckInInput { goal_id: ID! values: [KeyResultValueInput!] comment: String confidence: Int status: GoalStatus }
  input GoalSettingsInput { check_in_cadence: CheckInCadence! check_in_weekday: Int! due_reminder_days: Int! }
  input GoalListFilter { "Include DONE and DROPPED goals." include_closed: Boolean kind: GoalKind }

  extend type Query {
    "Goals I own personally (and, with a user_id, a person's goals that I may read), due date first."
    myGoals(user_id: ID, filter: GoalListFilter): [Goal!]!
    goal(id: ID!): Goal!
    "A team's goals and its members' aligned goals, rolled up."
    teamGoals(team_id: ID!): TeamGoals!
    "Teams whose goals the viewer follows: their own team and the teams they manage or lead."
    myGoalTeams: [Team!]!
    "The alignment tree: from root_id (null: the readable COMPANY and TEAM goals under nothing readable) down depth levels (1..3; with root_id, 0 = its direct children)."
    goalTree(root_id: ID, depth: Int): [GoalTreeNode!]!
    "Goals the viewer may align a new goal under (title search)."
    alignableGoals(search: String, exclude_id: ID): [GoalTreeNode!]!
    goalSettings: GoalSettings!
    "A person's goals due in a period (a review's goals panel)."
    goalsInPeriod(user_id: ID!, from: String!, to: String!): [Goal!]!
  }

  extend type Mutation {
    createGoal(input: GoalInput!): Goal!
    updateGoal(id: ID!, input: GoalUpdateInput!): Goal!
    deleteGoal(id: ID!): Boolean!
    checkInGoal(input: CheckInInput!): Goal!
    updateGoalSettings(input: GoalSettingsInput!): GoalSettings!
    "Reads a goals CSV (GOAL_CSV_COLUMNS) and says what it would create, with per-row errors."
    previewGoalImport(csv: String!): GoalImportPreview!
    "Creates every goal of the file in one transaction, or nothing when any row has an error."
    importGoals(csv: String!): GoalImportResult!
  }
`;
