/**
 * The continuous-feedback API (docs/decisions/0048). This file is the contract between the server
 * parts (giving and reading, tags, requests, templates, team progress, automation) and the screens.
 * Dates of a day are 'YYYY-MM-DD' strings; instants are DateTime. A feedback item the viewer may not
 * read is never returned (lists leave it out, feedbackItem answers NOT_FOUND).
 */
export const feedbackSchema = /* GraphQL */ `
  enum FeedbackVisibility { PRIVATE MANAGER PUBLIC REQUESTER }
  enum FeedbackReaction { CLAP HEART PARTY ROCKET THANKS }
  enum FeedbackTagKind { VALUE COMPETENCY }
  enum FeedbackAskStatus { PENDING ANSWERED DECLINED CANCELLED }
  enum FeedbackBox { RECEIVED GIVEN }
  enum FeedbackAutomationTrigger { SPRINT_END MONTHLY START_DATE }
  enum FeedbackResponders { TEAMMATES MANAGER BOTH }

  type FeedbackTag { id: ID! name: String! kind: FeedbackTagKind! description: String! archived: Boolean! uses: Int! }

  type FeedbackAnswer { question: String! answer: String! }
  type FeedbackReactionCount { reaction: FeedbackReaction! count: Int! "The viewer reacted so." mine: Boolean! }

  type Feedback {
    id: ID!
    "Null when the giver's account was removed."
    giver: User
    recipient: User!
    body: String!
    visibility: FeedbackVisibility!
    tags: [FeedbackTag!]!
    "Answers to a request's questions (visibility REQUESTER)."
    answers: [FeedbackAnswer!]
    request_id: ID
    "Public praise only."
    reactions: [FeedbackReactionCount!]!
    slack_shared: Boolean!
    "The giver, within the first 24 hours: may delete it."
    can_delete: Boolean!
    created_at: DateTime!
  }

  type FeedbackPage { items: [Feedback!]! total: Int! "Pass as after for the next page; null on the last one." next_cursor: String }

  input FeedbackFilter {
    box: FeedbackBox!
    "The other person: the giver (RECEIVED) or the recipient (GIVEN)."
    person_id: ID
    tag_id: ID
    from: String
    to: String
    first: Int
    after: String
  }

  type FeedbackTemplate {
    id: ID!
    name: String!
    description: String!
    questions: [String!]!
    built_in: Boolean!
    archived: Boolean!
    created_by: User
    updated_at: DateTime
    "Grows with every save (0 for built-ins): pass it back as base_version when saving."
    version: Int!
    "Not built in, and the viewer created it, manages its creator or is an admin."
    can_manage: Boolean!
  }

  "One person asked in a request."
  type FeedbackAsk {
    id: ID!
    request_id: ID!
    responder: User!
    status: FeedbackAskStatus!
    decline_reason: String
    answered_at: DateTime
    created_at: DateTime!
  }

  type FeedbackRequest {
    id: ID!
    requester: User
    subject: User!
    template_name: String
    questions: [String!]!
    message: String!
    due_on: String
    "The requester asked about one of their reports (not about themself)."
    about_report: Boolean!
    shared_at: DateTime
    cancelled_at: DateTime
    "Created by an automation rule."
    automated: Boolean!
    asks: [FeedbackAsk!]!
    "The answers the viewer may read (the requester: all; the subject: once shared or when they asked)."
    answers: [Feedback!]!
    answered: Int!
    asked: Int!
    created_at: DateTime!
  }

  "A request waiting for the viewer's answer (the pending page and widget)."
  type PendingFeedbackAsk {
    id: ID!
    status: FeedbackAskStatus!
    request: FeedbackRequest!
    created_at: DateTime!
  }

  type FeedbackBand { percent: Int! band: String! }
  type FeedbackPersonProgress {
    user: User!
    given: Int!
    received: Int!
    "Asks of this person in the period, and how many they answered."
    asked: Int!
    answered: Int!
    "Null when nobody asked them."
    completion: FeedbackBand
    last_received_at: DateTime
    "No feedback received in the last 60 days."
    quiet: Boolean!
  }
  type FeedbackTeamProgress {
    "Null: people in no team."
    team: Team
    people: [FeedbackPersonProgress!]!
    given: Int!
    received: Int!
    asked: Int!
    answered: Int!
    completion: FeedbackBand
    quiet: Int!
  }

  type FeedbackAutomationRule {
    id: ID!
    "Null: the whole organization."
    team: Team
    trigger: FeedbackAutomationTrigger!
    days_after_start: Int
    template: FeedbackTemplate
    responders: FeedbackResponders!
    responder_count: Int!
    paused: Boolean!
    last_run_at: DateTime
    next_run_at: DateTime
    "Requests this rule created (all periods)."
    requests_created: Int!
  }

  input GiveFeedbackInput { recipient_id: ID! body: String! visibility: FeedbackVisibility! tag_ids: [ID!] share_to_slack: Boolean }
  input FeedbackTagInput { name: String! kind: FeedbackTagKind! description: String }
  input FeedbackTemplateInput { name: String! description: String questions: [String!]! }
  input RequestFeedbackInput { subject_id: ID responder_ids: [ID!]! template_id: ID questions: [String!] message: String due_on: String }
  input FeedbackAutomationRuleInput {
    team_id: ID
    trigger: FeedbackAutomationTrigger!
    days_after_start: Int
    template_id: ID!
    responders: FeedbackResponders
    responder_count: Int
  }

  extend type Query {
    "My received or given feedback, newest first, with filters."
    myFeedback(filter: FeedbackFilter!): FeedbackPage!
    "Public praise of the organization, newest first."
    praiseWall(first: Int, after: String): FeedbackPage!
    feedbackItem(id: ID!): Feedback!
    "Feedback about a person in a period that the viewer may read (beside a review being written)."
    feedbackAbout(user_id: ID!, from: String, to: String): [Feedback!]!
    feedbackTags(include_archived: Boolean): [FeedbackTag!]!
    feedbackTemplates(include_archived: Boolean): [FeedbackTemplate!]!
    "Requests the viewer was asked to answer (PENDING first, then the last 90 days' answered and declined)."
    pendingFeedbackRequests(include_done: Boolean): [PendingFeedbackAsk!]!
    "Requests the viewer made (about themself or their reports), newest first."
    sentFeedbackRequests: [FeedbackRequest!]!
    "Managers: their teams and reports; admins: everyone. Period defaults to the last 90 days."
    feedbackTeamProgress(from: String, to: String, team_id: ID): [FeedbackTeamProgress!]!
    feedbackAutomationRules: [FeedbackAutomationRule!]!
  }

  "A change of the praise wall: the praise as the wall shows it to the viewer, or null once it is not on the wall (deleted)."
  type PraiseWallChange { id: ID! feedback: Feedback }

  extend type Subscription {
    "Each change of the organization's praise wall (praise given or deleted, a reaction added or taken back), as the praise wall shows it to the viewer."
    praiseWallChanged: PraiseWallChange!
  }

  extend type Mutation {
    giveFeedback(input: GiveFeedbackInput!): Feedback!
    deleteFeedback(id: ID!): Boolean!
    "Adds the reaction, or takes it back when the viewer already reacted so (public praise only)."
    toggleFeedbackReaction(id: ID!, reaction: FeedbackReaction!): Feedback!
    createFeedbackTag(input: FeedbackTagInput!): FeedbackTag!
    updateFeedbackTag(id: ID!, input: FeedbackTagInput!): FeedbackTag!
    archiveFeedbackTag(id: ID!): FeedbackTag!
    restoreFeedbackTag(id: ID!): FeedbackTag!
    createFeedbackTemplate(input: FeedbackTemplateInput!): FeedbackTemplate!
    copyFeedbackTemplate(id: ID!): FeedbackTemplate!
    "A stale base_version is CONFLICT (someone else saved meanwhile); nothing is saved."
    updateFeedbackTemplate(id: ID!, input: FeedbackTemplateInput!, base_version: Int!): FeedbackTemplate!
    archiveFeedbackTemplate(id: ID!): FeedbackTemplate!
    restoreFeedbackTemplate(id: ID!): FeedbackTemplate!
    requestFeedback(input: RequestFeedbackInput!): FeedbackRequest!
    cancelFeedbackRequest(id: ID!): FeedbackRequest!
    "A manager shares the answers about a report with the report."
    shareFeedbackRequest(id: ID!): FeedbackRequest!
    "Answers once: a second answer is CONFLICT and changes nothing."
    answerFeedbackRequest(ask_id: ID!, answers: [String!]!): PendingFeedbackAsk!
    declineFeedbackRequest(ask_id: ID!, reason: String!): PendingFeedbackAsk!
    createFeedbackAutomationRule(input: FeedbackAutomationRuleInput!): FeedbackAutomationRule!
    updateFeedbackAutomationRule(id: ID!, input: FeedbackAutomationRuleInput!): FeedbackAutomationRule!
    pauseFeedbackAutomationRule(id: ID!): FeedbackAutomationRule!
    resumeFeedbackAutomationRule(id: ID!): FeedbackAutomationRule!
    deleteFeedbackAutomationRule(id: ID!): Boolean!
  }
`;
