import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { RETRO_ACTION_STATUSES, RETRO_ACTION_STATUS_LABELS, RETRO_PHASE_LABELS, type RetroActionStatus } from '../../../shared/retros.js';
import type { RetroActionItem } from './retro.types.js';
import { isDayOverdue, sectionOf } from './retro-format.js';
import { myRetroActionItemsQueryOptions, upcomingRetrosQueryOptions, useUpdateRetroActionItemStatus } from './retros.api.js';
import './retros.css';
import { formatDateTime, formatDay } from '../../../shared/format.js';

/** Loads what the enabled retro cards show together with the dashboard (no request after the page appears). */
export function prefetchRetroWidgets(queryClient: QueryClient, enabled: readonly string[]): Promise<unknown> {
  return Promise.all([
    enabled.includes('UPCOMING_RETROS') ? queryClient.prefetchQuery(upcomingRetrosQueryOptions) : undefined,
    enabled.includes('RETRO_ACTION_ITEMS') ? queryClient.prefetchQuery(myRetroActionItemsQueryOptions) : undefined,
  ]);
}

const LIST_PATH = '/professional-development/sprint-retro/review';
const RETRO_PATH = '/professional-development/sprint-retro/review/$id';

/** Dashboard card UPCOMING_RETROS: my teams' retros not yet ended, soonest first, with "Join" for a running one. */
export function UpcomingRetrosWidget() {
  const retros = useQuery(upcomingRetrosQueryOptions);
  const list = retros.data ?? [];
  return (
    <>
      <h3>Upcoming retros</h3>
      {retros.isPending ? (
        <p className="muted" role="status">
          Loading your retros…
        </p>
      ) : retros.isError ? (
        <p className="muted" role="alert">
          Your retros could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No retro is planned for your teams.</p>
      ) : (
        <ul className="retro-widget-list" aria-label="Upcoming retros">
          {list.map((r) => {
            const running = sectionOf(r) === 'RUNNING';
            return (
              <li key={r.id}>
                <p>
                  <Link to={RETRO_PATH} params={{ id: r.id }}>
                    {r.title}
                  </Link>
                </p>
                <p className="muted">
                  {r.team.name} · {running ? <span className="retro-badge">Running now: {RETRO_PHASE_LABELS[r.phase]}</span> : formatDateTime(r.scheduled_at)}
                </p>
                {running && (
                  <p>
                    <Link to={RETRO_PATH} params={{ id: r.id }} className="button button-small" aria-label={`Join ${r.title}`}>
                      Join
                    </Link>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Link to={LIST_PATH}>Open retros</Link>
    </>
  );
}

/** Dashboard card RETRO_ACTION_ITEMS: the open action items I own, overdue ones marked, status changed in place. */
export function RetroActionItemsWidget() {
  const items = useQuery(myRetroActionItemsQueryOptions);
  const [said, setSaid] = useState('');
  const list = items.data ?? [];
  return (
    <>
      <h3>Retro action items</h3>
      {items.isPending ? (
        <p className="muted" role="status">
          Loading your action items…
        </p>
      ) : items.isError ? (
        <p className="muted" role="alert">
          Your action items could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <p className="muted">You own no open action items. What your team agrees in a retro and gives to you shows up here.</p>
      ) : (
        <ul className="retro-widget-list" aria-label="My retro action items">
          {list.map((item) => (
            <ActionItemLine key={item.id} item={item} onSaid={setSaid} />
          ))}
        </ul>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {said}
      </p>
      <Link to={LIST_PATH}>Open retros</Link>
    </>
  );
}

function ActionItemLine({ item, onSaid }: { item: RetroActionItem; onSaid: (text: string) => void }) {
  const id = useId();
  const update = useUpdateRetroActionItemStatus();
  const [error, setError] = useState<string | null>(null);
  const overdue = item.status !== 'DONE' && item.status !== 'DROPPED' && isDayOverdue(item.due_on);
  const value = update.isPending ? update.variables.status : item.status;
  async function change(status: RetroActionStatus) {
    setError(null);
    try {
      await update.mutateAsync({ id: item.id, status });
      onSaid(`“${item.text}” is now ${RETRO_ACTION_STATUS_LABELS[status].toLowerCase()}.`);
    } catch (err) {
      setError(`The status could not be changed: ${err instanceof Error ? err.message : 'try again.'}`);
    }
  }
  return (
    <li aria-labelledby={`${id}-text`}>
      <p id={`${id}-text`} className="retro-text">
        <strong>{item.text}</strong>
      </p>
      <p className="muted">
        {item.team.name} · {item.retro_title}
      </p>
      <p className={overdue ? 'retro-overdue' : 'muted'}>
        {!item.due_on ? 'No due date' : overdue ? `Overdue: was due ${formatDay(item.due_on)}` : `Due ${formatDay(item.due_on)}`}
      </p>
      <div className="field">
        <label htmlFor={`${id}-status`} className="sr-only">
          Status of {item.text}
        </label>
        <select
          id={`${id}-status`}
          value={value}
          disabled={update.isPending}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => void change(e.target.value as RetroActionStatus)}
        >
          {RETRO_ACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETRO_ACTION_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
