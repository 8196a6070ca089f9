import { useId, useState } from 'react';

export type Option = { id: string; label: string; detail?: string | null };

/** A searchable multi-pick (people or teams): the chosen ones as removable chips, matches as checkboxes. */
export function SearchPicker({ label, options, chosen, onChange, error, name }: {
  label: string; name: string; options: Option[]; chosen: string[]; onChange: (ids: string[]) => void; error?: string | undefined;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const matches = options.filter((o) => !q || o.label.toLowerCase().includes(q) || (o.detail ?? '').toLowerCase().includes(q)).slice(0, 50);
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
              <button type="button" className="button button-ghost button-small" aria-label={`Remove ${byId.get(c)?.label ?? c}`} onClick={() => toggle(c, false)}>×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>Search {label.toLowerCase()}</label>
        <input id={`${id}-search`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-name={name} autoComplete="off" />
      </div>
      {matches.length === 0 ? <p className="muted">No match.</p> : (
        <ul className="rc-options">
          {matches.map((o) => (
            <li key={o.id}>
              <label className="checkbox">
                <input type="checkbox" name={name} value={o.id} checked={chosen.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
                {o.label}{o.detail ? <>{' '}<span className="muted">· {o.detail}</span></> : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </fieldset>
  );
}
