import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { formatDay } from '../../../shared/format.js';
import { showAlert } from '../../lib/alerts.js';
import { pickablePeopleQueryOptions } from '../teams/api.js';
import { PersonPicker } from '../teams/person-picker.js';
import { meQueryOptions } from '../users/api.js';
import { fieldsOf, privateFieldsOf, useNoteAutosave } from './note-autosave.js';
import { NoteAgenda } from './note-agenda.js';
import { NoteBodyEditor } from './note-body-editor.js';
import { DeleteNoteDialog, KeptCopy, SaveStatusLine, TagsInput } from './note-editor-parts.js';
import { ShareNoteDialog, StopSharingDialog } from './note-share-dialogs.js';
import type { Note } from './note.types.js';
import { noteQueryOptions, useNoteLive, useNotesApi, type LiveStatus, type NotesApi } from './notes.api.js';
import './notes.css';
import { AssistantInContext } from '../assistant/assistant-in-context.js';

const LIST_PATH = '/notes/my-notes';
const reason = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/**
 * /notes/my-notes/$id: my note in the editor (autosaved), or a 1:1 note shared with me: its shared
 * agenda, and beside it my own private notes on it (autosaved), which its author never sees
 * (docs/decisions/0056). Neither side ever gets the other's private notes from the server.
 */
export function NoteEditorPage({ id }: { id: string }) {
  const { data: note } = useSuspenseQuery(noteQueryOptions(id));
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const api = useNotesApi();
  const live = useNoteLive(id);
  return (
    <section className="page note-page">
      <p>
        <Link to={LIST_PATH}>← My notes</Link>
      </p>
      <LiveNotice live={live} />
      {note.mine ? <AuthorView note={note} api={api} viewerId={me.id} /> : <SharedView note={note} api={api} viewerId={me.id} />}
    </section>
  );
}

function LiveNotice({ live }: { live: { status: LiveStatus; retry: () => void } }) {
  if (live.status === 'live') return null;
  if (live.status === 'ended') {
    return (
      <div className="notice notice-warning" role="status">
        Live updates stopped: this note was deleted or is no longer shared with you. <Link to={LIST_PATH}>Back to my notes</Link>
      </div>
    );
  }
  return (
    <div className="notice notice-warning" role="status">
      {live.status === 'reconnecting' ? (
        'Reconnecting… Changes made elsewhere will show once the connection is back.'
      ) : (
        <>
          The live connection was lost.{' '}
          <button type="button" className="button button-small" onClick={live.retry}>
            Reconnect
          </button>
        </>
      )}
    </div>
  );
}

function SharedView({ note, api, viewerId }: { note: Note; api: NotesApi; viewerId: string }) {
  const save = useNoteAutosave(note, api, privateFieldsOf);
  const author = note.author.full_name;
  return (
    <>
      <header className="note-head">
        <h1>{note.title || 'Untitled note'}</h1>
        <p className="muted">
          <span className="note-badge note-badge-shared">Shared with you</span> by {author} · updated {formatDay(note.updated_at)}
        </p>
        <SaveStatusLine
          status={save.status}
          onRetry={() => void save.retry()}
          onLoadLatest={() => void save.loadLatest().catch((err) => showAlert(reason(err), 'error'))}
          onKeepMine={() => void save.keepMine().catch((err) => showAlert(reason(err), 'error'))}
        />
      </header>
      {save.keptCopy && <KeptCopy text={save.keptCopy.body} onClose={save.dismissKeptCopy} />}
      <div className="note-editor-layout">
        <NoteBodyEditor
          label="My private notes (Markdown)"
          value={save.fields.body}
          onChange={(body) => save.setFields({ body })}
          hint={<>Only you see these: {author} never does, and keeps private notes of their own that you never see. You both see the agenda.</>}
          empty="Your private notes on this 1:1 show here as you write."
        />
        <NoteAgenda note={note} api={api} viewerId={viewerId} />
      </div>
      <PrepareOneOnOne note={note} other={author} />
    </>
  );
}

/** "Prepare our 1:1" on a shared 1:1 note (docs/decisions/0066): the other person's open goals, recent feedback about them, this agenda's open points. */
function PrepareOneOnOne({ note, other }: { note: Note; other: string }) {
  if (!note.shared || !note.about) return null;
  return (
    <AssistantInContext
      summary="Prepare our 1:1"
      source="NOTES"
      question="Prepare our 1:1"
      scope={{ note_id: note.id }}
      intro={`Open goals and recent feedback about ${other} that you may read, and the open points of this agenda; your private notes count only for you.`}
    />
  );
}

