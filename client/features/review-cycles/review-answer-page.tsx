import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { GraphqlError } from '../../lib/graphql.js';
import { PERSPECTIVE_LABELS } from '../../../shared/review-template.schemas.js';
import { AnswerAudience } from './review-answer-audience.js';
import { AnswerQuestion, missingAnswer } from './review-answer-question.js';
import { forgetLocalDraft, useDraftAnswers, type SaveStatus } from './review-answer-draft.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { reviewRequestQueryOptions, useSubmitReviewRequest, type CycleQuestion, type ReviewRequest } from './review-cycles.api.js';
import { formatDay, isOverdue } from './review-cycles.search.js';
import { useCiteIntoAnswers } from '../feedback/feedback-cite.js';
import { FeedbackInReview } from '../feedback/feedback-in-review.js';
import { CompetencyExpectation, GoalsInReview } from './review-answer-goals.js';
import { AssistantInContext } from '../assistant/assistant-in-context.js';

/** /reviews/pending?request=…: one review to write (or read back once submitted). */
export function ReviewAnswerPage({ id, onBack }: { id: string; onBack: () => void }) {
  const { data: request } = useSuspenseQuery(reviewRequestQueryOptions(id));
  const queryClient = useQueryClient();
  // A draft moves on as one types (and maybe in another tab): the next opening must read it afresh, never this copy.
  useEffect(() => () => queryClient.removeQueries({ queryKey: reviewRequestQueryOptions(id).queryKey }), [id, queryClient]);
  return <AnswerForm key={`${request.id}-${request.status}`} request={request} onBack={onBack} />;
}

function sectionsOf(questions: CycleQuestion[]) {
  const sections: Array<{ title: string; description: string | null; questions: CycleQuestion[] }> = [];
  const sorted = [...questions].sort((a, b) => a.section_position - b.section_position || a.position - b.position);
  let last: number | null = null;
  for (const q of sorted) {
    if (q.section_position !== last) sections.push({ title: q.section_title, description: q.section_description, questions: [] });
    last = q.section_position;
    sections.at(-1)!.questions.push(q);
  }
  return sections;
}

function SaveStatusText({ status }: { status: SaveStatus }) {
  const text =
    status.state === 'saving'
      ? 'Saving…'
      : status.state === 'saved'
        ? 'Saved'
        : status.state === 'error'
          ? `Not saved: ${status.message} Your answers are kept on this device.`
          : '';
  return (
    <p className="rc-save-status" role="status" aria-live="polite" data-testid="save-status">
      {text}
    </p>
  );
}

