/** Review cycles, peer nominations, review requests and answers (docs/decisions/0016). */
export const reviewCyclesSchema = /* GraphQL */ `
  enum ReviewCycleStatus { DRAFT ACTIVE CLOSED RELEASED }
  enum PeerNominationStatus { PROPOSED APPROVED REJECTED }
  enum ReviewRequestStatus { PENDING DECLINED SUBMITTED }

  type ReviewCycle {
    id: ID!
    name: String!
    "360 or sprint."
    type: String!
    status: ReviewCycleStatus!
    template: ReviewTemplate
    template_name: String
    nomination_end: DateTime
    review_end: DateTime!
    results_release: DateTime
    perspectives: [ReviewPerspective!]!
    min_peers: Int!
    max_peers: Int!
    anonymity_threshold: Int!
    created_by: User
    created_at: DateTime!
    launched_at: DateTime
    closed_at: DateTime
    released_at: DateTime
    participant_count: Int!
    "Participants the viewer may see: all for whoever runs the cycle, otherwise the viewer's own and their reports'."
    participants: [ReviewParticipant!]!
    "Requests that count (not declined) and how many are submitted. Zero before launch."
    request_count: Int!
    submitted_count: Int!
    "The viewer runs this cycle (an admin, or the manager who created it)."
    can_manage: Boolean!
  }

  type ReviewParticipant {
    id: ID!
    cycle_id: ID!
    reviewee: User
    manager: User
    results_released_at: DateTime
    acknowledged_at: DateTime
    "Seen by the reviewee, their manager and whoever runs the cycle."
    nominations: [PeerNomination!]!
    "Who reviews this person, with status only (never answers). Managers and whoever runs the cycle."
    requests: [ReviewRequestSummary!]!
    "The viewer may approve or change peers and release results."
    can_manage: Boolean!
  }

  type PeerNomination {
    id: ID!
    reviewer: User
    nominated_by: User
    status: PeerNominationStatus!
    updated_at: DateTime!
  }

  type ReviewRequestSummary {
    id: ID!
    reviewer: User
    perspective: ReviewPerspective!
    status: ReviewRequestStatus!
    due_at: DateTime!
    submitted_at: DateTime
    decline_reason: String
  }

  type ReviewCycleQuestion {
    id: ID!
    section_position: Int!
    section_title: String!
    section_description: String
    position: Int!
    kind: ReviewQuestionKind!
    prompt: String!
    "The self-review wording: what a SELF request shows instead of the prompt (results keep the prompt)."
    self_prompt: String
    help_text: String
    options: [String!]!
    competency: String
    required: Boolean!
    private: Boolean!
  }

  type ReviewAnswer {
    question_id: ID!
    rating: Int
    text: String
    choices: [String!]
    updated_at: DateTime!
  }

  "A review someone must write: only the reviewer reads it."
  type ReviewRequest {
    id: ID!
    cycle_id: ID!
    cycle_name: String!
    cycle_type: String!
    cycle_status: ReviewCycleStatus!
    reviewee: User
    perspective: ReviewPerspective!
    status: ReviewRequestStatus!
    due_at: DateTime!
    submitted_at: DateTime
    decline_reason: String
    reopened_at: DateTime
    "The cycle's questions for this perspective, as they were at launch."
    questions: [ReviewCycleQuestion!]!
    "The reviewer's saved answers (draft or submitted)."
    answers: [ReviewAnswer!]!
  }

  input ReviewCycleInput {
    name: String!
    "360 or sprint."
    type: String!
    template_id: ID!
    "People, and/or every member of these teams; deactivated and deleted people are left out."
    participant_ids: [ID!]
    team_ids: [ID!]
    nomination_end: DateTime
    review_end: DateTime!
    results_release: DateTime
    "Default: all four."
    perspectives: [ReviewPerspective!]
    "Defaults 5 (the anonymity threshold) and 8."
    min_peers: Int
    max_peers: Int
    "Default 5, never below 3."
    anonymity_threshold: Int
  }

  input ReviewAnswerInput {
    question_id: ID!
    rating: Int
    text: String
    choices: [String!]
  }

  extend type Query {
    "Admins: every cycle. Others: the cycles they run, take part in or manage a participant of."
    reviewCycles(status: ReviewCycleStatus): [ReviewCycle!]!
    reviewCycle(id: ID!): ReviewCycle!
    "Colleagues of the reviewee to suggest as peers (same team, same manager)."
    peerSuggestions(participantId: ID!): [User!]!
    "My review requests, soonest due first: pending ones of active cycles, or all with includeDone."
    myReviewRequests(includeDone: Boolean = false): [ReviewRequest!]!
    reviewRequest(id: ID!): ReviewRequest!
  }

  extend type Mutation {
    "Admins, and managers for their reports and the teams they manage or lead. Creates a DRAFT."
    createReviewCycle(input: ReviewCycleInput!): ReviewCycle!
    "Replaces a draft's settings and people."
    updateReviewCycle(id: ID!, input: ReviewCycleInput!): ReviewCycle!
    "Creates every review request at once and notifies the reviewers."
    launchReviewCycle(id: ID!): ReviewCycle!
    closeReviewCycle(id: ID!): ReviewCycle!
    "The reviewee's manager, whoever runs the cycle, or an admin; after the cycle closed."
    releaseResults(participantId: ID!): ReviewParticipant!
    "The reviewee, once their results are released."
    acknowledgeResults(participantId: ID!): ReviewParticipant!
    "The reviewee proposes peers (between the cycle's min and max) while the cycle is a draft."
    nominatePeers(participantId: ID!, reviewerIds: [ID!]!): ReviewParticipant!
    "The manager approves every proposed peer."
    approveNominations(participantId: ID!): ReviewParticipant!
    "The manager sets the final peers: these are approved, everyone else rejected."
    changeNominations(participantId: ID!, reviewerIds: [ID!]!): ReviewParticipant!
    "The reviewer declines, with a reason the reviewee is told."
    declineReviewRequest(id: ID!, reason: String!): ReviewRequest!
    "Saves answers as a draft: per question, the last write wins; an empty answer clears it."
    saveReviewDraft(requestId: ID!, answers: [ReviewAnswerInput!]!): ReviewRequest!
    "Submits once (with any last answers); every required question must be answered."
    submitReviewRequest(id: ID!, answers: [ReviewAnswerInput!]): ReviewRequest!
    "Admins only: a submitted review becomes pending again, its answers kept as the draft."
    reopenReviewRequest(id: ID!): ReviewRequest!
  }
`;
