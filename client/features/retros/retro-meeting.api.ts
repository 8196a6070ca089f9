/**
 * The live meeting's data: the retro query seeded by the route, the `retroChanged` subscription that
 * keeps it current, and the meeting mutations. Every answer that carries the whole retro goes
 * through `keepNewest`, so the cache always holds the highest `version` the client has seen and every
 * client converges on the server's order, whatever order the answers arrive in.
 */
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RetroActionStatus, RetroPhase } from '../../../shared/retros.js';
import { gql, gqlField, graphql } from '../../lib/graphql.js';
import { useLiveObject, type LiveStatus } from '../../lib/live-object.js';
import { ACTION_ITEM_FIELDS, COMMENT_FIELDS, RETRO_FIELDS, type Person, type Retro, type RetroActionItem, type RetroComment } from './retro.types.js';

export const retroKey = (id: string) => ['retro', id] as const;

/** The newer of two answers for the same retro (an equal version is the fresher read of the same state). */
export function newerRetro(old: Retro | null | undefined, next: Retro | null | undefined): Retro | null | undefined {
  if (!old || !next) return next;
  return next.version >= old.version ? next : old;
}

export const RETRO_MEETING = graphql(`query RetroMeeting($id: ID!) { retro(id: $id) { ${RETRO_FIELDS} } }`);

export const retroQueryOptions = (id: string) =>
  queryOptions({
    queryKey: retroKey(id),
    queryFn: async () => (await gql(RETRO_MEETING, { id })).retro,
    // A refetch that raced a newer subscription event must not take the screen back.
    structuralSharing: (old, next) => newerRetro(old as Retro | null | undefined, next as Retro | null | undefined),
  });

/** Applies a whole-retro answer (subscription event or mutation result) when it is newer than what the cache holds. */
export function applyRetro(queryClient: QueryClient, retro: Retro): void {
  queryClient.setQueryData<Retro | null>(retroKey(retro.id), (old) => (!old || retro.version > old.version ? retro : old));
}

/** Changes the cached retro in place (the answer of a mutation that returns one part of it); the next event replaces it. */
function patchRetro(queryClient: QueryClient, id: string, patch: (retro: Retro) => Retro): void {
  queryClient.setQueryData<Retro | null>(retroKey(id), (old) => (old ? patch(old) : old));
}

export type TeamPeople = { id: string; people: Person[]; managerIds: string[] };

export const RETRO_TEAM_PEOPLE = graphql(`query RetroTeamPeople($id: ID!) {
      retro(id: $id) { id team { id users { id full_name } manager { id full_name } team_lead { id full_name } } } }`);
/** Who may own an action item or facilitate: the team's members, manager and lead (by name). */
export const retroTeamPeopleQueryOptions = (retroId: string) =>
  queryOptions({
    queryKey: ['retro', retroId, 'people'],
    queryFn: async (): Promise<TeamPeople | null> => {
      const answer = await gql(RETRO_TEAM_PEOPLE, { id: retroId });
      const team = answer.retro?.team;
      if (!team) return null;
      const byId = new Map<string, Person>();
      for (const p of [...team.users, team.manager, team.team_lead]) if (p) byId.set(p.id, { id: p.id, full_name: p.full_name });
      const people = [...byId.values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
      return { id: team.id, people, managerIds: [team.manager?.id, team.team_lead?.id].filter((x): x is string => !!x) };
    },
  });

export const RETRO_CHANGED = graphql(`subscription RetroChanged($id: ID!) { retroChanged(id: $id) { ${RETRO_FIELDS} } }`);

/** 'live': events arrive; 'reconnecting': the socket dropped and is being reopened; 'lost': the client gave up. */
export type { LiveStatus };

/**
 * Subscribes to the retro while the screen is open (which also marks the viewer present). When the
 * socket drops it says so, and when it comes back the retro is read again (the subscription also
 * sends the whole state at once on subscribe). `retry` subscribes again after the client gave up.
 */
export function useRetroLive(id: string): { status: LiveStatus; retry: () => void } {
  return useLiveObject({ document: RETRO_CHANGED, field: 'retroChanged', id, queryKey: retroKey(id), apply: applyRetro, onComplete: 'lost' });
}

/** The meeting mutations that answer the whole retro, each a static document (the query-cost test reads them). */
export const RETRO_MUTATIONS = {
  setRetroPhase: graphql(
    `mutation SetRetroPhase($id: ID!, $from: RetroPhase!, $to: RetroPhase!) { setRetroPhase(id: $id, from: $from, to: $to) { ${RETRO_FIELDS} } }`,
  ),
  setRetroFacilitator: graphql(`mutation SetRetroFacilitator($id: ID!, $user_id: ID!) { setRetroFacilitator(id: $id, user_id: $user_id) { ${RETRO_FIELDS} } }`),
  answerRetroCheckIn: graphql(`mutation AnswerRetroCheckIn($id: ID!, $answer: String!) { answerRetroCheckIn(id: $id, answer: $answer) { ${RETRO_FIELDS} } }`),
  answerRetroHealth: graphql(
    `mutation AnswerRetroHealth($id: ID!, $index: Int!, $score: Int!) { answerRetroHealth(id: $id, index: $index, score: $score) { ${RETRO_FIELDS} } }`,
  ),
  moveRetroReflection: graphql(
    `mutation MoveRetroReflection($id: ID!, $group_id: ID) { moveRetroReflection(id: $id, group_id: $group_id) { ${RETRO_FIELDS} } }`,
  ),
  suggestRetroGroups: graphql(`mutation SuggestRetroGroups($retro_id: ID!) { suggestRetroGroups(retro_id: $retro_id) { ${RETRO_FIELDS} } }`),
  voteRetroGroup: graphql(`mutation VoteRetroGroup($group_id: ID!) { voteRetroGroup(group_id: $group_id) { ${RETRO_FIELDS} } }`),
  unvoteRetroGroup: graphql(`mutation UnvoteRetroGroup($group_id: ID!) { unvoteRetroGroup(group_id: $group_id) { ${RETRO_FIELDS} } }`),
  setRetroTopic: graphql(
    `mutation SetRetroTopic($retro_id: ID!, $group_id: ID!) { setRetroTopic(retro_id: $retro_id, group_id: $group_id) { ${RETRO_FIELDS} } }`,
  ),
};

/** The meeting's mutations. Those answering the whole retro apply it when newer; the others patch the part they answer. */
export function useMeetingApi(retroId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => meetingApi(queryClient, retroId), [queryClient, retroId]);
}

