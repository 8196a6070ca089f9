import { ASSISTANT_LIMITS, ASSISTANT_SOURCES } from '../../../shared/assistant.js';

/**
 * The assistant's GraphQL (docs/decisions/0066): its settings, the endpoint test, the asker's own
 * history, and what it may read now. Questions are asked on POST /api/assistant/ask (server-sent
 * events); the history gives back the same answer shape, its passages read and checked again.
 */
export const assistantSchema = /* GraphQL */ `
  enum AssistantSource { ${ASSISTANT_SOURCES.join(' ')} }

  "What the assistant may read for the viewer now: its sources (set by an admin, areas switched on) and whether a model writes answers."
  type AssistantStatus { sources: [AssistantSource!]! model: Boolean! }

  type AssistantSettings {
    sources: [AssistantSource!]!
    "Conversations untouched this many days are deleted."
    retention_days: Int!
    "Null: no model; answers are the sources themselves."
    endpoint_url: String
    endpoint_model: String
    "The last characters of the stored key, never the key."
    key_hint: String
    first_token_seconds: Int!
    total_seconds: Int!
    updated_at: DateTime
  }
  input AssistantSettingsInput {
    sources: [AssistantSource!]!
    retention_days: Int!
    endpoint_url: String
    endpoint_model: String
    "Absent: keep the stored key (unless the address changed); empty: remove it."
    api_key: String
    first_token_seconds: Int!
    total_seconds: Int!
  }
  type AssistantEndpointTest { ok: Boolean! message: String! models: [String!]! }

  type AssistantPassage { n: Int! kind: String! text: String! at: DateTime! author: String label: String! tone: String }
  type AssistantSourceGroup { key: String! source: AssistantSource! title: String! link: String! passages: [AssistantPassage!]! }
  type AssistantModelSentence { text: String! cites: [Int!]! }
  type AssistantScope { sources: [AssistantSource!] person_id: ID team_id: ID since: String until: String note_id: ID review_request_id: ID }
  type AssistantMessage {
    id: ID!
    question: String!
    scope: AssistantScope!
    created_at: DateTime!
    "ANSWERED or NOT_ENOUGH when asked."
    status: String!
    "The passages it showed, read again now: only what the viewer may still read."
    groups: [AssistantSourceGroup!]!
    "Passages it showed that are gone or no longer readable."
    missing: Int!
    "The model's sentences that cite a passage still shown."
    model_sentences: [AssistantModelSentence!]!
    model_host: String
  }
  type AssistantConversation { id: ID! title: String! created_at: DateTime! updated_at: DateTime! messages: [AssistantMessage!]! }
  type AssistantConversationPage { items: [AssistantConversation!]! next_cursor: String }

  extend type Query {
    assistantStatus: AssistantStatus!
    "Admin: what the assistant may read, the optional model endpoint and the retention."
    assistantSettings: AssistantSettings!
    "The viewer's own conversations, latest first (first: default 20, at most ${ASSISTANT_LIMITS.historyPageMax})."
    assistantConversations(first: Int, after: String): AssistantConversationPage!
    assistantConversation(id: ID!): AssistantConversation!
  }
  extend type Mutation {
    updateAssistantSettings(input: AssistantSettingsInput!): AssistantSettings!
    "Admin: asks the endpoint for its models (GET /v1/models); the key typed, or the stored one for the stored address."
    testAssistantEndpoint(base_url: String!, api_key: String): AssistantEndpointTest!
    deleteAssistantConversation(id: ID!): Boolean!
  }
`;
