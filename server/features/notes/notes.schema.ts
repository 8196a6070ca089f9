/**
 * The notes API (docs/decisions/0048, 0056). A note is readable by its author and, once shared, by
 * the person it is about; by nobody else, admins included, through any path. A note the viewer may
 * not read answers NOT_FOUND (never FORBIDDEN: its existence is not told either). A shared 1:1 note
 * is answered to each of the two as they see it: the shared parts, and their own private part.
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
    "Grows with every change of its text: pass it back as base_version when editing the text."
    version: Int!
  }

  type Note {
    id: ID!
    author: User!
    "Shared: both people of a shared 1:1 read it; only the author edits it."
    title: String!
    """
    The viewer's OWN private notes, Markdown as written (the screens render it sanitized): the
    author's text for the author; for the person a shared 1:1 note is about, their own private notes
    on it (empty until they write). Never the other person's.
    """
    body: String!
    "The author's own tags (empty for the person a note is shared with)."
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
    """
    The version of what the viewer saves, to pass back as base_version: the author's (grows with
    every save of the title, body or tags), or the shared person's private notes (0 until they write).
    """
    version: Int!
    created_at: DateTime!
    "The last change the viewer sees: a shared part or their own private part (never the other person's)."
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
    "Full-text search over titles and the viewer's own private notes (ranked); operators are taken as plain words."
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
    """
    The author: title, body, tags and the person it is about. The person a shared 1:1 note is about:
    body only (their own private notes; anything else is FORBIDDEN). A stale base_version is CONFLICT
    and saves nothing.
    """
    updateNote(id: ID!, input: NoteInput!, base_version: Int!): Note!
    deleteNote(id: ID!): Boolean!
    pinNote(id: ID!, pinned: Boolean!): Note!
    "Share a 1:1 note with the person it is about, or stop sharing it."
    shareNote(id: ID!, shared: Boolean!): Note!
    "The author or, once shared, the person it is about."
    setNoteNextOneOnOne(id: ID!, date: String): Note!
    addNoteAgendaItem(note_id: ID!, text: String!): Note!
    "A new text needs the talking point's version it is based on: a stale one is CONFLICT and saves nothing."
    updateNoteAgendaItem(id: ID!, text: String, done: Boolean, base_version: Int): Note!
    deleteNoteAgendaItem(id: ID!): Note!
  }

  extend type Subscription {
    "The note, as the viewer sees it, each time a part they see changes (shared parts, their own private part)."
    noteChanged(id: ID!): Note!
  }
`;