const REFLECTION = 'id prompt_id text group_id mine author { id full_name }';
const GROUP = 'id title reflection_ids votes my_votes discussed_seconds';
export const ADD_RETRO_REFLECTION = graphql(`mutation AddRetroReflection($retro_id: ID!, $prompt_id: ID!, $text: String!) {
          addRetroReflection(retro_id: $retro_id, prompt_id: $prompt_id, text: $text) { ${REFLECTION} } }`);
export const UPDATE_RETRO_REFLECTION = graphql(
  `mutation UpdateRetroReflection($id: ID!, $text: String!) { updateRetroReflection(id: $id, text: $text) { ${REFLECTION} } }`,
);
export const DELETE_RETRO_REFLECTION = graphql('mutation DeleteRetroReflection($id: ID!) { deleteRetroReflection(id: $id) }');
export const RENAME_RETRO_GROUP = graphql(`mutation RenameRetroGroup($id: ID!, $title: String!) { renameRetroGroup(id: $id, title: $title) { ${GROUP} } }`);
export const ADD_RETRO_COMMENT = graphql(
  `mutation AddRetroComment($group_id: ID!, $text: String!) { addRetroComment(group_id: $group_id, text: $text) { ${COMMENT_FIELDS} } }`,
);
export const UPDATE_RETRO_COMMENT = graphql(
  `mutation UpdateRetroComment($id: ID!, $text: String!) { updateRetroComment(id: $id, text: $text) { ${COMMENT_FIELDS} } }`,
);
export const DELETE_RETRO_COMMENT = graphql('mutation DeleteRetroComment($id: ID!) { deleteRetroComment(id: $id) }');
export const SET_RETRO_TYPING = graphql(
  'mutation SetRetroTyping($retro_id: ID!, $group_id: ID, $writing: Boolean!) { setRetroTyping(retro_id: $retro_id, group_id: $group_id, writing: $writing) }',
);
export const ADD_RETRO_ACTION_ITEM = graphql(
  `mutation AddRetroActionItem($retro_id: ID!, $input: RetroActionItemInput!) { addRetroActionItem(retro_id: $retro_id, input: $input) { ${ACTION_ITEM_FIELDS} } }`,
);
export const UPDATE_RETRO_ACTION_ITEM = graphql(
  `mutation UpdateRetroActionItem($id: ID!, $input: RetroActionItemInput!) { updateRetroActionItem(id: $id, input: $input) { ${ACTION_ITEM_FIELDS} } }`,
);
export const DELETE_RETRO_ACTION_ITEM = graphql('mutation DeleteRetroActionItem($id: ID!) { deleteRetroActionItem(id: $id) }');

