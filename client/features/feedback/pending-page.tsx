import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_LIMITS, answerFeedbackSchema, declineReasonSchema } from '../../../shared/feedback.js';
import { FormError, SubmitButton, TextAreaField } from '../../components/ui/field.js';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { FeedbackNav } from './feedback-nav.js';
import { localDay } from './feedback-progress.api.js';
import { pendingFeedbackRequestsQueryOptions, useAnswerFeedbackRequest, useDeclineFeedbackRequest } from './feedback-requests.api.js';
import type { FeedbackRequest, PendingFeedbackAsk } from './feedback.types.js';
import './feedback-requests.css';
import { formatDay } from '../../../shared/format.js';

const L = FEEDBACK_LIMITS;

/** Who asks and about whom, in one line: "Ada Lovelace asks about Margaret Hamilton" or "… asks about themself". */
function askedLine(r: FeedbackRequest): string {
  const who = r.requester?.full_name ?? (r.automated ? 'An automation' : 'Someone who has left');
  return r.requester && r.requester.id === r.subject.id ? `${who} asks for feedback about themself` : `${who} asks for feedback about ${r.subject.full_name}`;
}

/** /continuous-feedback/pending: the requests waiting for my answer (answer once, or decline with a reason), then the ones done. */
export function PendingPage() {
  const { data } = useSuspenseQuery(pendingFeedbackRequestsQueryOptions);
  const [announcement, setAnnouncement] = useState('');
  const waiting = data.filter((a) => a.status === 'PENDING');
  const done = data.filter((a) => a.status !== 'PENDING');
  return (
    <section className="page frq-page">
      <FeedbackNav />
      <h1>Pending feedback requests</h1>
      <p className="muted">Colleagues asked for your feedback. You answer each request once; the person who asked reads your answers with your name.</p>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <section aria-labelledby="frq-waiting" className="frq-section">
        <h2 id="frq-waiting">Waiting for you ({waiting.length})</h2>
        {waiting.length === 0 ? (
          <EmptyState title="Nothing waiting">
            <p>No one is waiting for your feedback right now.</p>
          </EmptyState>
        ) : (
          <ul className="frq-list" aria-label="Requests waiting for you">
            {waiting.map((a) => (
              <PendingCard key={a.id} ask={a} onDone={setAnnouncement} />
            ))}
          </ul>
        )}
      </section>
      {done.length > 0 && (
        <section aria-labelledby="frq-done" className="frq-section">
          <h2 id="frq-done">Done</h2>
          <ul className="frq-list" aria-label="Requests done">
            {done.map((a) => (
              <DoneCard key={a.id} ask={a} />
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function RequestHead({ ask, headingId }: { ask: PendingFeedbackAsk; headingId: string }) {
  const r = ask.request;
  const overdue = r.due_on && r.due_on < localDay(new Date()) && ask.status === 'PENDING';
  return (
    <>
      <h3 id={headingId}>{askedLine(r)}</h3>
      <p className="muted frq-meta">
        Asked {formatDay(ask.created_at)}
        {r.template_name ? ` · ${r.template_name}` : ''}
        {r.due_on && (
          <>
            {' '}
            ·{' '}
            <span className={overdue ? 'frq-overdue' : undefined}>
              answer by {formatDay(r.due_on)}
              {overdue ? ' (overdue)' : ''}
            </span>
          </>
        )}
      </p>
      {r.message && <blockquote className="frq-message">{r.message}</blockquote>}
    </>
  );
}

function PendingCard({ ask, onDone }: { ask: PendingFeedbackAsk; onDone: (message: string) => void }) {
  const id = useId();
  const r = ask.request;
  const [answers, setAnswers] = useState<string[]>(() => r.questions.map(() => ''));
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const answer = useAnswerFeedbackRequest();
  const decline = useDeclineFeedbackRequest();
  const headingId = `${id}-heading`;

  function refuse(next: FieldErrors, message: string | null) {
    setErrors(next);
    setFormError(message);
    requestAnimationFrame(() =>
      (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('textarea'))?.focus(),
    );
  }

  function failed(err: unknown) {
    if (err instanceof GraphqlError) refuse(err.fields, err.code === 'CONFLICT' ? `${err.message} The list was refreshed.` : err.message);
    else refuse({}, 'It could not be sent. Your text is kept; try again.');
  }

  async function onAnswer(event: FormEvent) {
    event.preventDefault();
    if (answer.isPending) return;
    const parsed = answerFeedbackSchema.safeParse({ answers });
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error);
      return refuse(fields, fields.answers ?? null);
    }
    try {
      await answer.mutateAsync({ askId: ask.id, answers: parsed.data.answers });
      showAlert(`Your answers were sent to ${r.requester?.full_name ?? 'the requester'}.`, 'success');
      onDone(`Answered: ${askedLine(r)}.`);
    } catch (err) {
      failed(err);
    }
  }

  async function onDecline(event: FormEvent) {
    event.preventDefault();
    if (decline.isPending) return;
    const parsed = declineReasonSchema.safeParse(reason);
    if (!parsed.success) return refuse({ reason: parsed.error.issues[0]!.message }, null);
    try {
      await decline.mutateAsync({ askId: ask.id, reason: parsed.data });
      showAlert(`You declined. ${r.requester?.full_name ?? 'The requester'} is told your reason.`, 'success');
      onDone(`Declined: ${askedLine(r)}.`);
    } catch (err) {
      failed(err);
    }
  }

  const openDecline = (on: boolean) => {
    setDeclining(on);
    setErrors({});
    setFormError(null);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('textarea')?.focus());
  };

  return (
    <li className="tile frq-card" aria-labelledby={headingId}>
      <RequestHead ask={ask} headingId={headingId} />
      {declining ? (
        <form ref={formRef} className="form frq-answer-form" aria-label={`Decline: ${askedLine(r)}`} onSubmit={(e) => void onDecline(e)} noValidate>
          <TextAreaField
            label="Why do you decline?"
            name="reason"
            value={reason}
            rows={3}
            maxLength={L.declineReasonMax}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
            hint={`${r.requester?.full_name ?? 'The person who asked'} reads your reason.`}
          />
          <FormError message={formError} />
          <div className="rt-form-actions">
            <SubmitButton sending={decline.isPending} sendingText="Declining…">
              Decline request
            </SubmitButton>
            <button type="button" className="button button-ghost" onClick={() => openDecline(false)}>
              Back to answering
            </button>
          </div>
        </form>
      ) : (
        <form ref={formRef} className="form frq-answer-form" aria-label={`Answer: ${askedLine(r)}`} onSubmit={(e) => void onAnswer(e)} noValidate>
          {r.questions.map((q, i) => (
            <TextAreaField
              key={i}
              label={q}
              name={`answers.${i}`}
              value={answers[i] ?? ''}
              rows={3}
              maxLength={L.answerMax}
              onChange={(e) => setAnswers((list) => list.map((a, j) => (j === i ? e.target.value : a)))}
              error={errors[`answers.${i}`]}
            />
          ))}
          <FormError message={formError} />
          <div className="rt-form-actions">
            <SubmitButton sending={answer.isPending} sendingText="Sending…">
              Send answers
            </SubmitButton>
            <button type="button" className="button button-ghost" onClick={() => openDecline(true)}>
              Decline…
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

function DoneCard({ ask }: { ask: PendingFeedbackAsk }) {
  const id = useId();
  const label = ask.status === 'ANSWERED' ? 'Answered' : ask.status === 'DECLINED' ? 'Declined' : 'Cancelled by the requester';
  return (
    <li className="tile frq-card frq-done" aria-labelledby={`${id}-heading`}>
      <RequestHead ask={ask} headingId={`${id}-heading`} />
      <p>
        <span className={`frq-status frq-status-${ask.status.toLowerCase()}`}>{label}</span>
      </p>
    </li>
  );
}
