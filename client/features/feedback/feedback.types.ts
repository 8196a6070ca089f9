import type {
  FeedbackAskStatus, FeedbackAutomationTrigger, FeedbackReaction, FeedbackResponders, FeedbackTagKind, FeedbackVisibility,
} from '../../../shared/feedback.js';

/**
 * Continuous feedback as the screens read it (server/features/feedback/feedback.schema.ts): one
 * field list per type, used by every query and mutation so the cache holds one shape.
 */
export type Person = { id: string; full_name: string };
export type FeedbackTag = { id: string; name: string; kind: FeedbackTagKind; description: string; archived: boolean; uses: number };
/** A tag as shown on a piece of feedback (no use count: counting per card is what made pages slow). */
export type FeedbackItemTag = Pick<FeedbackTag, 'id' | 'name' | 'kind'>;
export type FeedbackItem = {
  id: string; giver: Person | null; recipient: Person; body: string; visibility: FeedbackVisibility; tags: FeedbackItemTag[];
  answers: Array<{ question: string; answer: string }> | null; request_id: string | null;
  reactions: Array<{ reaction: FeedbackReaction; count: number; mine: boolean }>; slack_shared: boolean; can_delete: boolean; created_at: string;
};
/** The giver's name, or "A former colleague" when their account was removed. */
export const giverName = (item: Pick<FeedbackItem, 'giver'>) => item.giver?.full_name ?? 'A former colleague';
export type FeedbackPage = { items: FeedbackItem[]; total: number; next_cursor: string | null };
export type FeedbackTemplate = {
  id: string; name: string; description: string; questions: string[]; built_in: boolean; archived: boolean;
  created_by: Person | null; updated_at: string | null; can_manage: boolean;
  /** Pass back as base_version when saving (docs/decisions/0059). */
  version: number;
};
export type FeedbackAsk = { id: string; request_id: string; responder: Person; status: FeedbackAskStatus; decline_reason: string | null; answered_at: string | null; created_at: string };
export type FeedbackRequest = {
  id: string; requester: Person | null; subject: Person; template_name: string | null; questions: string[]; message: string; due_on: string | null;
  about_report: boolean; shared_at: string | null; cancelled_at: string | null; automated: boolean; asks: FeedbackAsk[]; answers: FeedbackItem[];
  answered: number; asked: number; created_at: string;
};
export type PendingFeedbackAsk = { id: string; status: FeedbackAskStatus; request: FeedbackRequest; created_at: string };
export type FeedbackBand = { percent: number; band: string };
export type FeedbackPersonProgress = {
  user: Person; given: number; received: number; asked: number; answered: number; completion: FeedbackBand | null; last_received_at: string | null; quiet: boolean;
};
export type FeedbackTeamProgress = {
  team: { id: string; name: string } | null; people: FeedbackPersonProgress[]; given: number; received: number; asked: number; answered: number;
  completion: FeedbackBand | null; quiet: number;
};
export type FeedbackAutomationRule = {
  id: string; team: { id: string; name: string } | null; trigger: FeedbackAutomationTrigger; days_after_start: number | null;
  template: { id: string; name: string } | null; responders: FeedbackResponders; responder_count: number; paused: boolean;
  last_run_at: string | null; next_run_at: string | null; requests_created: number;
};

const PERSON = 'id full_name';
export const FEEDBACK_TAG_FIELDS = 'id name kind description archived uses';
export const FEEDBACK_FIELDS = `id giver { ${PERSON} } recipient { ${PERSON} } body visibility tags { id name kind } answers { question answer } request_id reactions { reaction count mine } slack_shared can_delete created_at`;
export const FEEDBACK_PAGE_FIELDS = `items { ${FEEDBACK_FIELDS} } total next_cursor`;
export const FEEDBACK_TEMPLATE_FIELDS = `id name description questions built_in archived created_by { ${PERSON} } updated_at can_manage version`;
export const FEEDBACK_ASK_FIELDS = `id request_id responder { ${PERSON} } status decline_reason answered_at created_at`;
export const FEEDBACK_REQUEST_FIELDS = `id requester { ${PERSON} } subject { ${PERSON} } template_name questions message due_on about_report shared_at cancelled_at automated asks { ${FEEDBACK_ASK_FIELDS} } answers { ${FEEDBACK_FIELDS} } answered asked created_at`;
export const PENDING_ASK_FIELDS = `id status created_at request { ${FEEDBACK_REQUEST_FIELDS} }`;
const BAND = 'percent band';
export const FEEDBACK_TEAM_PROGRESS_FIELDS = `team { id name } given received asked answered completion { ${BAND} } quiet people { user { ${PERSON} } given received asked answered completion { ${BAND} } last_received_at quiet }`;
export const FEEDBACK_RULE_FIELDS = `id team { id name } trigger days_after_start template { id name } responders responder_count paused last_run_at next_run_at requests_created`;
