import type { Caller } from './retros.test-support.js';

/** Documents and helpers of the board (reflections, groups, votes) for the retros tests. */

export const BOARD_FIELDS = `
  id phase version anonymous max_votes max_votes_per_group ended_at
  writing { people reflections per_prompt { prompt_id count } }
  reflections { id prompt_id text group_id mine author { id full_name email } }
  groups { id title reflection_ids votes my_votes comments { id text mine author { id full_name } from_notes } discussed_seconds } my_votes_left
`;
export const BOARD = `query($id: ID!) { retro(id: $id) { ${BOARD_FIELDS} } }`;
export const ADD = `mutation($r: ID!, $p: ID!, $t: String!) { addRetroReflection(retro_id: $r, prompt_id: $p, text: $t) { id prompt_id text group_id mine author { id } } }`;
export const UPDATE = `mutation($id: ID!, $t: String!) { updateRetroReflection(id: $id, text: $t) { id text mine } }`;
export const DELETE = `mutation($id: ID!) { deleteRetroReflection(id: $id) }`;
export const MOVE = `mutation($id: ID!, $g: ID) { moveRetroReflection(id: $id, group_id: $g) { ${BOARD_FIELDS} } }`;
export const RENAME = `mutation($id: ID!, $t: String!) { renameRetroGroup(id: $id, title: $t) { id title reflection_ids votes my_votes } }`;
export const SUGGEST = `mutation($id: ID!) { suggestRetroGroups(retro_id: $id) { ${BOARD_FIELDS} } }`;
export const VOTE = `mutation($g: ID!) { voteRetroGroup(group_id: $g) { id my_votes_left groups { id my_votes votes } } }`;
export const UNVOTE = `mutation($g: ID!) { unvoteRetroGroup(group_id: $g) { id my_votes_left groups { id my_votes votes } } }`;

export async function board(caller: Pick<Caller, 'gql'>, retroId: string): Promise<Record<string, any>> {
  const r = await caller.gql(BOARD, { id: retroId });
  if (r.errors?.length || !r.data?.retro) throw new Error(`retro failed: ${JSON.stringify(r.errors)}`);
  return r.data.retro as Record<string, any>;
}

export async function reflect(caller: Pick<Caller, 'gql'>, retroId: string, promptId: string, text: string): Promise<string> {
  const r = await caller.gql(ADD, { r: retroId, p: promptId, t: text });
  if (r.errors?.length || !r.data) throw new Error(`addRetroReflection failed: ${JSON.stringify(r.errors)}`);
  return r.data.addRetroReflection.id as string;
}

export async function vote(caller: Pick<Caller, 'gql'>, groupId: string): Promise<Record<string, any>> {
  const r = await caller.gql(VOTE, { g: groupId });
  if (r.errors?.length || !r.data) throw new Error(`voteRetroGroup failed: ${JSON.stringify(r.errors)}`);
  return r.data.voteRetroGroup as Record<string, any>;
}
