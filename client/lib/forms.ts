import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

import { fieldErrorsOf, type FieldErrors } from '../../shared/field-errors.js';

export { fieldErrorsOf, type FieldErrors };
export type SubmitOutcome = { formError?: string; fieldErrors?: FieldErrors } | void;

/**
 * The one form approach: uncontrolled inputs (what was typed stays on a server error),
 * validation with a shared zod schema before sending, errors next to fields, submit
 * disabled while sending. `schema` may be a promise (schemas loaded on demand).
 */
const fieldOf = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]`);

export function useZodForm<S extends z.ZodType>(
  schema: S | (() => Promise<S>),
  onValid: (values: z.output<S>, form: HTMLFormElement) => Promise<SubmitOutcome>,
) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  /** Errors next to their fields, and the focus on the first field that has one. */
  function showFieldErrors(form: HTMLFormElement, errors: FieldErrors) {
    setFieldErrors(errors);
    const firstName = Object.keys(errors)[0];
    if (firstName) fieldOf(form, firstName)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const raw = Object.fromEntries(new FormData(form).entries());
    setSending(true);
    setFormError(null);
    try {
      const resolved = typeof schema === 'function' ? await (schema as () => Promise<S>)() : schema;
      const parsed = resolved.safeParse(raw);
      if (!parsed.success) {
        showFieldErrors(form, fieldErrorsOf(parsed.error));
        return;
      }
      setFieldErrors({});
      const outcome = await onValid(parsed.data, form);
      if (outcome) {
        // A server's field error shows at its field; the form-level alert only when it says something else.
        const errors = outcome.fieldErrors ?? {};
        const atField = Object.entries(errors).some(([name, message]) => message === outcome.formError && fieldOf(form, name)?.type !== 'hidden');
        showFieldErrors(form, errors);
        setFormError(outcome.formError && !atField ? outcome.formError : null);
      }
    } catch {
      setFormError('The server could not be reached. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  }

  return { onSubmit, fieldErrors, formError, sending, setFormError };
}
