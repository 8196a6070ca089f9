import { useEffect, useId, useRef, useState } from 'react';
import { agendaItemTextSchema } from '../../../shared/notes.js';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { formatDay } from '../../../shared/format.js';
import { DateField, isDateInRange } from '../../components/ui/date-field.js';
import type { Note, NoteAgendaItem } from './note.types.js';
import type { NotesApi } from './notes.api.js';
import { GraphqlError } from '../../lib/graphql.js';

const reason = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/**
 * The shared 1:1 agenda of a note about a person: talking points both people add, edit, tick off
 * and delete, and the next 1:1 date. Changes by the other person arrive through the note's
 * subscription and are read out politely. Editing a point's text sends the version it started
 * from: if the other person changed it meanwhile, the save is refused and both texts are shown.
 */
export function NoteAgenda({ note, api, viewerId }: { note: Note; api: NotesApi; viewerId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const announcement = useAgendaAnnouncement(note.agenda, viewerId);
  const other = note.mine ? note.about : note.author;
  const open = note.agenda.filter((i) => !i.done).length;

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const parsed = agendaItemTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the talking point.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api.addAgendaItem(note.id, parsed.data);
      setText('');
    } catch (err) {
      setError(`The talking point was not added: ${reason(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="tile note-agenda" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>1:1 agenda</h2>
      <p className="muted">
        {note.shared
          ? `Shared with ${other?.full_name ?? 'the other person'}: you both add talking points and tick them off.`
          : 'Only you see this agenda until you share the note.'}
      </p>
      <NextOneOnOne note={note} api={api} />
      <h3 id={`${id}-points`}>
        Talking points{' '}
        <span className="muted">
          ({open} open of {note.agenda.length})
        </span>
      </h3>
      {note.agenda.length === 0 ? (
        <p className="muted">No talking points yet. Add what you want to talk about.</p>
      ) : (
        <ul className="note-agenda-list" aria-labelledby={`${id}-points`}>
          {note.agenda.map((item) => (
            <AgendaLine key={item.id} item={item} api={api} noteId={note.id} />
          ))}
        </ul>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <form className="note-agenda-add" onSubmit={(e) => void add(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-new`}>New talking point</label>
          <input
            id={`${id}-new`}
            value={text}
            maxLength={NOTE_LIMITS.agendaItemMax + 1}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <button type="submit" className="button button-small" disabled={busy || note.agenda.length >= NOTE_LIMITS.agendaItemsMax} aria-busy={busy || undefined}>
          Add talking point
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function AgendaLine({ item, api, noteId }: { item: NoteAgendaItem; api: NotesApi; noteId: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The tick shows at once; the server's answer (or a refusal) settles it. */
  const [ticking, setTicking] = useState<boolean | null>(null);
  const [editing, setEditing] = useState<{ text: string; base: number; conflict: boolean } | null>(null);
  async function act(what: () => Promise<unknown>, failed: string) {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (err) {
      setError(`${failed}: ${reason(err)}`);
    } finally {
      setBusy(false);
      setTicking(null);
    }
  }
  async function saveText(event: React.FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const parsed = agendaItemTextSchema.safeParse(editing.text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the talking point.');
    setBusy(true);
    setError(null);
    try {
      await api.updateAgendaItem(item.id, { text: parsed.data, base_version: editing.base });
      setEditing(null);
    } catch (err) {
      if (err instanceof GraphqlError && err.code === 'CONFLICT') {
        // Theirs comes in with the latest note; saving again replaces it knowingly.
        const latest = (await api.fetchLatest(noteId).catch(() => null))?.agenda.find((i) => i.id === item.id);
        setEditing({ text: editing.text, base: latest?.version ?? item.version, conflict: true });
      } else {
        setError(`Not saved: ${reason(err)}`);
      }
    } finally {
      setBusy(false);
    }
  }
  if (editing) {
    return (
      <li className="note-agenda-item is-editing">
        <form className="note-agenda-edit" onSubmit={(e) => void saveText(e)} noValidate>
          {editing.conflict && (
            <p className="field-error" role="alert">
              This talking point was changed meanwhile. It now reads: <q>{item.text}</q>. Your text is kept below: save to replace theirs, or cancel to keep
              theirs.
            </p>
          )}
          <div className="field">
            <label htmlFor={`${id}-text`}>Talking point</label>
            <input
              id={`${id}-text`}
              value={editing.text}
              maxLength={NOTE_LIMITS.agendaItemMax + 1}
              autoFocus
              onChange={(e) => setEditing({ ...editing, text: e.target.value })}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="note-agenda-edit-actions">
            <button type="submit" className="button button-small" disabled={busy} aria-busy={busy || undefined}>
              {editing.conflict ? 'Save mine over theirs' : 'Save'}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => {
                setEditing(null);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      </li>
    );
  }
  return (
    <li className={item.done ? 'note-agenda-item is-done' : 'note-agenda-item'}>
      <input
        type="checkbox"
        id={`${id}-done`}
        checked={ticking ?? item.done}
        disabled={busy}
        onChange={(e) => {
          const done = e.target.checked;
          setTicking(done);
          void act(() => api.updateAgendaItem(item.id, { done }), 'Not changed');
        }}
      />
      <label htmlFor={`${id}-done`}>
        <span className="note-agenda-text">{item.text}</span>
        <span className="muted note-agenda-meta">
          {item.created_by ? ` · added by ${item.created_by.full_name}` : ''}
          {item.done && item.done_by ? ` · done by ${item.done_by.full_name}` : ''}
        </span>
      </label>
      <span className="note-agenda-actions">
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          aria-label={`Edit talking point “${item.text}”`}
          onClick={() => {
            setError(null);
            setEditing({ text: item.text, base: item.version, conflict: false });
          }}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          aria-label={`Delete talking point “${item.text}”`}
          onClick={() => void act(() => api.deleteAgendaItem(item.id), 'Not deleted')}
        >
          Delete
        </button>
      </span>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function NextOneOnOne({ note, api }: { note: Note; api: NotesApi }) {
  const [value, setValue] = useState(note.next_one_on_one ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const last = useRef(note.next_one_on_one ?? '');
  // The other person's change arrives live: show it unless this field holds an unsent edit.
  useEffect(() => {
    const server = note.next_one_on_one ?? '';
    setValue((current) => (current === last.current ? server : current));
    last.current = server;
  }, [note.next_one_on_one]);

  async function change(next: string) {
    setValue(next);
    if (next !== '' && !isDateInRange(next)) return;
    setError(null);
    try {
      await api.setNextOneOnOne(note.id, next || null);
      last.current = next;
      setSaved(next ? `Next 1:1 set to ${formatDay(next)}.` : 'Next 1:1 date removed.');
    } catch (err) {
      setError(`The date was not saved: ${reason(err)}`);
    }
  }
  return (
    <div className="note-next">
      <DateField label="Next 1:1" name="next_one_on_one" value={value} onChange={(e) => void change(e.target.value)} error={error ?? undefined} />
      <p className="sr-only" role="status" aria-live="polite">
        {saved}
      </p>
    </div>
  );
}

/** "Grace added “Roadmap”." when the agenda changes under the viewer's eyes (their own changes are told by the screen itself). */
function useAgendaAnnouncement(agenda: NoteAgendaItem[], viewerId: string): string {
  // The agenda the message was last worked out from: a new agenda is compared with it while rendering.
  const [told, setTold] = useState({ agenda, message: '' });
  if (told.agenda !== agenda) {
    const said = agendaChanges(told.agenda, agenda, viewerId);
    setTold({ agenda, message: said.length > 0 ? said.join(' ') : told.message });
  }
  return told.message;
}

function agendaChanges(before: NoteAgendaItem[], agenda: NoteAgendaItem[], viewerId: string): string[] {
  const old = new Map(before.map((i) => [i.id, i]));
  const said: string[] = [];
  for (const item of agenda) {
    const was = old.get(item.id);
    if (!was && item.created_by && item.created_by.id !== viewerId) said.push(`${item.created_by.full_name} added “${item.text}”.`);
    if (was && !was.done && item.done && item.done_by && item.done_by.id !== viewerId) said.push(`${item.done_by.full_name} ticked off “${item.text}”.`);
  }
  const now = new Set(agenda.map((i) => i.id));
  for (const gone of old.values()) if (!now.has(gone.id)) said.push(`“${gone.text}” was removed.`);
  return said;
}
