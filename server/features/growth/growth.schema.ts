/**
 * The competency framework, assessment and development plan API (docs/decisions/0050): the contract
 * between the server parts (framework, assessments, plans, team progress) and the screens.
 */
export const growthSchema = /* GraphQL */ `
  enum AssessmentKind { SELF MANAGER }
  enum AssessmentStatus { DRAFT SUBMITTED }

  type CompetencyLevel { id: ID! name: String! description: String! position: Int! people: Int! }
  type CompetencyExpectation { level_id: ID! text: String! }
  type Competency {
    id: ID!
    track_id: ID!
    name: String!
    description: String!
    position: Int!
    "One per level of the track, in level order."
    expectations: [CompetencyExpectation!]!
  }
  type CompetencyTrack {
    id: ID!
    name: String!
    description: String!
    builtin_key: String
    archived: Boolean!
    levels: [CompetencyLevel!]!
    competencies: [Competency!]!
    "People placed on this track."
    people: Int!
    updated_at: DateTime!
    "Grows with every save: pass it back as base_version when saving."
    version: Int!
  }
  "A built-in track an admin can copy into the organization."
  type BuiltinCompetencyTrack { key: String! name: String! description: String! levels: [String!]! competencies: [String!]! "Already copied into this organization." copied: Boolean! }

  type CompetencyPlacement { user: User! track: CompetencyTrack! level: CompetencyLevel! placed_by: User placed_at: DateTime! }

  type AssessmentRating { competency_id: ID! rating: Int comment: String! }
  type Assessment {
    id: ID!
    subject: User!
    "Null when the assessor's account was removed."
    assessor: User
    kind: AssessmentKind!
    status: AssessmentStatus!
    track: CompetencyTrack!
    level: CompetencyLevel!
    ratings: [AssessmentRating!]!
    summary: String!
    version: Int!
    submitted_at: DateTime
    updated_at: DateTime!
  }

  "One competency of the side-by-side view."
  type AssessmentComparisonRow {
    competency: Competency!
    "What the subject's level expects, and the next level (null at the top)."
    expectation: String!
    next_expectation: String
    self: Int
    manager: Int
    "manager - self when both rated."
    gap: Int
  }
  type AssessmentOverview {
    subject: User!
    placement: CompetencyPlacement
    "The latest submitted self and manager assessments."
    self: Assessment
    manager: Assessment
    rows: [AssessmentComparisonRow!]!
    "The viewer's own draft about this subject, if any."
    my_draft: Assessment
    "What the viewer may start: SELF about themself, MANAGER about a report."
    can_assess_as: AssessmentKind
    "Every submitted assessment about the subject, newest first."
    history: [Assessment!]!
  }

  type DevelopmentAction {
    id: ID!
    title: String!
    due_date: String
    competency: Competency
    goal_id: ID
    done: Boolean!
    done_at: DateTime
    created_at: DateTime!
  }
  type DevelopmentPlan {
    user: User!
    mentor: User
    focus: String!
    placement: CompetencyPlacement
    "GROWTH goals of the person the viewer may read."
    growth_goals: [Goal!]!
    actions: [DevelopmentAction!]!
    "Null when the plan is empty."
    progress: GoalBand
    updated_at: DateTime
    "The viewer may edit it (the person, their managers, admins)."
    can_edit: Boolean!
  }

  type DevelopmentPersonProgress {
    user: User!
    placement: CompetencyPlacement
    self_assessed_at: DateTime
    manager_assessed_at: DateTime
    plan_progress: GoalBand
    growth_goals: Int!
    actions_open: Int!
    actions_overdue: Int!
  }
  type DevelopmentTeamProgress { "Null: people in no team." team: Team people: [DevelopmentPersonProgress!]! }

  extend type Goal { "GROWTH goals: the competency they develop." competency: Competency }

  input CompetencyLevelInput { id: ID name: String! description: String }
  input CompetencyInput { id: ID name: String! description: String expectations: [String!]! }
  input CompetencyTrackInput { name: String! description: String levels: [CompetencyLevelInput!]! competencies: [CompetencyInput!]! }
  input PlacementInput { user_id: ID! track_id: ID! level_id: ID! }
  input AssessmentRatingInput { competency_id: ID! rating: Int comment: String }
  input AssessmentRatingsInput { ratings: [AssessmentRatingInput!]! summary: String }
  input DevelopmentActionInput { title: String! due_date: String competency_id: ID goal_id: ID }
  input DevelopmentPlanInput { mentor_id: ID focus: String }

  extend type Query {
    "The organization's tracks (archived ones on request)."
    competencyFramework(include_archived: Boolean): [CompetencyTrack!]!
    competencyTrack(id: ID!): CompetencyTrack!
    builtinCompetencyTracks: [BuiltinCompetencyTrack!]!
    placement(user_id: ID!): CompetencyPlacement
    "People placed on a track (or on none, with track_id null), for the admin placement screen."
    placements(track_id: ID): [CompetencyPlacement!]!
    assessmentOverview(user_id: ID!): AssessmentOverview!
    assessment(id: ID!): Assessment!
    developmentPlan(user_id: ID!): DevelopmentPlan!
    "Managers: their reports and teams; admins: everyone."
    developmentTeamProgress: [DevelopmentTeamProgress!]!
  }

  extend type Mutation {
    copyBuiltinCompetencyTrack(key: String!): CompetencyTrack!
    createCompetencyTrack(input: CompetencyTrackInput!): CompetencyTrack!
    "A stale base_version is CONFLICT (someone else saved meanwhile); nothing is saved."
    updateCompetencyTrack(id: ID!, input: CompetencyTrackInput!, base_version: Int!): CompetencyTrack!
    archiveCompetencyTrack(id: ID!): CompetencyTrack!
    restoreCompetencyTrack(id: ID!): CompetencyTrack!
    placePerson(input: PlacementInput!): CompetencyPlacement!
    removePlacement(user_id: ID!): Boolean!
    "Starts (or returns) the viewer's draft about user_id: SELF about themself, MANAGER about a report."
    startAssessment(user_id: ID!): Assessment!
    saveAssessment(id: ID!, input: AssessmentRatingsInput!, base_version: Int!): Assessment!
    submitAssessment(id: ID!): Assessment!
    deleteAssessmentDraft(id: ID!): Boolean!
    updateDevelopmentPlan(user_id: ID!, input: DevelopmentPlanInput!): DevelopmentPlan!
    addDevelopmentAction(user_id: ID!, input: DevelopmentActionInput!): DevelopmentAction!
    updateDevelopmentAction(id: ID!, input: DevelopmentActionInput!): DevelopmentAction!
    setDevelopmentActionDone(id: ID!, done: Boolean!): DevelopmentAction!
    deleteDevelopmentAction(id: ID!): Boolean!
  }
`;
