import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';
import { badInput } from '../../../shared/app-error.js';
import { formatDay } from '../../../shared/format.js';
import { FEEDBACK_LIMITS } from '../../../shared/feedback.js';
import { newId } from '../../lib/tokens.js';
import { notify } from '../notifications/notifications.deliver.js';
import { findUsersByIds, type UserRow } from '../users/users.repo.js';
import { feedbackRequestAsks, feedbackRequests } from './feedback.tables.js';
import { findFeedbackTemplateView } from './feedback.templates.repo.js';

/**
 * The one way a request is created (requestFeedback and the automation rules use it):
 * insertFeedbackRequest writes the request (questions copied from the template) and one PENDING ask
 * per responder, synchronously, inside the caller's transaction (it throws AppError BAD_USER_INPUT
 * for bad responders or template; the automation's unique period key makes a second run fail
 * harmlessly); notifyFeedbackRequest tells the responders (kind feedback_received) after the commit.
 */
export type NewFeedbackRequest = {
  organizationId: string;
  requesterId: string;
  subjectId: string;
  responderIds: string[];
  /** A template id (built-in `builtin:<slug>` or custom) or explicit questions. */
  templateId?: string | null;
  questions?: string[] | null;
  message?: string;
  dueOn?: string | null;
  automationRuleId?: string | null;
  periodKey?: string | null;
};

export const PENDING_FEEDBACK_LINK = '/continuous-feedback/pending';

const L = FEEDBACK_LIMITS;
const usable = (u: UserRow) => !u.deleted_at && u.status !== 'DEACTIVATED';

/** The people asked: 1 to 10, distinct, of the organization, active or invited, not the subject. */
function checkResponders(db: Db, orgId: string, subject: UserRow, ids: readonly string[]): void {
  if (ids.length < 1) throw badInput('Choose at least one person to ask.', { fields: { responder_ids: 'Choose at least one person to ask.' } });
  if (ids.length > L.respondersMax)
    throw badInput(`Ask at most ${L.respondersMax} people.`, { fields: { responder_ids: `Ask at most ${L.respondersMax} people.` } });
  const found = new Map(findUsersByIds(db, orgId, ids, { includeDeleted: true }).map((u) => [u.id, u]));
  const seen = new Set<string>();
  for (const id of ids) {
    const u = found.get(id);
    const problem = !u
      ? 'One of the people asked is not in your organization.'
      : seen.has(id)
        ? `${u.full_name} is listed twice.`
        : u.id === subject.id
          ? `${u.full_name} is the person the feedback is about and cannot be asked.`
          : u.deleted_at
            ? `${u.full_name} was removed and cannot be asked.`
            : u.status === 'DEACTIVATED'
              ? `${u.full_name} is deactivated and cannot be asked.`
              : null;
    if (problem) throw badInput(problem, { fields: { responder_ids: problem } });
    seen.add(id);
  }
}

/** The questions: the explicit ones when given (a template may be tailored), else the template's. */
function questionsOf(
  db: Db,
  orgId: string,
  templateId: string | null | undefined,
  explicit: string[] | null | undefined,
): { questions: string[]; templateName: string | null } {
  let templateName: string | null = null;
  let fromTemplate: string[] = [];
  if (templateId) {
    const t = findFeedbackTemplateView(db, orgId, templateId);
    if (!t) throw badInput('That template does not exist.', { fields: { template_id: 'That template does not exist.' } });
    if (t.archived)
      throw badInput(`The template "${t.name}" is archived. Restore it or choose another one.`, { fields: { template_id: 'This template is archived.' } });
    templateName = t.name;
    fromTemplate = t.questions;
  }
  const questions = (explicit ?? []).map((q) => q.trim()).filter(Boolean);
  const chosen = questions.length ? questions : fromTemplate;
  const problem = !chosen.length
    ? 'Choose a template or write at least one question.'
    : chosen.length > L.questionsMax
      ? `At most ${L.questionsMax} questions.`
      : chosen.some((q) => q.length > L.questionMax)
        ? `Each question: at most ${L.questionMax} characters.`
        : null;
  if (problem) throw badInput(problem, { fields: { questions: problem } });
  return { questions: [...chosen], templateName };
}

