import type { ResultOf } from '../../lib/graphql.js';
import type { FEEDBACK_AUTOMATION_RULES } from './feedback-automation.api.js';
import type { FEEDBACK_TEAM_PROGRESS } from './feedback-progress.api.js';
import type { PENDING, SENT } from './feedback-requests.api.js';
import type { TEMPLATES } from './feedback-templates.api.js';
import type { FEEDBACK_TAGS, MY_FEEDBACK } from './feedback.api.js';

/**
 * Continuous feedback as the screens read it (server/features/feedback/feedback.schema.ts): one
 * field list per type, used by every query and mutation so the cache holds one shape. The types are
 * those of the documents (schema.graphql).
 */
export type FeedbackPage = ResultOf<typeof MY_FEEDBACK>['myFeedback'];
export type FeedbackItem = FeedbackPage['items'][number];
export type Person = FeedbackItem['recipient'];
/** A tag as shown on a piece of feedback (no use count: counting per card is what made pages slow). */
export type FeedbackItemTag = FeedbackItem['tags'][number];
export type FeedbackTag = ResultOf<typeof FEEDBACK_TAGS>['feedbackTags'][number];
/** The giver's name, or "A former colleague" when their account was removed. */
export const giverName = (item: Pick<FeedbackItem, 'giver'>) => item.giver?.full_name ?? 'A former colleague';
/** Pass `version` back as base_version when saving (docs/decisions/0059). */
export type FeedbackTemplate = ResultOf<typeof TEMPLATES>['feedbackTemplates'][number];
export type FeedbackRequest = ResultOf<typeof SENT>['sentFeedbackRequests'][number];
export type FeedbackAsk = FeedbackRequest['asks'][number];
export type PendingFeedbackAsk = ResultOf<typeof PENDING>['pendingFeedbackRequests'][number];
export type FeedbackTeamProgress = ResultOf<typeof FEEDBACK_TEAM_PROGRESS>['feedbackTeamProgress'][number];
export type FeedbackPersonProgress = FeedbackTeamProgress['people'][number];
export type FeedbackBand = NonNullable<FeedbackTeamProgress['completion']>;
export type FeedbackAutomationRule = ResultOf<typeof FEEDBACK_AUTOMATION_RULES>['feedbackAutomationRules'][number];

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
