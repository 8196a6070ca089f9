import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type Described = { label: string; name: string; error?: string | undefined; hint?: ReactNode };

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function Help({ id, hint, error }: { id: string; hint: ReactNode; error: string | undefined }) {
  return (
    <>
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </>
  );
}

/** A labelled textarea with its error right below it, like Field. */
export function TextAreaField({ label, name, error, hint, ...rest }: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} rows={2} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...rest} />
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select with its error right below it. */
export function SelectField({ label, name, error, hint, children, ...rest }: Described & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...rest}>{children}</select>
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

/** Focuses the first enabled match once React has put things in place (keyboard reordering keeps focus). */
export function focusSoon(...selectors: string[]): void {
  requestAnimationFrame(() => {
    for (const selector of selectors) {
      const el = document.querySelector<HTMLButtonElement>(selector);
      if (el && !el.disabled) {
        el.focus();
        return;
      }
    }
  });
}
