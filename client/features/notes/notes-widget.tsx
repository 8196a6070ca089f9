import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../../shared/format.js';
import { notesOverviewQueryOptions, type NoteCard } from './notes.api.js';
import { NoteBadges } from './note-badges.js';
import './notes.css';

/** Loads what the NOTES card shows together with the dashboard (no request after the page appears). */
export function prefetchNotesWidget(queryClient: QueryClient, enabled: readonly string[]): Promise<unknown> {
  return enabled.includes('NOTES') ? queryClient.prefetchQuery(notesOverviewQueryOptions) : Promise.resolve();
}

const LIST_PATH = '/notes/my-notes';
const NOTE_PATH = '/notes/my-notes/$id';

/** Dashboard card NOTES: my pinned and recent notes (and the ones shared with me), and the next 1:1s. */
export function NotesWidget() {
  const overview = useQuery(notesOverviewQueryOptions);
  const data = overview.data;
  const pinnedIds = new Set(data?.pinned.map((n) => n.id));
  const recent = (data?.recent ?? []).filter((n) => !pinnedIds.has(n.id)).slice(0, 5);
  return (
    <>
      <h3>Notes</h3>
      {overview.isPending ? (
        <p className="muted" role="status">
          Loading your notes…
        </p>
      ) : overview.isError ? (
        <p className="muted" role="alert">
          Your notes could not be loaded.
        </p>
      ) : !data || (data.pinned.length === 0 && recent.length === 0 && data.next_one_on_ones.length === 0) ? (
        <p className="muted">No notes yet. Keep private notes and prepare your 1:1s there.</p>
      ) : (
        <div className="notes-widget">
          {data.next_one_on_ones.length > 0 && (
            <>
              <h4>Next 1:1s</h4>
              <ul className="notes-widget-list" aria-label="Next 1:1s">
                {data.next_one_on_ones.slice(0, 3).map((o) => (
                  <li key={o.note.id}>
                    <Link to={NOTE_PATH} params={{ id: o.note.id }}>
                      {formatDay(o.date)} with {o.with.full_name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.pinned.length > 0 && <WidgetList title="Pinned" notes={data.pinned.slice(0, 5)} />}
          {recent.length > 0 && <WidgetList title="Recent" notes={recent} />}
        </div>
      )}
      <Link to={LIST_PATH}>Open my notes</Link>
    </>
  );
}

function WidgetList({ title, notes }: { title: string; notes: NoteCard[] }) {
  return (
    <>
      <h4>{title}</h4>
      <ul className="notes-widget-list" aria-label={`${title} notes`}>
        {notes.map((n) => (
          <li key={n.id}>
            <Link to={NOTE_PATH} params={{ id: n.id }}>
              {n.title || 'Untitled note'}
            </Link>
            <span className="notes-widget-meta">
              <NoteBadges note={{ ...n, pinned: false }} /> <span className="muted">{formatDay(n.updated_at)}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
