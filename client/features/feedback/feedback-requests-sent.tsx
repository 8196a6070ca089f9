import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { sentFeedbackRequestsQueryOptions, useCancelFeedbackRequest, useShareFeedbackRequest } from './feedback-requests.api.js';
import type { FeedbackAsk, FeedbackItem, FeedbackRequest } from './feedback.types.js';
import './feedback-requests.css';
import { formatDay } from '../../../shared/format.js';

export const ASK_STATUS_LABELS: Record<FeedbackAsk['status'], string> = {
  PENDING: 'Waiting',
  ANSWERED: 'Answered',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
};

/** The requests I made (about me or my reports), newest first: who was asked, where each stands, the answers I may read. */
export function SentRequests() {
  const sent = useQuery(sentFeedbackRequestsQueryOptions);
  const [confirming, setConfirming] = useState<{ kind: 'share' | 'cancel'; request: FeedbackRequest } | null>(null);
  if (sent.isPending)
    return (
      <p className="muted" role="status">
        Loading your requests…
      </p>
    );
  if (sent.isError) {
    return (
      <div className="notice notice-warning" role="alert">
        Your requests could not be loaded: {sent.error.message}{' '}
        <button type="button" className="button button-secondary button-small" onClick={() => void sent.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const requests = [...sent.data].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (requests.length === 0) {
    return (
      <EmptyState title="No requests yet">
        <p>Ask colleagues for feedback about you, or as a manager about one of your reports, with “Request feedback”.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="frq-list" aria-label="Requests I made">
        {requests.map((r) => (
          <SentRequestCard key={r.id} request={r} onConfirm={(kind) => setConfirming({ kind, request: r })} />
        ))}
      </ul>
      {confirming && <ShareOrCancelDialog {...confirming} onClose={() => setConfirming(null)} />}
    </>
  );
}

const aboutOf = (r: FeedbackRequest) => (r.about_report ? r.subject.full_name : 'you');

function SentRequestCard({ request: r, onConfirm }: { request: FeedbackRequest; onConfirm: (kind: 'share' | 'cancel') => void }) {
  const title = `Feedback about ${aboutOf(r)}`;
  const headingId = `frq-sent-${r.id}`;
  const open = !r.cancelled_at && r.asks.some((a) => a.status === 'PENDING');
  return (
    <li className="tile frq-card" aria-labelledby={headingId}>
      <div className="rt-item-head">
        <h3 id={headingId}>{title}</h3>
        <span className="frq-count">
          {r.answered} of {r.asked} answered
        </span>
      </div>
      <p className="muted frq-meta">
        Asked {formatDay(r.created_at)}
        {r.template_name ? ` · ${r.template_name}` : ''}
        {r.due_on ? ` · answer by ${formatDay(r.due_on)}` : ''}
        {r.automated ? ' · sent by an automation' : ''}
      </p>
      {r.message && <p className="frq-message">{r.message}</p>}
      {r.cancelled_at && <p className="frq-status-note">Cancelled on {formatDay(r.cancelled_at)}.</p>}
      {r.about_report && r.shared_at && (
        <p className="frq-status-note frq-shared">
          Shared with {r.subject.full_name} on {formatDay(r.shared_at)}.
        </p>
      )}
      <ul className="frq-asks" aria-label={`People asked about ${aboutOf(r)}`}>
        {r.asks.map((a) => (
          <li key={a.id} className="frq-ask">
            <span>{a.responder.full_name}</span>
            <span className={`frq-status frq-status-${a.status.toLowerCase()}`}>{ASK_STATUS_LABELS[a.status]}</span>
            {a.status === 'DECLINED' && a.decline_reason && <span className="frq-reason">Reason: {a.decline_reason}</span>}
          </li>
        ))}
      </ul>
      {r.answers.length > 0 && (
        <section aria-label={`Answers about ${aboutOf(r)}`} className="frq-answers">
          <h4>Answers</h4>
          {r.answers.map((f) => (
            <AnswerBlock key={f.id} item={f} />
          ))}
        </section>
      )}
      {(open || (r.about_report && !r.shared_at && r.answers.length > 0)) && (
        <div className="rt-item-actions">
          {r.about_report && !r.shared_at && r.answers.length > 0 && (
            <button type="button" className="button button-small" onClick={() => onConfirm('share')}>
              Share with {r.subject.full_name}
            </button>
          )}
          {open && (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => onConfirm('cancel')}
              aria-label={`Cancel the request about ${aboutOf(r)}`}
            >
              Cancel
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** One person's answer: the question and answer pairs (or the body when there are none). */
export function AnswerBlock({ item }: { item: FeedbackItem }) {
  const who = item.giver?.full_name ?? 'A former colleague';
  return (
    <article className="frq-answer" aria-label={`Answer from ${who}`}>
      <p className="frq-answer-head">
        <strong>{who}</strong> <span className="muted">{formatDay(item.created_at)}</span>
      </p>
      {item.answers?.length ? (
        <dl className="frq-qa">
          {item.answers.map((a, i) => (
            <div key={i}>
              <dt>{a.question}</dt>
              <dd>{a.answer || <span className="muted">No answer</span>}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="frq-body">{item.body}</p>
      )}
    </article>
  );
}

/** Asks before sharing a request's answers with its subject (for good) or cancelling what is not answered yet. */
function ShareOrCancelDialog({ kind, request, onClose }: { kind: 'share' | 'cancel'; request: FeedbackRequest; onClose: () => void }) {
  const share = useShareFeedbackRequest();
  const cancel = useCancelFeedbackRequest();
  const name = request.subject.full_name;
  if (kind === 'share') {
    return (
      <ConfirmDialog
        title={`Share the answers with ${name}?`}
        cancelLabel="Not now"
        confirmLabel="Share answers"
        busyLabel="Sharing…"
        onClose={onClose}
        description={`${name} will read every answer to this request, with who gave it, including answers that come later. Sharing cannot be undone.`}
        onConfirm={async () => {
          await share.mutateAsync(request.id);
          showAlert(`The answers were shared with ${name}.`, 'success');
        }}
      />
    );
  }
  return (
    <ConfirmDialog
      title={`Cancel the request about ${aboutOf(request)}?`}
      cancelLabel="Keep the request"
      confirmLabel="Cancel request"
      busyLabel="Cancelling…"
      onClose={onClose}
      description="People who have not answered yet are no longer asked. Answers already given stay."
      onConfirm={async () => {
        await cancel.mutateAsync(request.id);
        showAlert('The request was cancelled.', 'success');
      }}
    />
  );
}
