import { useId, useState } from 'react';

/** `keywords`: more text the search matches (an email), not shown. */
export type Option = { id: string; label: string; detail?: string | null; keywords?: string | null };

/** How many matches are listed at first, and added by each "Show more". */
export const PICKER_PAGE = 50;

const matchesQuery = (o: Option, q: string) => !q || [o.label, o.detail, o.keywords].some((v) => (v ?? '').toLowerCase().includes(q));

/** "Showing 50 of 312 people: type a name to narrow the list." */
export function pickerCount(shown: number, total: number, noun: string, searching: boolean): string {
  const what = searching ? `match${total === 1 ? '' : 'es'}` : noun;
  if (total === 0) return searching ? 'No match.' : `No ${noun} to choose from.`;
  if (shown < total) return `Showing ${shown} of ${total} ${what}: ${searching ? 'type more' : 'type a name'} to narrow the list.`;
  return `${total} ${what}${searching ? '' : ' in all'}.`;
}

/**
 * A searchable multi-pick (people or teams): the chosen ones as removable chips, matches as
 * checkboxes. The search covers every option (the whole organization for people); the list shows
 * the first matches and says how many of how many, with "Show more".
 */
export function SearchPicker({
  label,
  options,
  chosen,
  onChange,
  error,
  name,
}: {
  label: string;
  name: string;
  options: Option[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PICKER_PAGE);
  const q = query.trim().toLowerCase();
  const found = options.filter((o) => matchesQuery(o, q));
  const matches = found.slice(0, limit);
  const byId = new Map(options.map((o) => [o.id, o]));
  const toggle = (optionId: string, on: boolean) => onChange(on ? [...chosen, optionId] : chosen.filter((c) => c !== optionId));
  return (
    <fieldset className="rc-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {chosen.length > 0 && (
        <ul className="rc-picks" aria-label={`Chosen ${label.toLowerCase()}`}>
          {chosen.map((c) => (
            <li key={c} className="rc-pick">
              {byId.get(c)?.label ?? c}
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove ${byId.get(c)?.label ?? c}`}
                onClick={() => toggle(c, false)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>Search {label.toLowerCase()}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setLimit(PICKER_PAGE);
          }}
          data-name={name}
          autoComplete="off"
          aria-describedby={`${id}-count`}
        />
      </div>
      <p id={`${id}-count`} className="muted rc-picker-count" aria-live="polite">
        {pickerCount(matches.length, found.length, label.toLowerCase(), !!q)}
      </p>
      {matches.length > 0 && (
        <ul className="rc-options">
          {matches.map((o) => (
            <li key={o.id}>
              <label className="checkbox">
                <input type="checkbox" name={name} value={o.id} checked={chosen.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
                {o.label}
                {o.detail ? (
                  <>
                    {' '}
                    <span className="muted">· {o.detail}</span>
                  </>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      {found.length > matches.length && (
        <button type="button" className="button button-ghost button-small" onClick={() => setLimit((n) => n + PICKER_PAGE)}>
          Show {Math.min(PICKER_PAGE, found.length - matches.length)} more
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
