import { AlertDialog } from '../../components/ui/dialog.js';
import { useId, useState, type KeyboardEvent } from 'react';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { FormError } from '../../components/ui/field.js';
import type { SaveStatus } from './note-autosave.js';
import type { Person } from './note.types.js';

const timeFormat = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
export const formatSavedAt = (at: Date) => timeFormat.format(at);

/** The autosave line, read out politely: "Saving…", "Saved at 10:42", or why the text is not saved (with a retry). */
export function SaveStatusLine({ status, onRetry, onLoadLatest, onKeepMine }: {
  status: SaveStatus; onRetry: () => void; onLoadLatest: () => void; onKeepMine: () => void;
}) {
  const text = status.kind === 'saving' ? 'Saving…'
    : status.kind === 'saved' ? `Saved at ${formatSavedAt(status.at)}`
    : status.kind === 'error' ? `Not saved: ${status.reason}. Your text is kept here.`
    : status.kind === 'conflict' ? 'Not saved: this note was changed elsewhere (another tab or device) since you opened it. Your text is kept here.'
    : '';
  const failed = status.kind === 'error' || status.kind === 'conflict';
  return (
    <div className={failed ? 'note-save-status is-failed' : 'note-save-status'}>
      <p role="status" aria-live="polite" className={failed ? 'note-save-error' : 'muted'}>{text}</p>
      {status.kind === 'error' && <button type="button" className="button button-secondary button-small" onClick={onRetry}>Retry</button>}
      {status.kind === 'conflict' && (
        <>
          <button type="button" className="button button-small" onClick={onLoadLatest}>Load the latest version</button>
          <button type="button" className="button button-secondary button-small" onClick={onKeepMine}>Save mine over it</button>
        </>
      )}
    </div>
  );
}

/** Tags as chips: Enter or a comma adds the typed tag (lower case, no duplicates), each chip has its own remove button. */
export function TagsInput({ tags, onChange, disabled }: { tags: string[]; onChange: (tags: string[]) => void; disabled?: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  function add() {
    const tag = text.trim().replace(/,+$/, '').trim().toLowerCase();
    if (!tag) return;
    if (tag.length > NOTE_LIMITS.tagMax) return setError(`Each tag: at most ${NOTE_LIMITS.tagMax} characters.`);
    if (tags.length >= NOTE_LIMITS.tagsMax) return setError(`At most ${NOTE_LIMITS.tagsMax} tags.`);
    setError(null);
    setText('');
    if (!tags.includes(tag)) onChange([...tags, tag]);
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !text && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }
  return (
    <div className="field note-tags">
      <label htmlFor={`${id}-input`}>Tags</label>
      {tags.length > 0 && (
        <ul className="note-chips" aria-label="Tags of this note">
          {tags.map((t) => (
            <li key={t} className="note-chip">
              <span>{t}</span>
              <button type="button" className="note-chip-remove" aria-label={`Remove tag ${t}`} disabled={disabled} onClick={() => onChange(tags.filter((x) => x !== t))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="note-tags-add">
        <input id={`${id}-input`} value={text} disabled={disabled} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} onBlur={add}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined} placeholder="Type a tag, then Enter" />
      </div>
      <p id={`${id}-hint`} className="field-hint">Up to {NOTE_LIMITS.tagsMax} tags. Enter or a comma adds one.</p>
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
    </div>
  );
}

/** Confirms sharing a 1:1 note, saying exactly who will see what. */
export function ShareNoteDialog({ person, onConfirm, onClose }: { person: Person; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Try again.');
      setBusy(false);
    }
  }
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Share this note with {person.full_name}?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>
              <p>{person.full_name} will be able to read this note: its title, text and tags, as you keep writing it. It becomes your shared 1:1 agenda: you both add talking points, tick them off and set the next 1:1 date.</p>
              <p>Only you edit the text. Nobody else sees the note, admins included. You can stop sharing at any time.</p>
            </div>
          </AlertDialog.Description>
          <FormError message={error} />
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Keep it private</AlertDialog.Cancel>
            <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
              {busy ? 'Sharing…' : `Share with ${person.full_name}`}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export function DeleteNoteDialog({ title, shared, onConfirm, onClose }: { title: string; shared: boolean; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Try again.');
      setBusy(false);
    }
  }
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete “{title || 'Untitled note'}”?</AlertDialog.Title>
          <AlertDialog.Description>
            The note{shared ? ', its shared agenda and its talking points' : ' and its talking points'} will be gone{shared ? ' for both of you' : ''}. This cannot be undone.
          </AlertDialog.Description>
          <FormError message={error} />
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">Keep it</AlertDialog.Cancel>
            <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
              {busy ? 'Deleting…' : 'Delete note'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
