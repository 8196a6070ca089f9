import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/states.js';
import { meQueryOptions } from '../users/api.js';
import { ReviewResultsPage } from '../review-results/review-results-page.js';
import { ReviewCycleDetail } from './review-cycle-detail.js';
import { ReviewCycleForm } from './review-cycle-form.js';
import { reviewCyclesQueryOptions } from './review-cycles.api.js';
import { CYCLE_STATUS_LABELS, CYCLE_TYPE_LABELS, formatDay, type ReviewCyclesSearch } from './review-cycles.search.js';
import './review-cycles.css';

function useGo() {
  const navigate = useNavigate();
  return (search: ReviewCyclesSearch) => void navigate({ to: '/reviews', search });
}

/** /reviews: the list of cycles, the new-cycle form (?view=new) or one cycle (?id=…). */
export function ReviewCyclesPage({ search }: { search: ReviewCyclesSearch }) {
  const go = useGo();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const canCreate = me.permission_level !== 'MEMBER';
  if (search.view === 'new' && canCreate) {
    return (
      <section className="page">
        <h1>New review cycle</h1>
        <p className="muted">A cycle starts as a draft: people propose their peers, managers approve them, then you launch it.</p>
        <ReviewCycleForm onCreated={(cycle) => go({ id: cycle.id })} onCancel={() => go({})} />
      </section>
    );
  }
  if (search.id && search.results) return <ReviewResultsPage cycleId={search.id} participantId={search.results} onBack={() => go({ id: search.id })} />;
  if (search.id) return <ReviewCycleDetail id={search.id} onBack={() => go({})} />;
  return <CycleList canCreate={canCreate} />;
}

function CycleList({ canCreate }: { canCreate: boolean }) {
  const go = useGo();
  const { data: cycles } = useSuspenseQuery(reviewCyclesQueryOptions);
  return (
    <section className="page">
      <div className="row-between">
        <h1>Review cycles</h1>
        {canCreate && (
          <button type="button" className="button" onClick={() => go({ view: 'new' })}>
            New cycle
          </button>
        )}
      </div>
      {cycles.length === 0 ? (
        <EmptyState title="No review cycles">
          <p>
            {canCreate
              ? 'Create a cycle to ask people for 360 or sprint reviews.'
              : 'You take part in no review cycle yet. Reviews you are asked to write are under Pending reviews.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="rc-list" aria-label="Review cycles">
          {cycles.map((c) => (
            <li key={c.id} className="tile rc-item" aria-labelledby={`rc-${c.id}`}>
              <h2 id={`rc-${c.id}`}>
                <a
                  href={`/reviews?id=${encodeURIComponent(c.id)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    go({ id: c.id });
                  }}
                >
                  {c.name}
                </a>
              </h2>
              <p className="rc-meta">
                <span className={`rc-badge rc-badge-${c.status}`}>{CYCLE_STATUS_LABELS[c.status]}</span>
                <span>{CYCLE_TYPE_LABELS[c.type] ?? c.type}</span>
                <span>
                  {c.participant_count} participant{c.participant_count === 1 ? '' : 's'}
                </span>
                {c.nomination_end && <span>Nominations end {formatDay(c.nomination_end)}</span>}
                <span>Reviews due {formatDay(c.review_end)}</span>
                {c.status !== 'DRAFT' && (
                  <span>
                    {c.submitted_count} of {c.request_count} submitted
                  </span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
