import type { FastifyInstance } from 'fastify';
import type { GqlResult } from '../../test/helpers.js';
import { createWorld, signInAs, type WorldCaller, type WorldPerson } from '../../test/world.js';

/**
 * Test support for notes (server tests drive the real app). Everyone in the world is signed in:
 * `caller.gql(query, variables)` runs as them.
 */

export type Caller = WorldCaller;

/**
 * The test world (server/test/world.ts) as the notes tests call on it. "Acme": an author (the
 * world's report) and the colleague their notes are about (the world's peer), both in Core under
 * `manager`; an admin; a member of no team; "Globex" with its admin. `prefix` keeps emails unique
 * when a file needs two worlds.
 */
export async function notesWorld(app: FastifyInstance, prefix = '') {
  const { acme, globex } = await createWorld(app, { prefix });
  const as = (p: WorldPerson) => signInAs(app, p);
  return {
    org: acme.org,
    team: acme.team,
    admin: await as(acme.admin),
    manager: await as(acme.manager),
    author: await as(acme.report),
    about: await as(acme.peer),
    member: await as(acme.member),
    otherOrg: globex.org,
    otherAdmin: await as(globex.admin),
  };
}
export type NotesWorld = Awaited<ReturnType<typeof notesWorld>>;

const PERSON = 'id full_name';
export const NOTE = `id author { ${PERSON} } title body tags pinned about { ${PERSON} } shared shared_at mine next_one_on_one
  agenda { id text done done_at done_by { ${PERSON} } created_by { ${PERSON} } created_at version } version created_at updated_at`;

export const CREATE = `mutation($input: NoteInput!) { createNote(input: $input) { ${NOTE} } }`;
export const UPDATE = `mutation($id: ID!, $input: NoteInput!, $v: Int!) { updateNote(id: $id, input: $input, base_version: $v) { ${NOTE} } }`;
export const GET = `query($id: ID!) { note(id: $id) { ${NOTE} } }`;
export const LIST = `query($filter: NoteFilter) { notes(filter: $filter) { items { note { id title body pinned mine } title_match snippet } total next_cursor } }`;
export const SHARE = `mutation($id: ID!, $shared: Boolean!) { shareNote(id: $id, shared: $shared) { ${NOTE} } }`;
export const PIN = `mutation($id: ID!, $pinned: Boolean!) { pinNote(id: $id, pinned: $pinned) { id pinned } }`;
export const ADD_POINT = `mutation($id: ID!, $text: String!) { addNoteAgendaItem(note_id: $id, text: $text) { ${NOTE} } }`;
export const EDIT_POINT = `mutation($id: ID!, $text: String, $v: Int) { updateNoteAgendaItem(id: $id, text: $text, base_version: $v) { ${NOTE} } }`;
export const TAGS = '{ noteTags { tag count } }';
export const OVERVIEW = `{ notesOverview { pinned { id title } recent { id title } next_one_on_ones { note { id title } with { ${PERSON} } date } } }`;
export const NOTIFICATIONS = '{ notifications(limit: 100) { kind title body link } }';

export function must<T = any>(r: GqlResult<Record<string, any>>, key: string): T {
  if (r.errors?.length || !r.data) throw new Error(`${key} failed: ${JSON.stringify(r.errors)}`);
  return r.data[key] as T;
}

/** Creates a note as `caller` and returns it. */
export async function newNote(caller: Caller, input: Record<string, unknown>): Promise<any> {
  return must(await caller.gql(CREATE, { input }), 'createNote');
}

/** GET /api/notes/export as `caller` (null token: anonymous). */
export function exportNotes(app: FastifyInstance, token: string | null) {
  return app.inject({ method: 'GET', url: '/api/notes/export', headers: token ? { authorization: `Bearer ${token}` } : {} });
}
