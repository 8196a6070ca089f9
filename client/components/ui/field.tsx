import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type Described = { label: string; name: string; error?: string | undefined; hint?: ReactNode };
type FieldProps = InputHTMLAttributes<HTMLInputElement> & Described;

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function Help({ id, hint, error }: { id: string; hint: ReactNode; error: string | undefined }) {
  return (
    <>
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
    </>
  );
}

/** A labelled input with its error right below it (aria-invalid + aria-describedby). */
export function Field({ label, name, error, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
      <Help id={id} hint={hint} error={error} />
    </div>
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
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...rest}>
        {children}
      </select>
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}

export function SubmitButton({ sending, children, sendingText }: { sending: boolean; children: ReactNode; sendingText: string }) {
  return (
    <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
      {sending ? sendingText : children}
    </button>
  );
}
