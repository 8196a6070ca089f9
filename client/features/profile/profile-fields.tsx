import { useId, useMemo, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type Described = { label: string; name: string; error?: string | undefined; hint?: string };

function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A labelled textarea with its error below (the same shape as components/ui/field.tsx). */
export function TextAreaField({ label, name, error, hint, ...rest }: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...rest} />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** IANA time zones from Intl.supportedValuesOf('timeZone'); the current value stays selectable. */
export function TimeZoneField({
  label,
  name,
  error,
  hint,
  defaultValue,
  ...rest
}: Described & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'defaultValue'> & { defaultValue: string | null }) {
  const id = useId();
  const zones = useMemo(() => {
    const list = supportedTimeZones();
    return defaultValue && !list.includes(defaultValue) ? [defaultValue, ...list] : list;
  }, [defaultValue]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      >
        <option value="">Not set</option>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
