import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useId, useState, type KeyboardEvent } from 'react';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import type { SaveStatus } from './note-autosave.js';
import type { Person } from './note.types.js';
import { formatTime } from '../../../shared/format.js';

/** The autosave line, read out politely: "Saving…", "Saved at 10:42", or why the text is not saved (with a retry). */
export function SaveStatusLine({
  status,
  onRetry,
  onLoadLatest,
  onKeepMine,
}: {
  status: SaveStatus;
  onRetry: () => void;
  onLoadLatest: () => void;
  onKeepMine: () => void;
}) {
  const text =
    status.kind === 'unsaved'
      ? 'Unsaved changes'
      : status.kind === 'saving'
        ? 'Saving…'
        : status.kind === 'saved'
          ? `Saved at ${formatTime(status.at)}`
          : status.kind === 'error'
            ? `Not saved: ${status.reason}. Your text is kept here.`
            : status.kind === 'conflict'
              ? 'Not saved: this note was changed elsewhere (another tab or device) since you opened it. Your text is kept here.'
              : '';
  const failed = status.kind === 'error' || status.kind === 'conflict';
  return (
    <div className={failed ? 'note-save-status is-failed' : 'note-save-status'}>
      <p role="status" aria-live="polite" className={failed ? 'note-save-error' : 'muted'}>
        {text}
      </p>
      {status.kind === 'error' && (
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>
          Retry
        </button>
      )}
      {status.kind === 'conflict' && (
        <>
          <button type="button" className="button button-small" onClick={onLoadLatest}>
            Load the latest version
          </button>
          <button type="button" className="button button-secondary button-small" onClick={onKeepMine}>
            Save mine over it
          </button>
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
              <button
                type="button"
                className="note-chip-remove"
                aria-label={`Remove tag ${t}`}
                disabled={disabled}
                onClick={() => onChange(tags.filter((x) => x !== t))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="note-tags-add">
        <input
          id={`${id}-input`}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          placeholder="Type a tag, then Enter"
        />
      </div>
      <p id={`${id}-hint`} className="field-hint">
        Up to {NOTE_LIMITS.tagsMax} tags. Enter or a comma adds one.
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** After "Load the latest version": the viewer's own text that was not saved, in view until they close it. */
export function KeptCopy({ text, onClose }: { text: string; onClose: () => void }) {
  const id = useId();
  return (
    <section className="tile note-kept" aria-labelledby={`${id}-kept`}>
      <h2 id={`${id}-kept`}>Your unsaved text</h2>
      <p className="muted">The editor now shows the latest version. Copy what you need from your text below; it stays here until you close it.</p>
      <label htmlFor={`${id}-kept-body`} className="sr-only">
        Your unsaved text
      </label>
      <textarea id={`${id}-kept-body`} readOnly rows={6} value={text} />
      <button type="button" className="button button-secondary button-small" onClick={onClose}>
        Close my unsaved text
      </button>
    </section>
  );
}

/** Deleting removes the note for both people of a shared 1:1, the other person's own private notes on it too. */
export function DeleteNoteDialog({
  title,
  sharedWith,
  onConfirm,
  onClose,
}: {
  title: string;
  sharedWith: Person | null;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const shared = !!sharedWith;
  return (
    <ConfirmDialog
      title={`Delete “${title || 'Untitled note'}”?`}
      cancelLabel="Keep it"
      confirmLabel="Delete note"
      busyLabel="Deleting…"
      onConfirm={onConfirm}
      onClose={onClose}
      description={`The note${shared ? ', its shared agenda and its talking points' : ' and its talking points'} will be gone${shared ? ` for both of you, with ${sharedWith.full_name}'s own private notes on it` : ''}. This cannot be undone.`}
    />
  );
}
