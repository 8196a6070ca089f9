import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string | undefined; hint?: ReactNode };

/** A labelled input with its error right below it (aria-invalid + aria-describedby). */
export function Field({ label, name, error, hint, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && <p id={hintId} className="field-hint">{hint}</p>}
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return <p role="alert" className="form-error">{message}</p>;
}

export function SubmitButton({ sending, children, sendingText }: { sending: boolean; children: ReactNode; sendingText: string }) {
  return (
    <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
      {sending ? sendingText : children}
    </button>
  );
}
