import { useId, useState, type ReactNode } from 'react';
import { NOTE_LIMITS } from '../../../shared/notes.limits.js';
import { NoteMarkdown } from './note-markdown.js';
import { formatNumber } from '../../../shared/format.js';

/**
 * A Markdown text being written, with its live preview (side by side from 768 px, one at a time
 * below, switched by Write / Preview) and its length. The author's note, or either person's own
 * private notes on a 1:1 (docs/decisions/0056): `hint` says who reads it.
 */
export function NoteBodyEditor({
  label,
  hint,
  value,
  onChange,
  empty,
}: {
  label: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** What the preview says while the text is empty. */
  empty: string;
}) {
  const id = useId();
  const [pane, setPane] = useState<'write' | 'preview'>('write');
  const tooLong = value.length > NOTE_LIMITS.bodyMax;
  return (
    <div className="note-write-area">
      <div className="note-pane-toggle" role="group" aria-label="Show">
        <button type="button" className="button button-secondary button-small" aria-pressed={pane === 'write'} onClick={() => setPane('write')}>
          Write
        </button>
        <button type="button" className="button button-secondary button-small" aria-pressed={pane === 'preview'} onClick={() => setPane('preview')}>
          Preview
        </button>
      </div>
      <div className="note-panes">
        <div className={pane === 'write' ? 'note-pane' : 'note-pane is-hidden-small'}>
          <label htmlFor={`${id}-body`}>{label}</label>
          {hint && (
            <p id={`${id}-hint`} className="field-hint note-private-hint">
              {hint}
            </p>
          )}
          <textarea
            id={`${id}-body`}
            className="note-body-input"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-count`}
            rows={18}
          />
          <p id={`${id}-count`} className={tooLong ? 'field-error' : 'field-hint'}>
            {formatNumber(value.length)} / {formatNumber(NOTE_LIMITS.bodyMax)} characters
            {tooLong ? ' · too long to save' : ''}
          </p>
        </div>
        <section className={pane === 'preview' ? 'note-pane' : 'note-pane is-hidden-small'} aria-label="Preview">
          <p className="note-pane-title" aria-hidden="true">
            Preview
          </p>
          <div className="tile note-preview">{value.trim() ? <NoteMarkdown source={value} /> : <p className="muted">{empty}</p>}</div>
        </section>
      </div>
    </div>
  );
}