export function insertFeedbackRequest(db: Db, input: NewFeedbackRequest): { requestId: string; askIds: string[] } {
  const subject = findUsersByIds(db, input.organizationId, [input.subjectId])[0];
  if (!subject || !usable(subject))
    throw badInput('The person the feedback is about is not an active member of your organization.', { fields: { subject_id: 'Choose an active person.' } });
  checkResponders(db, input.organizationId, subject, input.responderIds);
  const { questions, templateName } = questionsOf(db, input.organizationId, input.templateId, input.questions);
  const message = (input.message ?? '').trim();
  if (message.length > L.messageMax)
    throw badInput(`Message: at most ${L.messageMax} characters.`, { fields: { message: `At most ${L.messageMax} characters.` } });
  return db.transaction((tx) => {
    const requestId = newId();
    tx.insert(feedbackRequests)
      .values({
        id: requestId,
        organization_id: input.organizationId,
        requester_id: input.requesterId,
        subject_id: subject.id,
        template_id: input.templateId ?? null,
        template_name: templateName,
        questions,
        message,
        due_on: input.dueOn ?? null,
        automation_rule_id: input.automationRuleId ?? null,
        period_key: input.periodKey ?? null,
      })
      .run();
    const askIds = input.responderIds.map(() => newId());
    tx.insert(feedbackRequestAsks)
      .values(
        input.responderIds.map((responderId, i) => ({
          id: askIds[i]!,
          organization_id: input.organizationId,
          request_id: requestId,
          responder_id: responderId,
        })),
      )
      .run();
    return { requestId, askIds };
  });
}

export type FeedbackRequestRow = typeof feedbackRequests.$inferSelect;
export type FeedbackAskRow = typeof feedbackRequestAsks.$inferSelect;

export function findFeedbackRequest(db: Db, orgId: string, id: string): FeedbackRequestRow | undefined {
  return db
    .select()
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.organization_id, orgId), eq(feedbackRequests.id, id)))
    .get();
}

export async function notifyFeedbackRequest(services: Services, requestId: string): Promise<void> {
  const { db } = services;
  const request = db.select().from(feedbackRequests).where(eq(feedbackRequests.id, requestId)).get();
  if (!request || request.cancelled_at) return;
  const asks = db
    .select({ responder_id: feedbackRequestAsks.responder_id })
    .from(feedbackRequestAsks)
    .where(and(eq(feedbackRequestAsks.request_id, requestId), eq(feedbackRequestAsks.status, 'PENDING')))
    .all();
  if (!asks.length) return;
  // A request is read by its requester and the people asked, not by admins (docs/decisions/0048): who
  // asks, about whom and why stay on the pending page; the mail says only that there is one (0055).
  await notify(services, {
    organizationId: request.organization_id,
    userIds: asks.map((a) => a.responder_id),
    kind: 'feedback_received',
    private: true,
    title: `A colleague asks for your feedback${request.due_on ? ` by ${formatDay(request.due_on)}` : ''}`,
    link: PENDING_FEEDBACK_LINK,
  });
}

/** The asks of these requests, by request (for the FeedbackRequest.asks loader). */
export function listAsksOfRequests(db: Db, orgId: string, requestIds: readonly string[]): FeedbackAskRow[] {
  if (!requestIds.length) return [];
  return db
    .select()
    .from(feedbackRequestAsks)
    .where(and(eq(feedbackRequestAsks.organization_id, orgId), inArray(feedbackRequestAsks.request_id, [...requestIds])))
    .orderBy(feedbackRequestAsks.created_at, feedbackRequestAsks.id)
    .all();
}

export function findRequestsByIds(db: Db, orgId: string, ids: readonly string[]): FeedbackRequestRow[] {
  if (!ids.length) return [];
  return db
    .select()
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.organization_id, orgId), inArray(feedbackRequests.id, [...ids])))
    .all();
}
