import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { myNominationTasksQueryOptions, type NominationTask } from './review-cycles.api.js';
import { formatDay, isOverdue } from './review-cycles.search.js';

/** "Choose 5 to 8 peers by Dec 1, 2026": what a cycle waiting for nominations asks of me (docs/decisions/0031). */
export function nominationAsk(t: NominationTask): string {
  const range = t.min_peers === t.max_peers ? `${t.min_peers}` : `${t.min_peers} to ${t.max_peers}`;
  return `Choose ${range} peers${t.nomination_end ? ` by ${formatDay(t.nomination_end)}` : ' before the cycle is launched'}`;
}

/** On the pending reviews page: the cycles waiting for my peer nominations. */
export function NominationTasks() {
  const { data: tasks = [] } = useQuery(myNominationTasksQueryOptions);
  if (!tasks.length) return null;
  return (
    <section aria-labelledby="rc-tasks-title">
      <h2 id="rc-tasks-title" className="section-title">
        Peers to nominate
      </h2>
      <ul className="rc-list" aria-label="Peers to nominate">
        {tasks.map((t) => (
          <li key={t.participant_id} className="tile rc-item" aria-labelledby={`rt-${t.participant_id}`}>
            <h3 id={`rt-${t.participant_id}`}>{t.cycle_name}</h3>
            <p className="rc-meta">
              <span className={t.nomination_end && isOverdue(t.nomination_end) ? 'rc-overdue' : undefined}>{nominationAsk(t)}</span>
              <span>{t.chosen} chosen so far</span>
            </p>
            <div className="rc-actions">
              <Link to="/reviews" search={{ id: t.cycle_id }} className="button button-small">
                Choose peers <span className="sr-only">for {t.cycle_name}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One line on the dashboard card. */
export function NominationTaskLine() {
  const { data: tasks = [] } = useQuery(myNominationTasksQueryOptions);
  const first = tasks[0];
  if (!first) return null;
  return (
    <p data-testid="nomination-task">
      <Link to="/reviews" search={{ id: first.cycle_id }}>
        {nominationAsk(first)}
      </Link>{' '}
      for {first.cycle_name}
      {tasks.length > 1 ? ` (and ${tasks.length - 1} more cycle${tasks.length === 2 ? '' : 's'})` : ''}.
    </p>
  );
}
