import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FEEDBACK_LIMITS } from '../../../shared/feedback.js';
import { matchesPerson } from '../teams/person-picker.js';
import type { RequestPerson } from './feedback-requests.api.js';

const SHOWN = 8;

/**
 * Several people out of the organization (the people asked for feedback): a search box lists
 * matches to add; the chosen ones show as chips, each removed with its button (Enter, Space,
 * Backspace or Delete), the focus moving to the next chip or back to the search box.
 */
export function RespondersPicker({
  people,
  value,
  onChange,
  error,
  max = FEEDBACK_LIMITS.respondersMax,
}: {
  people: readonly RequestPerson[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  max?: number;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const byId = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  const chosen = value.map((v) => byId.get(v)).filter((p): p is RequestPerson => !!p);
  const full = value.length >= max;
  const matches = useMemo(() => (query.trim() ? people.filter((p) => !value.includes(p.id) && matchesPerson(p, query)) : []), [people, value, query]);

  function add(person: RequestPerson) {
    if (full) return;
    onChange([...value, person.id]);
    setQuery('');
    setAnnouncement(`${person.full_name} added: ${value.length + 1} of at most ${max} people.`);
    searchRef.current?.focus();
  }

  function remove(index: number) {
    const person = chosen[index]!;
    onChange(value.filter((v) => v !== person.id));
    setAnnouncement(`${person.full_name} removed: ${value.length - 1} of at most ${max} people.`);
    requestAnimationFrame(() => {
      const buttons = chipsRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
      (buttons[Math.min(index, buttons.length - 1)] ?? searchRef.current)?.focus();
    });
  }

  function onChipKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      remove(index);
    }
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset className="frq-people" aria-describedby={describedBy}>
      <legend>People to ask</legend>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {chosen.length > 0 && (
        <ul ref={chipsRef} className="frq-chips" aria-label="People to ask">
          {chosen.map((p, i) => (
            <li key={p.id} className="frq-chip">
              <span>{p.full_name}</span>
              <button
                type="button"
                className="frq-chip-remove"
                aria-label={`Remove ${p.full_name}`}
                onClick={() => remove(i)}
                onKeyDown={(e) => onChipKey(e, i)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>Find people to ask</label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          name="responder_search"
          autoComplete="off"
          placeholder="Search by name or email"
          value={query}
          disabled={full}
          onChange={(e) => setQuery(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {full ? `You chose ${max} people, the most one request can ask.` : `${value.length} chosen, up to ${max}.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {query.trim() &&
        (matches.length === 0 ? (
          <p className="muted">Nobody else matches “{query.trim()}”.</p>
        ) : (
          <ul className="frq-matches" aria-label="Matching people">
            {matches.slice(0, SHOWN).map((p) => (
              <li key={p.id}>
                <button type="button" className="frq-match" onClick={() => add(p)} aria-label={`Ask ${p.full_name}`}>
                  <strong>{p.full_name}</strong>
                  <span className="muted">{p.team ? `${p.team.name} · ${p.email}` : p.email}</span>
                </button>
              </li>
            ))}
            {matches.length > SHOWN && <li className="field-hint">{matches.length - SHOWN} more: type to narrow.</li>}
          </ul>
        ))}
    </fieldset>
  );
}