function AuthorView({ note, api, viewerId }: { note: Note; api: NotesApi; viewerId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const save = useNoteAutosave(note, api, fieldsOf);
  const { fields, setFields } = save;
  const people = useQuery(pickablePeopleQueryOptions);
  const choices = useMemo(
    () => (people.data ?? []).filter((p) => p.id !== viewerId && (p.status === 'ACTIVE' || p.id === fields.about_user_id)),
    [people.data, viewerId, fields.about_user_id],
  );
  const [sharing, setSharing] = useState<'share' | 'stop' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [said, setSaid] = useState('');
  const about = note.about;
  const aboutChanged = (about?.id ?? null) !== fields.about_user_id;

  async function act(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      setSaid(done);
    } catch (err) {
      showAlert(reason(err), 'error');
    }
  }
  function pickPerson(e: ChangeEvent<HTMLDivElement>) {
    const target = e.target as unknown as HTMLSelectElement;
    if (target.tagName === 'SELECT' && target.name === 'about_user_id') setFields({ about_user_id: target.value || null });
  }

  return (
    <>
      <header className="note-head">
        <div className="row-between">
          <h1>{fields.title.trim() || 'Untitled note'}</h1>
          <div className="note-actions">
            <button
              type="button"
              className="button button-secondary button-small"
              aria-pressed={note.pinned}
              onClick={() => void act(() => api.pinNote(note.id, !note.pinned), note.pinned ? 'Unpinned.' : 'Pinned: it shows first in your notes.')}
            >
              {note.pinned ? 'Unpin' : 'Pin'}
            </button>
            <button type="button" className="button button-ghost button-small" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </div>
        </div>
        <SaveStatusLine
          status={save.status}
          onRetry={() => void save.retry()}
          onLoadLatest={() => void save.loadLatest().catch((err) => showAlert(reason(err), 'error'))}
          onKeepMine={() => void save.keepMine().catch((err) => showAlert(reason(err), 'error'))}
        />
        <p className="sr-only" role="status" aria-live="polite">
          {said}
        </p>
      </header>

      {save.keptCopy && (
        <KeptCopy text={save.keptCopy.title ? `${save.keptCopy.title}\n\n${save.keptCopy.body}` : save.keptCopy.body} onClose={save.dismissKeptCopy} />
      )}

      <div className="note-meta-fields">
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={fields.title}
            maxLength={NOTE_LIMITS.titleMax}
            onChange={(e) => setFields({ title: e.target.value })}
            placeholder="Untitled note"
          />
        </div>
        <TagsInput key={`tags-${save.generation}`} tags={fields.tags} onChange={(tags) => setFields({ tags })} />
        <div className="note-about" onChange={pickPerson}>
          {people.isPending ? (
            <p className="muted" role="status">
              Loading people…
            </p>
          ) : people.isError ? (
            <p className="field-error" role="alert">
              People could not be loaded, so who the note is about cannot be changed now.
            </p>
          ) : note.shared ? (
            <p className="muted">
              About <strong>{about?.full_name}</strong>. Stop sharing to change who this note is about.
            </p>
          ) : (
            <PersonPicker
              key={`about-${save.generation}`}
              label="About a person (1:1 note)"
              name="about_user_id"
              people={choices}
              defaultValue={fields.about_user_id}
              noneLabel="Nobody (a plain note)"
            />
          )}
        </div>
      </div>

      <ShareLine note={note} pending={aboutChanged} onShare={() => setSharing('share')} onStop={() => setSharing('stop')} />

      <div className="note-editor-layout">
        <NoteBodyEditor
          label={about ? 'My private notes (Markdown)' : 'Note (Markdown)'}
          value={fields.body}
          onChange={(body) => setFields({ body })}
          hint={
            about ? (
              <>
                Only you see these: {about.full_name} never does, {note.shared ? 'though the note is shared' : 'also once you share the note'}.
              </>
            ) : undefined
          }
          empty="The preview shows here as you write."
        />
        {note.about && <NoteAgenda note={note} api={api} viewerId={viewerId} />}
      </div>
      {about && <PrepareOneOnOne note={note} other={about.full_name} />}

      {sharing === 'share' && about && (
        <ShareNoteDialog
          note={{ ...note, title: fields.title }}
          person={about}
          onClose={() => setSharing(null)}
          onConfirm={async () => {
            await api.shareNote(note.id, true);
            setSaid(`Shared with ${about.full_name}.`);
          }}
        />
      )}
      {sharing === 'stop' && about && (
        <StopSharingDialog
          note={note}
          person={about}
          onClose={() => setSharing(null)}
          onConfirm={async () => {
            await api.shareNote(note.id, false);
            setSaid(`Stopped sharing. Only you can read this note now.`);
          }}
        />
      )}
      {deleting && (
        <DeleteNoteDialog
          title={note.title}
          sharedWith={note.shared ? about : null}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await api.deleteNote(note.id);
            showAlert('The note was deleted.', 'success');
            await navigate({ to: LIST_PATH });
          }}
        />
      )}
    </>
  );
}

function ShareLine({ note, pending, onShare, onStop }: { note: Note; pending: boolean; onShare: () => void; onStop: () => void }) {
  if (!note.about) {
    return <p className="muted note-share">Private: only you can read this note. Choose who it is about to make it a 1:1 note you can share with them.</p>;
  }
  if (note.shared) {
    return (
      <div className="notice note-share">
        <p>
          Shared with <strong>{note.about.full_name}</strong>
          {note.shared_at ? ` since ${formatDay(note.shared_at)}` : ''}: you both see the title and the agenda. Your private notes and tags stay yours. Nobody
          else sees it.
        </p>
        <button type="button" className="button button-secondary button-small" onClick={onStop}>
          Stop sharing
        </button>
      </div>
    );
  }
  return (
    <div className="note-share">
      <p className="muted">
        Private: only you can read this note, admins included. Share its agenda with {note.about.full_name} to prepare your 1:1s together; your private notes
        stay yours.
      </p>
      <button type="button" className="button button-secondary button-small" disabled={pending} onClick={onShare}>
        Share with {note.about.full_name}
      </button>
      {pending && <p className="field-hint">Saving the person first…</p>}
    </div>
  );
}
