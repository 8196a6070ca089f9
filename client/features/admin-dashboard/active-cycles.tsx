import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CompletionMeter } from '../../components/ui/completion-meter.js';
import { PendingView } from '../../components/ui/states.js';
import { reviewCyclesQueryOptions } from '../review-cycles/review-cycles.api.js';
import { formatDay } from '../../../shared/format.js';

/** Running review cycles and how far their reviews are, with the shared completion bands. */
export function ActiveReviewCycles() {
  const { data, isPending, isError, error } = useQuery(reviewCyclesQueryOptions);
  const active = (data ?? []).filter((c) => c.status === 'ACTIVE');
  return (
    <section className="tile" aria-labelledby="dash-cycles-title">
      <h2 id="dash-cycles-title" className="dash-card-title">
        Active review cycles
      </h2>
      {isPending ? (
        <PendingView label="Loading review cycles…" />
      ) : isError ? (
        <p role="alert" className="form-error">
          {error.message}
        </p>
      ) : active.length === 0 ? (
        <p className="muted">
          No review cycle is running. <Link to="/reviews">Start one</Link>.
        </p>
      ) : (
        <ul className="dash-cycles">
          {active.map((c) => (
            <li key={c.id}>
              <p>
                <Link to="/reviews" search={{ id: c.id }}>
                  <strong>{c.name}</strong>
                </Link>
                <span className="muted">
                  {' '}
                  · {c.participant_count} people · reviews due {formatDay(c.review_end)} ·{' '}
                </span>
                <Link to="/reviews/team-progress" search={{ cycle: c.id }}>
                  Progress
                </Link>
              </p>
              <CompletionMeter completion={{ done: c.submitted_count, total: c.request_count }} label={`${c.name} reviews submitted`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
