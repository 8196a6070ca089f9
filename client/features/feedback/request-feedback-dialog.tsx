/** TODO(helper D2): the "Request feedback" dialog (about me or, for a manager, a report; up to 10 people; a template or own questions). */
export function RequestFeedbackButton(_props: { subjectId?: string; label?: string }) {
  return null;
}
