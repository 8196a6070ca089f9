import type { RetroActionStatus, RetroPhase, RetroPrompt } from '../../../shared/retros.js';

/**
 * The retro as the screens read it: one fragment (RETRO_FIELDS) for the query, the subscription
 * and every meeting mutation, so the cache always holds the same shape (keep the highest version).
 */
export type Person = { id: string; full_name: string; profile_picture?: string | null };
export type RetroReflection = { id: string; prompt_id: string; text: string | null; group_id: string | null; mine: boolean; author: Person | null };
/** A comment on a topic of DISCUSS (docs/decisions/0059): each person's own; `author` only in signed retros. */
export type RetroComment = { id: string; group_id: string; text: string; mine: boolean; author: Person | null; from_notes: boolean; edited: boolean };
export type RetroGroup = { id: string; title: string; reflection_ids: string[]; votes: number | null; my_votes: number; comments: RetroComment[]; discussed_seconds: number };
/** Who is writing now: never text; `people` empty in anonymous retros. */
export type RetroTyping = { count: number; people: Person[]; per_group: Array<{ group_id: string; count: number; people: Person[] }> };
/** VOTE: who has voted (never on what); `people` only in signed retros. */
export type RetroVoting = { voted: number; done: number; waiting: number; people: Array<{ user: Person | null; used: number; left: number }> };
export type RetroActionItem = {
  id: string; retro_id: string; retro_title: string; team: { id: string; name: string }; group_id: string | null; text: string; owner: Person | null;
  due_on: string | null; status: RetroActionStatus; done_at: string | null; created_at: string;
};
export type RetroHealthResult = { index: number; statement: string; answers: number; average: number | null; distribution: number[] | null; my_score: number | null };
export type Retro = {
  id: string; title: string; team: { id: string; name: string }; sprint: { id: string; name: string; ends_on: string } | null;
  template_id: string; template_name: string; prompts: RetroPrompt[]; facilitator: Person | null; anonymous: boolean;
  max_votes: number; max_votes_per_group: number; check_in_question: string | null; health_statements: string[] | null;
  phase: RetroPhase; phases: RetroPhase[]; scheduled_at: string; reflect_deadline: string | null; vote_deadline: string | null;
  started_at: string | null; ended_at: string | null; version: number; viewer_is_facilitator: boolean; viewer_can_facilitate: boolean;
  presence: Person[]; writing: { people: number; reflections: number; per_prompt: Array<{ prompt_id: string; count: number }> };
  reflections: RetroReflection[]; groups: RetroGroup[]; my_votes_left: number; check_ins: Array<{ user: Person; answer: string | null }>;
  health: RetroHealthResult[]; previous_action_items: RetroActionItem[]; action_items: RetroActionItem[];
  discussion: { group_id: string | null; started_at: string | null; elapsed_seconds: number; topic_minutes: number };
  participation: { participants: number; team_size: number; reflections: number; votes_cast: number; people: Person[] };
  typing: RetroTyping; voting: RetroVoting;
  created_at: string;
};

const PERSON = 'id full_name';
export const COMMENT_FIELDS = `id group_id text mine author { ${PERSON} } from_notes edited`;
export const ACTION_ITEM_FIELDS = `id retro_id retro_title team { id name } group_id text owner { ${PERSON} } due_on status done_at created_at`;

export const RETRO_FIELDS = `
  id title team { id name } sprint { id name ends_on } template_id template_name prompts { id title description colour }
  facilitator { ${PERSON} } anonymous max_votes max_votes_per_group check_in_question health_statements
  phase phases scheduled_at reflect_deadline vote_deadline started_at ended_at version viewer_is_facilitator viewer_can_facilitate
  presence { ${PERSON} } writing { people reflections per_prompt { prompt_id count } }
  reflections { id prompt_id text group_id mine author { ${PERSON} } }
  groups { id title reflection_ids votes my_votes comments { ${COMMENT_FIELDS} } discussed_seconds } my_votes_left
  check_ins { user { ${PERSON} } answer }
  health { index statement answers average distribution my_score }
  previous_action_items { ${ACTION_ITEM_FIELDS} } action_items { ${ACTION_ITEM_FIELDS} }
  discussion { group_id started_at elapsed_seconds topic_minutes }
  participation { participants team_size reflections votes_cast people { ${PERSON} } }
  typing { count people { ${PERSON} } per_group { group_id count people { ${PERSON} } } }
  voting { voted done waiting people { user { ${PERSON} } used left } }
  created_at
`;

/** The lighter shape of lists and widgets. */
export type RetroListItem = Pick<Retro, 'id' | 'title' | 'team' | 'sprint' | 'template_name' | 'facilitator' | 'anonymous' | 'phase' | 'scheduled_at' | 'reflect_deadline' | 'vote_deadline' | 'started_at' | 'ended_at'> & {
  participation: Omit<Retro['participation'], 'people'>;
};
export const RETRO_LIST_FIELDS = `id title team { id name } sprint { id name ends_on } template_name facilitator { ${PERSON} } anonymous phase scheduled_at reflect_deadline vote_deadline started_at ended_at participation { participants team_size reflections votes_cast }`;
