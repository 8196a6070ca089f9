/** Review templates: ordered sections of ordered questions (docs/decisions/0015). */
export const reviewTemplatesSchema = /* GraphQL */ `
  enum ReviewQuestionKind { RATING TEXT RATING_COMMENT SINGLE_CHOICE MULTIPLE_CHOICE COMPETENCY_RATING }
  enum ReviewPerspective { SELF MANAGER PEER DIRECT_REPORT }

  type ReviewQuestion {
    id: ID!
    position: Int!
    kind: ReviewQuestionKind!
    prompt: String!
    "How the reviewee reads the question in their own self review (only when SELF answers it)."
    self_prompt: String
    help_text: String
    "Choice kinds: the options. Rating kinds: the labels of points 1 to 5. Text: empty."
    options: [String!]!
    "The competency a COMPETENCY_RATING question rates."
    competency: String
    "COMPETENCY_RATING: the framework competency it rates, when chosen from the framework."
    competency_id: ID
    "The answer page shows the reviewee's goals of the review period under the question."
    show_goals: Boolean!
    "Who answers it (at least one)."
    perspectives: [ReviewPerspective!]!
    required: Boolean!
    "Answers are seen by managers and admins only."
    private: Boolean!
  }

  type ReviewTemplateSection {
    id: ID!
    position: Int!
    title: String!
    description: String
    questions: [ReviewQuestion!]!
  }

  type ReviewTemplate {
    id: ID!
    name: String!
    description: String
    "360, sprint or any."
    review_type: String!
    "Shipped with Teamlens: read-only, copy it to change it."
    built_in: Boolean!
    built_in_key: String
    archived_at: DateTime
    created_by: User
    created_at: DateTime!
    updated_at: DateTime!
    "Grows with every save: pass it back as base_version when saving."
    version: Int!
    section_count: Int!
    question_count: Int!
    sections: [ReviewTemplateSection!]!
    "The viewer may change the content (not built in, not archived, theirs or they are an admin)."
    can_edit: Boolean!
    "The viewer may archive or restore it."
    can_archive: Boolean!
  }

  input ReviewQuestionInput {
    "Keeps the id of an existing question of this template; new questions leave it out."
    id: ID
    kind: ReviewQuestionKind!
    prompt: String!
    "Optional self-review wording; refused unless SELF is among the perspectives."
    self_prompt: String
    help_text: String
    options: [String!]
    competency: String
    "COMPETENCY_RATING: a competency of the organization's framework (its name goes in competency)."
    competency_id: ID
    "Default false."
    show_goals: Boolean
    perspectives: [ReviewPerspective!]!
    "Default true."
    required: Boolean
    "Default false."
    private: Boolean
  }

  input ReviewTemplateSectionInput {
    id: ID
    title: String!
    description: String
    questions: [ReviewQuestionInput!]!
  }

  input ReviewTemplateInput {
    name: String!
    description: String
    "360, sprint or any."
    review_type: String!
    sections: [ReviewTemplateSectionInput!]!
  }

  extend type Query {
    "Admins and managers. Built-in templates first, then by name."
    reviewTemplates(includeArchived: Boolean = false): [ReviewTemplate!]!
    "Admins and managers."
    reviewTemplate(id: ID!): ReviewTemplate!
  }

  extend type Mutation {
    "Admins and managers."
    createReviewTemplate(input: ReviewTemplateInput!): ReviewTemplate!
    "Replaces details, sections and questions as a whole. Not for built-in or archived templates. A stale base_version is CONFLICT (someone else saved meanwhile); nothing is saved."
    updateReviewTemplate(id: ID!, input: ReviewTemplateInput!, base_version: Int!): ReviewTemplate!
    "A new template with the same content (built-in ones too)."
    copyReviewTemplate(id: ID!, name: String!): ReviewTemplate!
    archiveReviewTemplate(id: ID!): ReviewTemplate!
    restoreReviewTemplate(id: ID!): ReviewTemplate!
  }
`;
