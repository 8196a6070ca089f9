import type { FastifyInstance } from 'fastify';
import { createOrganization } from '../org/org.repo.js';
import { createTeam } from '../teams/teams.repo.js';
import { addUser, signedIn, type GqlResult } from '../../test/helpers.js';

/**
 * Test support for notes (server tests drive the real app). Everyone in the world is signed in:
 * `caller.gql(query, variables)` runs as them.
 */

export type Caller = { id: string; email: string; name: string; token: string; gql: (query: string, variables?: Record<string, unknown>) => Promise<GqlResult<Record<string, any>>> };

async function person(app: FastifyInstance, orgId: string, input: Parameters<typeof addUser>[2] & { full_name: string; email: string }): Promise<Caller> {
  const u = await addUser(app, orgId, input);
  const s = await signedIn(app, u.email);
  return { id: u.id, email: u.email, name: input.full_name, token: s.token, gql: s.gql };
}

/**
 * "Acme": an author, the colleague their notes are about (a report of `manager`), the manager, an
 * admin, another member; "Globex" with its admin. `prefix` keeps emails unique when a file needs
 * two worlds.
 */
export async function notesWorld(app: FastifyInstance, prefix = '') {
  const { db } = app.services;
  const org = createOrganization(db, `${prefix}Acme`);
  const team = createTeam(db, org.id, { name: 'Core' });
  const admin = await person(app, org.id, { email: `${prefix}admin@acme.example`, full_name: 'Ada Admin', permission_level: 'ADMIN' });
  const manager = await person(app, org.id, { email: `${prefix}manager@acme.example`, full_name: 'Mona Manager', permission_level: 'MANAGER' });
  const author = await person(app, org.id, { email: `${prefix}author@acme.example`, full_name: 'Aria Author', team_id: team.id, manager_id: manager.id });
  const about = await person(app, org.id, { email: `${prefix}about@acme.example`, full_name: 'Bea About', team_id: team.id, manager_id: manager.id });
  const member = await person(app, org.id, { email: `${prefix}member@acme.example`, full_name: 'Max Member', team_id: team.id });
  const otherOrg = createOrganization(db, `${prefix}Globex`);
  const otherAdmin = await person(app, otherOrg.id, { email: `${prefix}admin@globex.example`, full_name: 'Gus Globex', permission_level: 'ADMIN' });
  return { org, team, admin, manager, author, about, member, otherOrg, otherAdmin };
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
