import { useMutation } from '@tanstack/react-query';
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { RETRO_LIMITS, type RetroPrompt } from '../../../shared/retros.js';
import { LiveError, meetingOutcome, plural, useMeeting } from './retro-meeting-context.js';
import { useTypingSignal } from './retro-typing.js';
import type { Retro, RetroReflection } from './retro.types.js';
import { formatNumber } from '../../../shared/format.js';

const MAX = RETRO_LIMITS.reflectionMax;

/** REFLECT: one column per prompt; my reflections in full, everyone else's only as counts. */
export function ReflectPhase() {
  const { retro } = useMeeting();
  const mine = retro.reflections.filter((r) => r.mine);
  const w = retro.writing;
  return (
    <div className="retro-phase-body">
      <p className="notice">
        {retro.anonymous
          ? 'Anonymous: nobody, admins included, will see who wrote what.'
          : 'Signed: from the Group phase on, the team sees who wrote each reflection.'}{' '}
        Others see your reflections only from the Group phase on; until then you can edit or delete them.
      </p>
      <p className="retro-writing">
        <span>{writingNow(retro)}</span> ·{' '}
        <span aria-live="polite">
          {plural(w.people, 'person has', 'people have')} written {plural(w.reflections, 'reflection')}
        </span>
      </p>
      <div className="retro-columns">
        {retro.prompts.map((prompt) => (
          <PromptColumn
            key={prompt.id}
            prompt={prompt}
            mine={mine.filter((r) => r.prompt_id === prompt.id)}
            total={w.per_prompt.find((p) => p.prompt_id === prompt.id)?.count ?? 0}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * "2 people are writing now": from the "is writing" signals, not from the cards (docs/decisions/0059);
 * never what; who only in signed retros.
 */
export function writingNow(retro: Pick<Retro, 'anonymous' | 'typing'>): string {
  const t = retro.typing;
  const who = !retro.anonymous && t.people.length ? ` (${t.people.map((p) => p.full_name).join(', ')})` : '';
  return `${plural(t.count, 'person is', 'people are')} writing now${who}`;
}

function PromptColumn({ prompt, mine, total }: { prompt: RetroPrompt; mine: RetroReflection[]; total: number }) {
  const headingId = useId();
  const others = Math.max(0, total - mine.length);
  return (
    <section className="retro-column" aria-labelledby={headingId} style={{ borderTopColor: prompt.colour }}>
      <h3 id={headingId} className="retro-column-title">
        <span className="retro-swatch" style={{ background: prompt.colour }} aria-hidden="true" />
        {prompt.title}
      </h3>
      {prompt.description && <p className="muted retro-column-description">{prompt.description}</p>}
      <p className="retro-column-count">
        {plural(total, 'reflection')}
        {others > 0 ? ` (${others} by others)` : ''}
      </p>
      <AddReflection prompt={prompt} />
      {mine.length > 0 && (
        <ul className="retro-cards" aria-label={`My reflections: ${prompt.title}`}>
          {mine.map((r) => (
            <MyReflection key={r.id} reflection={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Ctrl+Enter or Cmd+Enter sends the text of a textarea. */
const sendsOnEnter = (e: KeyboardEvent<HTMLTextAreaElement>) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);

function ReflectionText({
  id,
  label,
  value,
  onChange,
  onSend,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  autoFocus?: boolean;
}) {
  const over = value.length > MAX;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        autoFocus={autoFocus}
        aria-invalid={over || undefined}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (sendsOnEnter(e)) {
            e.preventDefault();
            onSend();
          }
        }}
      />
      <span id={`${id}-count`} className={`retro-counter${over ? ' retro-counter-over' : ''}`}>
        {formatNumber(value.length)} / {formatNumber(MAX)}
        {over ? ' · too long' : ''}
      </span>
    </>
  );
}

function AddReflection({ prompt }: { prompt: RetroPrompt }) {
  const { api } = useMeeting();
  const [text, setText] = useState('');
  const addReflection = useMutation({ mutationFn: (writing: string) => api.addReflection(prompt.id, writing) });
  const { error, busy } = meetingOutcome([addReflection]);
  const id = useId();
  const send = useCallback((writing: boolean) => api.setTyping(writing), [api]);
  const signal = useTypingSignal(send);
  const valid = text.trim().length > 0 && text.length <= MAX;
  const add = () => {
    if (!valid || busy) return;
    addReflection.mutate(text.trim(), {
      onSuccess: () => {
        signal.sent();
        setText('');
      },
    });
  };
  return (
    <form
      className="retro-add"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <ReflectionText
        id={id}
        label={`New reflection: ${prompt.title}`}
        value={text}
        onChange={(v) => {
          setText(v);
          signal.typed(v);
        }}
        onSend={add}
      />
      <div className="retro-row">
        <button type="submit" className="button button-small" disabled={!valid || busy} aria-label={`Add to ${prompt.title}`}>
          Add
        </button>
        <span className="muted retro-hint">Ctrl+Enter or ⌘+Enter adds</span>
      </div>
      <LiveError error={error} />
    </form>
  );
}

function MyReflection({ reflection }: { reflection: RetroReflection }) {
  const { api } = useMeeting();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(reflection.text ?? '');
  const update = useMutation({ mutationFn: (changed: string) => api.updateReflection(reflection.id, changed) });
  const remove = useMutation({ mutationFn: () => api.deleteReflection(reflection.id) });
  const { error, busy } = meetingOutcome([update, remove]);
  const id = useId();
  const save = () => {
    if (!text.trim() || text.length > MAX || busy) return;
    update.mutate(text.trim(), { onSuccess: () => setEditing(false) });
  };
  if (editing) {
    return (
      <li className="retro-card retro-card-editing">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <ReflectionText id={id} label="Edit your reflection" value={text} onChange={setText} onSend={save} autoFocus />
          <div className="retro-row">
            <button type="submit" className="button button-small" disabled={busy || !text.trim() || text.length > MAX}>
              Save
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => {
                setEditing(false);
                setText(reflection.text ?? '');
              }}
            >
              Cancel
            </button>
          </div>
          <LiveError error={error} />
        </form>
      </li>
    );
  }
  return (
    <li className="retro-card">
      <p className="retro-text">{reflection.text}</p>
      <div className="retro-row">
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Edit “${reflection.text}”`}
          onClick={() => {
            setText(reflection.text ?? '');
            setEditing(true);
          }}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          aria-label={`Delete “${reflection.text}”`}
          onClick={() => remove.mutate()}
        >
          Delete
        </button>
      </div>
      <LiveError error={error} />
    </li>
  );
}
