import type { ResultOf } from '../../lib/graphql.js';
import type { RETRO_MEETING } from './retro-meeting.api.js';

/**
 * The retro as the screens read it: one fragment (RETRO_FIELDS) for the query, the subscription
 * and every meeting mutation, so the cache always holds the same shape (keep the highest version).
 * The types are those of the documents (schema.graphql).
 */
export type Retro = NonNullable<ResultOf<typeof RETRO_MEETING>['retro']>;
export type Person = Retro['presence'][number];
export type RetroReflection = Retro['reflections'][number];
/** A topic of DISCUSS and its comments (docs/decisions/0059): each person's own; `author` only in signed retros. */
export type RetroGroup = Retro['groups'][number];
export type RetroComment = RetroGroup['comments'][number];
/** Who is writing now: never text; `people` empty in anonymous retros. */
export type RetroTyping = Retro['typing'];
/** VOTE: who has voted (never on what); `people` only in signed retros. */
export type RetroVoting = Retro['voting'];
export type RetroActionItem = Retro['action_items'][number];
export type RetroHealthResult = Retro['health'][number];

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

/** The lighter shape of lists and widgets (its type: RetroListEntry in retros.api.ts, from the Retros document). */
export const RETRO_LIST_FIELDS = `id title team { id name } sprint { id name ends_on } template_name facilitator { ${PERSON} } anonymous phase scheduled_at reflect_deadline vote_deadline started_at ended_at participation { participants team_size reflections votes_cast }`;
