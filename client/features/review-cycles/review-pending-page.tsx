import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { PERSPECTIVE_LABELS } from '../../../shared/review-template.schemas.js';
import { ReviewAnswerPage } from './review-answer-page.js';
import { NominationTasks } from './review-nomination-tasks.js';
import { DeclineDialog } from './review-cycle-dialogs.js';
import { myReviewRequestsQueryOptions, type RequestListItem } from './review-cycles.api.js';
import { formatDay, isOverdue, type PendingReviewsSearch } from './review-cycles.search.js';
import './review-cycles.css';

const STATUS_LABELS = { PENDING: 'To write', SUBMITTED: 'Submitted', DECLINED: 'Declined' } as const;

function useGo() {
  const navigate = useNavigate();
  return (search: PendingReviewsSearch) => void navigate({ to: '/reviews/pending', search });
}

/** /reviews/pending: my review requests, or the answer page of one (?request=…). */
export function PendingReviewsPage({ search }: { search: PendingReviewsSearch }) {
  const go = useGo();
  if (search.request) return <ReviewAnswerPage id={search.request} onBack={() => go(search.done ? { done: true } : {})} />;
  return <RequestList done={!!search.done} />;
}

function RequestList({ done }: { done: boolean }) {
  const go = useGo();
  const { data: requests } = useSuspenseQuery(myReviewRequestsQueryOptions(done));
  const [declining, setDeclining] = useState<RequestListItem | null>(null);
  // Overdue as of when the list was shown.
  const [now] = useState(() => Date.now());
  return (
    <section className="page">
      <h1>Pending reviews</h1>
      <p className="muted">Reviews you have been asked to write, soonest due first. Your answers are saved as you type.</p>
      {!done && <NominationTasks />}
      <label className="checkbox">
        <input type="checkbox" checked={done} onChange={(e) => go(e.target.checked ? { done: true } : {})} />
        Show submitted and declined reviews
      </label>
      {requests.length === 0 ? (
        <EmptyState title={done ? 'No reviews' : 'No pending reviews'}>
          <p>{done ? 'You have not been asked for a review yet.' : 'You are all caught up: nobody is waiting for a review from you.'}</p>
        </EmptyState>
      ) : (
        <ul className="rc-list" aria-label="Review requests">
          {requests.map((r) => {
            const name = r.reviewee?.full_name ?? 'A former colleague';
            const overdue = r.status === 'PENDING' && isOverdue(r.due_at, now);
            const open = r.status === 'PENDING' && r.cycle_status === 'ACTIVE';
            return (
              <li key={r.id} className="tile rc-item" aria-labelledby={`rr-${r.id}`}>
                <h2 id={`rr-${r.id}`}>{r.perspective === 'SELF' ? 'Your self review' : `Review of ${name}`}</h2>
                <p className="rc-meta">
                  <span>{r.cycle_name}</span>
                  <span>As {PERSPECTIVE_LABELS[r.perspective].toLowerCase()}</span>
                  <span className={overdue ? 'rc-overdue' : undefined}>
                    {overdue ? 'Overdue: was due' : 'Due'} {formatDay(r.due_at)}
                  </span>
                  <span className={`rc-badge rc-badge-${r.status}`}>{STATUS_LABELS[r.status]}</span>
                </p>
                <div className="rc-actions">
                  <a
                    className="button button-small"
                    href={`/reviews/pending?request=${encodeURIComponent(r.id)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      go({ request: r.id, done: done || undefined });
                    }}
                  >
                    {open ? 'Write review' : 'Read review'} <span className="sr-only">{r.perspective === 'SELF' ? '(self review)' : `of ${name}`}</span>
                  </a>
                  {open && r.perspective !== 'SELF' && (
                    <button type="button" className="button button-ghost button-small" onClick={() => setDeclining(r)}>
                      Decline <span className="sr-only">the review of {name}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} />}
    </section>
  );
}
