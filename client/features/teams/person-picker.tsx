import { useId, useMemo, useState } from 'react';
import type { PickablePerson } from './api.js';

/** How many matches the list shows at once; typing narrows it. */
export const PICKER_LIMIT = 100;

export function matchesPerson(person: { full_name: string; email: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || person.full_name.toLowerCase().includes(q) || person.email.toLowerCase().includes(q);
}

type Props = {
  label: string;
  name: string;
  people: readonly PickablePerson[];
  defaultValue?: string | null;
  error?: string | undefined;
  noneLabel?: string;
};

/**
 * One person out of the organization: a search box narrows a native <select> (keyboard and
 * screen-reader friendly at any size). The chosen person stays in the list while searching.
 */
export function PersonPicker({ label, name, people, defaultValue, error, noneLabel = 'Nobody' }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [value, setValue] = useState(defaultValue ?? '');
  const matches = useMemo(() => people.filter((p) => matchesPerson(p, query)), [people, query]);
  const shown = matches.slice(0, PICKER_LIMIT);
  const selected = people.find((p) => p.id === value);
  if (selected && !shown.includes(selected)) shown.unshift(selected);
  const describedBy = [`${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field team-picker">
      <label htmlFor={`${id}-select`}>{label}</label>
      <input
        type="search"
        className="team-picker-search"
        aria-label={`Search people for ${label.toLowerCase()}`}
        placeholder="Search by name or email"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <select
        id={`${id}-select`}
        name={name}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{noneLabel}</option>
        {shown.map((p) => (
          <option key={p.id} value={p.id}>
            {p.full_name} ({p.email})
          </option>
        ))}
      </select>
      <p id={`${id}-count`} className="field-hint">
        {matches.length > PICKER_LIMIT
          ? `Showing ${PICKER_LIMIT} of ${matches.length} matches; type to narrow.`
          : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
