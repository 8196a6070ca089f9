import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { formatDay } from '../../../shared/format.js';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { Highlighted } from './note-markdown.js';
import { noteTagsQueryOptions, notesListQueryOptions, notesOverviewQueryOptions, useNotesApi, type NoteCardItem, type NotesSearch } from './notes.api.js';
import { NoteBadges } from './note-badges.js';
import { excerpt, plainMarkdown } from './note-plain.js';
import './notes.css';

const LIST_PATH = '/notes/my-notes';
const NOTE_PATH = '/notes/my-notes/$id';
export const SEARCH_DELAY_MS = 300;

/** /notes/my-notes: my notes and the ones shared with me, pinned first; ranked search with highlighted matches, a tag filter and the next 1:1s. */
export function NotesPage({ search }: { search: NotesSearch }) {
  const navigate = useNavigate();
  const api = useNotesApi();
  const list = useSuspenseInfiniteQuery(notesListQueryOptions(search));
  const { data: tags } = useSuspenseQuery(noteTagsQueryOptions);
  const { data: overview } = useSuspenseQuery(notesOverviewQueryOptions);
  const loading = useRouterState({ select: (s) => s.isLoading });
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState(search.q ?? '');
  const searchId = useId();
  const tagId = useId();
  const applied = useRef(search.q ?? '');

  // The box is typed into freely; the search follows 300 ms after the last key.
  useEffect(() => {
    if (query.trim() === applied.current.trim()) return;
    const timer = setTimeout(() => {
      applied.current = query;
      void navigate({ to: LIST_PATH, search: { ...(query.trim() ? { q: query } : {}), ...(search.tag ? { tag: search.tag } : {}) }, replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, search.tag, navigate]);

  async function createNote() {
    setCreating(true);
    try {
      const note = await api.createNote({ title: '', body: '', tags: search.tag ? [search.tag] : [] });
      await navigate({ to: NOTE_PATH, params: { id: note.id } });
    } catch (err) {
      showAlert(err instanceof Error ? err.message : 'The note could not be created. Try again.', 'error');
      setCreating(false);
    }
  }

  const items = list.data.pages.flatMap((p) => p.items);
  const total = list.data.pages[0]?.total ?? 0;
  const searching = !!search.q?.trim();
  const filtered = searching || !!search.tag;
  const ordered = searching ? items : [...items.filter((i) => i.note.pinned), ...items.filter((i) => !i.note.pinned)];

  return (
    <section className="page notes-page">
      <div className="row-between">
        <h1>My notes</h1>
        <button type="button" className="button" disabled={creating} aria-busy={creating || undefined} onClick={() => void createNote()}>
          {creating ? 'Creating…' : 'New note'}
        </button>
      </div>
      <p className="muted">
        Private unless you share a 1:1 note with the person it is about: then you both see its title and agenda, and each keeps private notes the other never
        sees. Nobody else reads your notes, admins included.
      </p>

      <div className="notes-layout">
        <div className="notes-main">
          <form className="notes-toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
            <div className="field">
              <label htmlFor={searchId}>Search notes</label>
              <input
                id={searchId}
                type="search"
                value={query}
                maxLength={NOTE_LIMITS.searchMax}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Words in titles and your own notes"
              />
            </div>
            <div className="field">
              <label htmlFor={tagId}>Tag</label>
              <select
                id={tagId}
                value={search.tag ?? ''}
                onChange={(e) =>
                  void navigate({ to: LIST_PATH, search: { ...(search.q ? { q: search.q } : {}), ...(e.target.value ? { tag: e.target.value } : {}) } })
                }
              >
                <option value="">All tags</option>
                {tags.map((t) => (
                  <option key={t.tag} value={t.tag}>
                    {t.tag} ({t.count})
                  </option>
                ))}
                {search.tag && !tags.some((t) => t.tag === search.tag) && <option value={search.tag}>{search.tag} (0)</option>}
              </select>
            </div>
          </form>
          <p className="muted notes-count" role="status" aria-live="polite">
            {loading ? 'Searching…' : filtered ? `${total} ${total === 1 ? 'note' : 'notes'} found${searching ? ', best match first' : ''}.` : ''}
          </p>
          {items.length === 0 ? (
            filtered ? (
              <EmptyState title="No note matches">
                <p>
                  {searching ? `Nothing in your notes matches “${search.q!.trim()}”` : `No note is tagged “${search.tag}”`}
                  {searching && search.tag ? ` with the tag “${search.tag}”` : ''}. Try other words or all tags.
                </p>
              </EmptyState>
            ) : (
              <EmptyState title="No notes yet">
                <p>Write down thoughts, meeting notes or what to bring up in your next 1:1. A note about a colleague can become your shared 1:1 agenda.</p>
                <p>
                  <button type="button" className="button" disabled={creating} onClick={() => void createNote()}>
                    Write your first note
                  </button>
                </p>
              </EmptyState>
            )
          ) : (
            <ul className="notes-list" aria-label={searching ? 'Search results' : 'Notes'}>
              {ordered.map((item) => (
                <NoteLine key={item.note.id} item={item} />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <button type="button" className="button button-secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? 'Loading…' : 'Show more notes'}
            </button>
          )}
          {list.isFetchNextPageError && (
            <p className="field-error" role="alert">
              More notes could not be loaded. Try again.
            </p>
          )}
        </div>
        <aside className="tile notes-aside" aria-labelledby="notes-next-title">
          <h2 id="notes-next-title">Next 1:1s</h2>
          {overview.next_one_on_ones.length === 0 ? (
            <p className="muted">No 1:1 date set. Set one on a note about a person.</p>
          ) : (
            <ul className="notes-next-list">
              {overview.next_one_on_ones.map((o) => (
                <li key={o.note.id}>
                  <strong>{formatDay(o.date)}</strong> with {o.with.full_name}
                  <br />
                  <Link to={NOTE_PATH} params={{ id: o.note.id }}>
                    {o.note.title || 'Untitled note'}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </section>
  );
}

function NoteLine({ item }: { item: NoteCardItem }) {
  const { note } = item;
  const headingId = useId();
  const text = item.snippet ? <Highlighted text={plainMarkdown(item.snippet)} /> : excerpt(note.body);
  return (
    <li className={note.pinned ? 'tile note-item is-pinned' : 'tile note-item'} aria-labelledby={headingId}>
      <h2 id={headingId} className="note-item-title">
        <Link to={NOTE_PATH} params={{ id: note.id }}>
          {item.title_match ? <Highlighted text={item.title_match} /> : note.title || 'Untitled note'}
        </Link>
      </h2>
      <p className="note-item-meta">
        <NoteBadges note={note} />
        <span className="muted">Updated {formatDay(note.updated_at)}</span>
      </p>
      {text && <p className="note-item-text">{text}</p>}
      {note.tags.length > 0 && (
        <ul className="note-chips" aria-label="Tags">
          {note.tags.map((t) => (
            <li key={t} className="note-chip">
              {t}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