function meetingApi(queryClient: QueryClient, retroId: string) {
  const retro = (answer: Retro) => {
    applyRetro(queryClient, answer);
    return answer;
  };
  const patch = (fn: (r: Retro) => Retro) => patchRetro(queryClient, retroId, fn);
  const patchComments = (groupId: string, fn: (list: RetroComment[]) => RetroComment[]) =>
    patch((r) => ({ ...r, groups: r.groups.map((g) => (g.id === groupId ? { ...g, comments: fn(g.comments) } : g)) }));
  const id = retroId;
  return {
    setPhase: async (from: RetroPhase, to: RetroPhase) => retro(await gqlField(RETRO_MUTATIONS.setRetroPhase, { id, from, to })),
    setFacilitator: async (userId: string) => retro(await gqlField(RETRO_MUTATIONS.setRetroFacilitator, { id, user_id: userId })),
    answerCheckIn: async (answer: string) => retro(await gqlField(RETRO_MUTATIONS.answerRetroCheckIn, { id, answer })),
    answerHealth: async (index: number, score: number) => retro(await gqlField(RETRO_MUTATIONS.answerRetroHealth, { id, index, score })),
    moveReflection: async (reflectionId: string, groupId: string | null) =>
      retro(await gqlField(RETRO_MUTATIONS.moveRetroReflection, { id: reflectionId, group_id: groupId })),
    suggestGroups: async () => retro(await gqlField(RETRO_MUTATIONS.suggestRetroGroups, { retro_id: id })),
    vote: async (groupId: string) => retro(await gqlField(RETRO_MUTATIONS.voteRetroGroup, { group_id: groupId })),
    unvote: async (groupId: string) => retro(await gqlField(RETRO_MUTATIONS.unvoteRetroGroup, { group_id: groupId })),
    setTopic: async (groupId: string) => retro(await gqlField(RETRO_MUTATIONS.setRetroTopic, { retro_id: id, group_id: groupId })),

    addReflection: async (promptId: string, text: string) => {
      const { addRetroReflection: added } = await gql(ADD_RETRO_REFLECTION, { retro_id: id, prompt_id: promptId, text });
      patch((r) => (r.reflections.some((x) => x.id === added.id) ? r : { ...r, reflections: [...r.reflections, added] }));
      return added;
    },
    updateReflection: async (reflectionId: string, text: string) => {
      const { updateRetroReflection: changed } = await gql(UPDATE_RETRO_REFLECTION, { id: reflectionId, text });
      patch((r) => ({ ...r, reflections: r.reflections.map((x) => (x.id === changed.id ? changed : x)) }));
      return changed;
    },
    deleteReflection: async (reflectionId: string) => {
      await gql(DELETE_RETRO_REFLECTION, { id: reflectionId });
      patch((r) => ({ ...r, reflections: r.reflections.filter((x) => x.id !== reflectionId) }));
    },
    renameGroup: async (groupId: string, title: string) => {
      const { renameRetroGroup: group } = await gql(RENAME_RETRO_GROUP, { id: groupId, title });
      patch((r) => ({ ...r, groups: r.groups.map((g) => (g.id === group.id ? { ...g, title: group.title } : g)) }));
      return group;
    },
    addComment: async (groupId: string, text: string) => {
      const { addRetroComment: added } = await gql(ADD_RETRO_COMMENT, { group_id: groupId, text });
      patchComments(added.group_id, (list) => (list.some((c) => c.id === added.id) ? list : [...list, added]));
      return added;
    },
    updateComment: async (commentId: string, text: string) => {
      const { updateRetroComment: changed } = await gql(UPDATE_RETRO_COMMENT, { id: commentId, text });
      patchComments(changed.group_id, (list) => list.map((c) => (c.id === changed.id ? changed : c)));
      return changed;
    },
    deleteComment: async (groupId: string, commentId: string) => {
      await gql(DELETE_RETRO_COMMENT, { id: commentId });
      patchComments(groupId, (list) => list.filter((c) => c.id !== commentId));
    },
    /** "I am writing" (or, false, "I stopped"): the caller throttles (useTypingSignal). */
    setTyping: async (writing: boolean, groupId: string | null = null) => {
      await gql(SET_RETRO_TYPING, { retro_id: id, group_id: groupId, writing });
    },
    addActionItem: async (input: ActionItemInput) => {
      const { addRetroActionItem: item } = await gql(ADD_RETRO_ACTION_ITEM, { retro_id: id, input });
      patch((r) => (r.action_items.some((a) => a.id === item.id) ? r : { ...r, action_items: [...r.action_items, item] }));
      return item;
    },
    updateActionItem: async (itemId: string, input: ActionItemInput) => {
      const { updateRetroActionItem: item } = await gql(UPDATE_RETRO_ACTION_ITEM, { id: itemId, input });
      const swap = (list: RetroActionItem[]) => list.map((a) => (a.id === item.id ? item : a));
      patch((r) => ({ ...r, action_items: swap(r.action_items), previous_action_items: swap(r.previous_action_items) }));
      void queryClient.invalidateQueries({ queryKey: ['retroActionItems'] });
      return item;
    },
    deleteActionItem: async (itemId: string) => {
      await gql(DELETE_RETRO_ACTION_ITEM, { id: itemId });
      patch((r) => ({ ...r, action_items: r.action_items.filter((a) => a.id !== itemId) }));
    },
  };
}

export type MeetingApi = ReturnType<typeof meetingApi>;
export type ActionItemInput = { text?: string; owner_id?: string | null; due_on?: string | null; status?: RetroActionStatus; group_id?: string | null };
