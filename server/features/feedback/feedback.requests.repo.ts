import type { Db } from '../../db/connection.js';
import type { Services } from '../../services.js';

/**
 * TODO(helper B): the one way a request is created (requestFeedback and the automation rules use it):
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

export function insertFeedbackRequest(_db: Db, _input: NewFeedbackRequest): { requestId: string; askIds: string[] } {
  throw new Error('not built yet');
}

export async function notifyFeedbackRequest(_services: Services, _requestId: string): Promise<void> {
  throw new Error('not built yet');
}
