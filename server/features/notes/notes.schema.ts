/**
 * The notes API (docs/decisions/0048). A note is readable by its author and, once shared, by the
 * person it is about; by nobody else, admins included, through any path. A note the viewer may not
 * read answers NOT_FOUND (never FORBIDDEN: its existence is not told either).
 */
export const notesSchema = /* GraphQL */ `
  type NoteAgendaItem {
    id: ID!
    text: String!
    done: Boolean!
    done_at: DateTime
    done_by: User
    created_by: User
    created_at: DateTime!
  }

  type Note {
    id: ID!
    author: User!
    title: String!
    "Markdown as written; the screens render it sanitized."
    body: String!
    tags: [String!]!
    "The author's pin (false for a note shared with the viewer)."
    pinned: Boolean!
    "A 1:1 note: the colleague it is about."
    about: User
    shared: Boolean!
    shared_at: DateTime
    "The viewer wrote it (else it was shared with them)."
    mine: Boolean!
    next_one_on_one: String
    agenda: [NoteAgendaItem!]!
    "Grows with every save of the title, body or tags: pass it back as base_version."
    version: Int!
    created_at: DateTime!
    updated_at: DateTime!
  }

  "A note in a list: with a search, the matching parts of the title and body between U+0002 and U+0003."
  type NoteListItem {
    note: Note!
    title_match: String
    snippet: String
  }

  type NotePage { items: [NoteListItem!]! total: Int! next_cursor: String }
  type NoteTagCount { tag: String! count: Int! }
  type OneOnOne { note: Note! with: User! date: String! }
  type NotesOverview { pinned: [Note!]! recent: [Note!]! next_one_on_ones: [OneOnOne!]! }

  input NoteFilter {
    "Full-text search over titles and bodies (ranked); operators are taken as plain words."
    query: String
    tag: String
    about_user_id: ID
    pinned: Boolean
    "Only notes shared with me (true), only mine (false), or both (null)."
    shared_with_me: Boolean
    first: Int
    after: String
  }

  input NoteInput { title: String body: String tags: [String!] about_user_id: ID next_one_on_one: String }

  extend type Query {
    "My notes and the notes shared with me: pinned first, then the latest change; ranked when searching."
    notes(filter: NoteFilter): NotePage!
    note(id: ID!): Note!
    noteTags: [NoteTagCount!]!
    notesOverview: NotesOverview!
  }

  extend type Mutation {
    createNote(input: NoteInput!): Note!
    "Title, body, tags and the person it is about: the author only. A stale base_version is CONFLICT and saves nothing."
    updateNote(id: ID!, input: NoteInput!, base_version: Int!): Note!
    deleteNote(id: ID!): Boolean!
    pinNote(id: ID!, pinned: Boolean!): Note!
    "Share a 1:1 note with the person it is about, or stop sharing it."
    shareNote(id: ID!, shared: Boolean!): Note!
    "The author or, once shared, the person it is about."
    setNoteNextOneOnOne(id: ID!, date: String): Note!
    addNoteAgendaItem(note_id: ID!, text: String!): Note!
    updateNoteAgendaItem(id: ID!, text: String, done: Boolean): Note!
    deleteNoteAgendaItem(id: ID!): Note!
  }

  extend type Subscription {
    "The note each time it changes (its author's saves, talking points, the 1:1 date), for its readers."
    noteChanged(id: ID!): Note!
  }
`;
