/**
 * The retro API of working together live (docs/decisions/0059): each person's comments on the
 * topics of DISCUSS, who is writing now, and in VOTE who has voted. Extends the types of
 * retros.schema.ts.
 */
export const retrosCollabSchema = /* GraphQL */ `
  "A comment on a topic of DISCUSS. Each person writes their own; only the author edits or deletes it, while the discussion runs."
  type RetroComment {
    id: ID!
    group_id: ID!
    text: String!
    "True for the viewer's own comments (while the retro runs; false for everyone once it ended)."
    mine: Boolean!
    "Signed retros only; always null in anonymous retros."
    author: User
    "The topic's shared notes of before comments existed: written by nobody in particular."
    from_notes: Boolean!
    edited: Boolean!
  }

  extend type RetroGroup {
    "The topic's comments in the order they were written."
    comments: [RetroComment!]!
  }

  "Who is writing now: never any text; in anonymous retros only how many (people is empty)."
  type RetroTyping {
    "REFLECT: people writing a reflection; DISCUSS: people writing a comment on any topic. The viewer included."
    count: Int!
    "Signed retros only: who."
    people: [User!]!
    "DISCUSS: per topic."
    per_group: [RetroGroupTyping!]!
  }
  type RetroGroupTyping { group_id: ID! count: Int! people: [User!]! }

  "VOTE: who has voted, never on what. Counts for everyone; names only in signed retros."
  type RetroVoting {
    "People who have cast at least one vote."
    voted: Int!
    "People who have used all their votes."
    done: Int!
    "People here now who have not voted yet."
    waiting: Int!
    "Signed retros only: the people here and everyone who voted, with the votes each used and has left. Empty in anonymous retros."
    people: [RetroVoterStatus!]!
  }
  type RetroVoterStatus { user: User used: Int! left: Int! }

  extend type RetroParticipation {
    "Who took part, by name (participation is signed; it never says what anyone wrote)."
    people: [User!]!
  }

  extend type Retro {
    typing: RetroTyping!
    voting: RetroVoting!
  }

  extend type Mutation {
    "DISCUSS: a comment of the viewer's own under a topic."
    addRetroComment(group_id: ID!, text: String!): RetroComment!
    "DISCUSS, the author only."
    updateRetroComment(id: ID!, text: String!): RetroComment!
    "DISCUSS, the author only."
    deleteRetroComment(id: ID!): Boolean!
    "REFLECT or DISCUSS (group_id: the topic): the viewer is writing (send at most every 2 seconds while typing; forgotten 6 seconds after the last), or stopped (writing false). False when the retro is not in a phase where people write."
    setRetroTyping(retro_id: ID!, group_id: ID, writing: Boolean!): Boolean!
  }
`;
