import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { myReviewRequestsQueryOptions } from './review-cycles.api.js';
import { formatDay, isOverdue } from './review-cycles.search.js';
import { NominationTaskLine } from './review-nomination-tasks.js';
import './review-cycles.css';

/** Dashboard card PENDING_REVIEWS: how many reviews wait for me, the next one due, and a link. */
export function PendingReviewsWidget() {
  const requests = useQuery(myReviewRequestsQueryOptions(false));
  const open = (requests.data ?? []).filter((r) => r.status === 'PENDING' && r.cycle_status === 'ACTIVE');
  const next = open[0];
  return (
    <>
      <h3>Pending reviews</h3>
      {requests.isPending ? (
        <p className="muted" role="status">
          Loading your reviews…
        </p>
      ) : requests.isError ? (
        <p className="muted" role="alert">
          Your reviews could not be loaded.
        </p>
      ) : open.length === 0 ? (
        <p className="muted">Nobody is waiting for a review from you.</p>
      ) : (
        <>
          <p>
            <strong data-testid="pending-review-count">{open.length}</strong> review{open.length === 1 ? '' : 's'} to write
          </p>
          {next && (
            <p className={isOverdue(next.due_at) ? 'rc-overdue' : 'muted'}>
              Next: {next.perspective === 'SELF' ? 'your self review' : (next.reviewee?.full_name ?? 'a former colleague')},{' '}
              {isOverdue(next.due_at) ? 'overdue since' : 'due'} {formatDay(next.due_at)}
            </p>
          )}
        </>
      )}
      <NominationTaskLine />
      <Link to="/reviews/pending">Open pending reviews</Link>
    </>
  );
}