function AnswerForm({ request, onBack }: { request: ReviewRequest; onBack: () => void }) {
  const readOnly = request.status !== 'PENDING' || request.cycle_status !== 'ACTIVE';
  const draft = useDraftAnswers(request);
  const submit = useSubmitReviewRequest();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = request.reviewee?.full_name ?? 'a former colleague';
  const isSelf = request.perspective === 'SELF';
  /** "Review of Linus Torvalds", or "Your self review". */
  const title = isSelf ? 'Your self review' : `Review of ${name}`;
  const sections = sectionsOf(request.questions);
  // Feedback about the reviewee beside the form; Cite quotes it into the answer focused last.
  const citing = useCiteIntoAnswers(
    sections.flatMap((s) => s.questions),
    () => draft.current.current,
    draft.change,
  );
  const feedbackAbout = !readOnly && !isSelf && request.reviewee;

  function check(): boolean {
    const found: Record<string, string> = {};
    for (const q of request.questions) {
      const problem = missingAnswer(q, draft.answers[q.id]);
      if (problem) found[q.id] = problem;
    }
    setErrors(found);
    const count = Object.keys(found).length;
    setSummary(count ? `Answer the ${count} required question${count === 1 ? '' : 's'} marked below before you submit.` : null);
    const first = request.questions.find((q) => found[q.id]);
    if (first) document.getElementById(`q-${first.id}`)?.querySelector<HTMLElement>('input, textarea')?.focus();
    return count === 0;
  }

  async function send() {
    await draft.settle();
    const answers = request.questions.map((q) => draft.current.current[q.id]).filter((a) => a !== undefined);
    try {
      await submit.mutateAsync({ id: request.id, answers });
      forgetLocalDraft(request.id);
      showAlert(isSelf ? 'Your self review was submitted.' : `Your review of ${name} was submitted.`, 'success');
    } catch (err) {
      if (err instanceof GraphqlError && Object.keys(err.fields).length) {
        setErrors(err.fields);
        setSummary(err.message);
        return;
      }
      throw err;
    }
  }

  // Questions are numbered across sections: how many come before each one.
  const before = sections.map((_, i) => sections.slice(0, i).reduce((n, s) => n + s.questions.length, 0));
  return (
    <section className="page">
      <div className="row-between">
        <h1>{title}</h1>
        <button type="button" className="button button-ghost" onClick={onBack}>
          Back to pending reviews
        </button>
      </div>
      <p className="rc-meta">
        <span>{request.cycle_name}</span>
        <span>As {PERSPECTIVE_LABELS[request.perspective].toLowerCase()}</span>
        <span className={request.status === 'PENDING' && isOverdue(request.due_at) ? 'rc-overdue' : undefined}>Due {formatDay(request.due_at)}</span>
      </p>
      <AnswerAudience request={request} />
      {request.status === 'SUBMITTED' && (
        <p className="notice" role="status">
          You submitted this review on {formatDay(request.submitted_at)}. It can no longer be changed.
        </p>
      )}
      {request.status === 'DECLINED' && (
        <p className="notice" role="status">
          You declined this review{request.decline_reason ? `: ${request.decline_reason}` : '.'}
        </p>
      )}
      {request.status === 'PENDING' && request.cycle_status !== 'ACTIVE' && (
        <p className="notice notice-warning" role="status">
          This cycle is closed: the review can no longer be answered.
        </p>
      )}
      {!readOnly && <SaveStatusText status={draft.status} />}
      {!readOnly && request.perspective === 'MANAGER' && (
        <AssistantInContext
          summary={`Evidence for this review of ${name}`}
          question={`Evidence for this review of ${name}`}
          scope={{ review_request_id: request.id }}
          intro="Quotes with links from what you may read about them in the review’s period: feedback, goals and check-ins, 1:1 notes, earlier reviews, development. It never suggests a rating."
        />
      )}
      <div className="fir-layout">
        {feedbackAbout && <FeedbackInReview person={feedbackAbout} cycleType={request.cycle_type} dueAt={request.due_at} onCite={citing.cite} />}
        <form
          className="rc-answer"
          aria-label={title}
          noValidate
          onFocus={citing.onFocus}
          onSubmit={(e) => {
            e.preventDefault();
            if (check()) setConfirming(true);
          }}
        >
          {sections.map((s, i) => (
            <section key={i} aria-label={s.title || `Section ${i + 1}`} className="rc-answer">
              <h2 className="section-title">{s.title || `Section ${i + 1}`}</h2>
              {s.description && <p className="muted">{s.description}</p>}
              <ol className="rc-list">
                {s.questions.map((q, j) => {
                  const number = before[i]! + j + 1;
                  const expectation = request.competency_expectations?.find((e) => e.question_id === q.id);
                  return (
                    <AnswerQuestion
                      key={q.id}
                      question={q}
                      number={number}
                      answer={draft.answers[q.id]}
                      error={errors[q.id]}
                      readOnly={readOnly}
                      self={isSelf}
                      onChange={(patch) => {
                        draft.change(q.id, patch);
                        if (errors[q.id]) setErrors(({ [q.id]: _gone, ...rest }) => rest);
                      }}
                    >
                      {expectation && <CompetencyExpectation expectation={expectation} self={isSelf} />}
                      {q.show_goals && request.reviewee && (
                        <GoalsInReview person={request.reviewee} self={isSelf} cycleType={request.cycle_type} dueAt={request.due_at} />
                      )}
                    </AnswerQuestion>
                  );
                })}
              </ol>
            </section>
          ))}
          {!readOnly && (
            <>
              <FormError message={summary} />
              <div className="rc-actions">
                <button type="submit" className="button" disabled={submit.isPending}>
                  {submit.isPending ? 'Submitting…' : 'Submit review'}
                </button>
                <span className="muted">Your answers are saved as you type; submit when you are done.</span>
              </div>
            </>
          )}
        </form>
      </div>
      {confirming && (
        <ConfirmDialog
          title={isSelf ? 'Submit your self review?' : `Submit your review of ${name}?`}
          confirmLabel="Submit review"
          busyLabel="Submitting…"
          onClose={() => setConfirming(false)}
          description="Once submitted, your answers can no longer be changed."
          onConfirm={send}
        />
      )}
    </section>
  );
}
