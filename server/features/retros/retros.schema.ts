/**
 * The retrospectives API (docs/decisions/0047). This file is the contract between the server parts
 * (meeting engine, action items and summary, templates, automation, team progress) and the screens.
 * Dates of a day are 'YYYY-MM-DD' strings; instants are DateTime.
 */
export const retrosSchema = /* GraphQL */ `
  enum RetroPhase { SCHEDULED CHECK_IN REVIEW_ACTIONS HEALTH REFLECT GROUP VOTE DISCUSS SUMMARY }
  enum RetroActionStatus { OPEN IN_PROGRESS DONE DROPPED }
  enum RetroListStatus { UPCOMING RUNNING PAST }
  enum RetroAutomationTrigger { SPRINT_END CADENCE }

  type RetroPrompt { id: ID! title: String! description: String! colour: String! }

  "A reflection. text is null for others' reflections while the retro is in REFLECT (and before)."
  type RetroReflection {
    "Others' reflections before GROUP get a placeholder id (hidden-<n>) that matches nothing revealed later."
    id: ID!
    prompt_id: ID!
    text: String
    group_id: ID
    "True for the viewer's own reflections (while the retro runs; false for everyone once it ended)."
    mine: Boolean!
    "Signed retros only, from GROUP on; always null in anonymous retros."
    author: User
  }

  type RetroGroup {
    id: ID!
    title: String!
    reflection_ids: [ID!]!
    "Null until VOTE ends (DISCUSS and SUMMARY); who voted is never shown."
    votes: Int
    "The viewer's own votes on this group (while VOTE runs)."
    my_votes: Int!
    discussed_seconds: Int!
  }

  "Progress of REFLECT without content: how many people have written, and how many reflections per prompt."
  type RetroWriting { people: Int! reflections: Int! per_prompt: [RetroPromptCount!]! }
  type RetroPromptCount { prompt_id: ID! count: Int! }

  "One health statement: aggregates only when at least 3 people answered (otherwise null, with answers counted)."
  type RetroHealthResult {
    index: Int!
    statement: String!
    answers: Int!
    average: Float
    "Answers per score 1..5, when shown."
    distribution: [Int!]
    "The viewer's own answer while the retro runs."
    my_score: Int
  }

  type RetroCheckIn { user: User! answer: String }

  type RetroActionItem {
    id: ID!
    retro_id: ID!
    retro_title: String!
    team: Team!
    group_id: ID
    text: String!
    owner: User
    due_on: String
    status: RetroActionStatus!
    done_at: DateTime
    created_at: DateTime!
  }

  "The discussion of DISCUSS: the current topic and its timer, kept by the server."
  type RetroDiscussion {
    group_id: ID
    started_at: DateTime
    "Seconds spent on the current topic so far, at the server's clock when this answer was made."
    elapsed_seconds: Int!
    topic_minutes: Int!
  }

  "While the retro runs: counted now. Once it ended: as recorded at the end (the team's size then)."
  type RetroParticipation { participants: Int! team_size: Int! reflections: Int! votes_cast: Int! }

  type Retro {
    id: ID!
    title: String!
    team: Team!
    sprint: ReviewSprint
    template_id: ID!
    template_name: String!
    prompts: [RetroPrompt!]!
    facilitator: User
    anonymous: Boolean!
    max_votes: Int!
    max_votes_per_group: Int!
    check_in_question: String
    "Null: no health check phase."
    health_statements: [String!]
    phase: RetroPhase!
    "The phases this retro goes through, in order (optional ones left out)."
    phases: [RetroPhase!]!
    scheduled_at: DateTime!
    reflect_deadline: DateTime
    vote_deadline: DateTime
    started_at: DateTime
    ended_at: DateTime
    "Grows with every change of the live state; keep the answer with the highest version."
    version: Int!
    viewer_is_facilitator: Boolean!
    "The facilitator, the team's manager or lead, or an admin: may move phases or take the role over."
    viewer_can_facilitate: Boolean!
    "Who has the meeting open now."
    presence: [User!]!
    writing: RetroWriting!
    reflections: [RetroReflection!]!
    "In DISCUSS and SUMMARY ordered by votes (most first), else by position."
    groups: [RetroGroup!]!
    my_votes_left: Int!
    check_ins: [RetroCheckIn!]!
    health: [RetroHealthResult!]!
    "Open or in-progress action items of the team's earlier retros (the REVIEW_ACTIONS phase)."
    previous_action_items: [RetroActionItem!]!
    action_items: [RetroActionItem!]!
    discussion: RetroDiscussion!
    participation: RetroParticipation!
    created_at: DateTime!
  }

  type RetroTemplate {
    id: ID!
    name: String!
    description: String!
    prompts: [RetroPrompt!]!
    built_in: Boolean!
    archived: Boolean!
    created_by: User
    updated_at: DateTime
    "Grows with every save (0 for built-ins): pass it back as base_version when saving."
    version: Int!
    "Not built in, and the viewer created it or is a manager or admin: may edit, archive and restore it."
    can_manage: Boolean!
  }

  type RetroHealthCheck {
    id: ID!
    name: String!
    statements: [String!]!
    built_in: Boolean!
    archived: Boolean!
    created_by: User
    updated_at: DateTime
    "Grows with every save (0 for built-ins): pass it back as base_version when saving."
    version: Int!
    "Not built in, and the viewer created it or is a manager or admin: may edit, archive and restore it."
    can_manage: Boolean!
  }

  type RetroAutomationRule {
    id: ID!
    team: Team!
    trigger: RetroAutomationTrigger!
    every_weeks: Int!
    anchor_at: DateTime
    template: RetroTemplate
    health_check: RetroHealthCheck
    facilitator: User
    anonymous: Boolean!
    max_votes: Int!
    max_votes_per_group: Int!
    reflect_hours: Int
    vote_hours: Int
    paused: Boolean!
    "When the next retro will be created, if known."
    next_run_at: DateTime
    "The retros this rule created, latest first (at most 10)."
    retros: [Retro!]!
  }

  type RetroBand { percent: Int! band: String! }
  type RetroTeamProgress {
    team: Team!
    retros_held: Int!
    last_retro_at: DateTime
    "Mean share of the team who took part, over the retros held."
    participation_percent: Int
    action_items_total: Int!
    action_items_done: Int!
    "Completion of action items, banded as everywhere: behind, almost, complete (null when there are none)."
    completion: RetroBand
  }
  type RetroSprintProgress {
    retro_id: ID!
    title: String!
    sprint_name: String
    held_at: DateTime!
    participants: Int!
    team_size: Int!
    action_items_total: Int!
    action_items_done: Int!
    completion: RetroBand
  }
  type RetroHealthPoint { retro_id: ID! held_at: DateTime! answers: Int! average: Float }
  type RetroHealthTrend { statement: String! points: [RetroHealthPoint!]! }
  type RetroTheme { term: String! retros: Int! mentions: Int! }
  type RetroTeamProgressDetail {
    summary: RetroTeamProgress!
    sprints: [RetroSprintProgress!]!
    health_trend: [RetroHealthTrend!]!
    themes: [RetroTheme!]!
  }

  input CreateRetroInput {
    team_id: ID!
    sprint_id: ID
    template_id: ID!
    title: String
    facilitator_id: ID
    anonymous: Boolean
    max_votes: Int
    max_votes_per_group: Int
    check_in_question: String
    health_check_id: ID
    scheduled_at: DateTime
    reflect_deadline: DateTime
    vote_deadline: DateTime
    topic_minutes: Int
  }
  "Changes allowed until the retro starts (facilitator_id and deadlines also later)."
  input RetroSettingsInput {
    title: String
    facilitator_id: ID
    anonymous: Boolean
    max_votes: Int
    max_votes_per_group: Int
    check_in_question: String
    health_check_id: ID
    scheduled_at: DateTime
    reflect_deadline: DateTime
    vote_deadline: DateTime
    topic_minutes: Int
  }
  input RetroPromptInput { id: ID title: String! description: String colour: String! }
  input RetroTemplateInput { name: String! description: String prompts: [RetroPromptInput!]! }
  input RetroHealthCheckInput { name: String! statements: [String!]! }
  input RetroActionItemInput { text: String owner_id: ID due_on: String status: RetroActionStatus group_id: ID }
  input RetroAutomationRuleInput {
    team_id: ID!
    trigger: RetroAutomationTrigger!
    every_weeks: Int
    anchor_at: DateTime
    template_id: ID!
    health_check_id: ID
    facilitator_id: ID
    anonymous: Boolean
    max_votes: Int
    max_votes_per_group: Int
    reflect_hours: Int
    vote_hours: Int
  }

  extend type Query {
    "Retros of the viewer's teams (managers: also teams they manage or lead; admins: all), optionally of one team and status."
    retros(team_id: ID, status: RetroListStatus): [Retro!]!
    retro(id: ID!): Retro
    "Teams the viewer may create retros for."
    retroTeams: [Team!]!
    retroTemplates(include_archived: Boolean): [RetroTemplate!]!
    retroTemplate(id: ID!): RetroTemplate
    retroHealthChecks(include_archived: Boolean): [RetroHealthCheck!]!
    "Action items the viewer owns (default: open and in progress)."
    myRetroActionItems(statuses: [RetroActionStatus!]): [RetroActionItem!]!
    "Retros of the viewer's teams not yet ended, soonest first (at most 10)."
    upcomingRetros: [Retro!]!
    retroTeamProgress: [RetroTeamProgress!]!
    retroTeamProgressDetail(team_id: ID!): RetroTeamProgressDetail!
    retroAutomationRules: [RetroAutomationRule!]!
  }

  extend type Mutation {
    createRetro(input: CreateRetroInput!): Retro!
    updateRetro(id: ID!, input: RetroSettingsInput!): Retro!
    "Only a retro that has not started."
    deleteRetro(id: ID!): Boolean!
    "Moves from 'from' (must be the current phase, or CONFLICT) to the next phase of this retro, or to SUMMARY to end it."
    setRetroPhase(id: ID!, from: RetroPhase!, to: RetroPhase!): Retro!
    "The facilitator hands over; the team's manager or lead or an admin takes over."
    setRetroFacilitator(id: ID!, user_id: ID!): Retro!
    answerRetroCheckIn(id: ID!, answer: String!): Retro!
    answerRetroHealth(id: ID!, index: Int!, score: Int!): Retro!
    addRetroReflection(retro_id: ID!, prompt_id: ID!, text: String!): RetroReflection!
    updateRetroReflection(id: ID!, text: String!): RetroReflection!
    deleteRetroReflection(id: ID!): Boolean!
    "GROUP: puts a reflection into a group, or into a new group of its own when group_id is null."
    moveRetroReflection(id: ID!, group_id: ID): Retro!
    renameRetroGroup(id: ID!, title: String!): RetroGroup!
    "GROUP: regroups the reflections by text similarity (computed on the server) with titles from their key words."
    suggestRetroGroups(retro_id: ID!): Retro!
    voteRetroGroup(group_id: ID!): Retro!
    unvoteRetroGroup(group_id: ID!): Retro!
    "DISCUSS: the topic discussed now (its timer starts; the previous topic's time is added to it)."
    setRetroTopic(retro_id: ID!, group_id: ID!): Retro!
    addRetroActionItem(retro_id: ID!, input: RetroActionItemInput!): RetroActionItem!
    "Text, owner and due date by the team until the retro ends, status by the team, the owner and managers any time."
    updateRetroActionItem(id: ID!, input: RetroActionItemInput!): RetroActionItem!
    deleteRetroActionItem(id: ID!): Boolean!

    createRetroTemplate(input: RetroTemplateInput!): RetroTemplate!
    "A base_version older than the template's version is CONFLICT: someone else saved meanwhile; nothing is saved."
    updateRetroTemplate(id: ID!, input: RetroTemplateInput!, base_version: Int!): RetroTemplate!
    copyRetroTemplate(id: ID!): RetroTemplate!
    archiveRetroTemplate(id: ID!): RetroTemplate!
    restoreRetroTemplate(id: ID!): RetroTemplate!
    createRetroHealthCheck(input: RetroHealthCheckInput!): RetroHealthCheck!
    "A stale base_version is CONFLICT; nothing is saved."
    updateRetroHealthCheck(id: ID!, input: RetroHealthCheckInput!, base_version: Int!): RetroHealthCheck!
    copyRetroHealthCheck(id: ID!): RetroHealthCheck!
    archiveRetroHealthCheck(id: ID!): RetroHealthCheck!
    restoreRetroHealthCheck(id: ID!): RetroHealthCheck!

    createRetroAutomationRule(input: RetroAutomationRuleInput!): RetroAutomationRule!
    updateRetroAutomationRule(id: ID!, input: RetroAutomationRuleInput!): RetroAutomationRule!
    pauseRetroAutomationRule(id: ID!): RetroAutomationRule!
    resumeRetroAutomationRule(id: ID!): RetroAutomationRule!
    deleteRetroAutomationRule(id: ID!): Boolean!
  }

  extend type Subscription {
    "The retro's whole state as this viewer may see it: at once on subscribe (late join, reconnect), then after every change. Subscribing marks the viewer present."
    retroChanged(id: ID!): Retro!
  }
`;
