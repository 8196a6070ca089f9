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
export function useZodForm<S extends z.ZodType>(
  schema: S | (() => Promise<S>),
  onValid: (values: z.output<S>, form: HTMLFormElement) => Promise<SubmitOutcome>,
) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

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
        const errors = fieldErrorsOf(parsed.error);
        setFieldErrors(errors);
        const firstName = Object.keys(errors)[0];
        const first = firstName ? form.querySelector<HTMLElement>(`[name="${CSS.escape(firstName)}"]`) : null;
        first?.focus();
        return;
      }
      setFieldErrors({});
      const outcome = await onValid(parsed.data, form);
      if (outcome) {
        setFieldErrors(outcome.fieldErrors ?? {});
        setFormError(outcome.formError ?? null);
      }
    } catch {
      setFormError('The server could not be reached. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  }

  return { onSubmit, fieldErrors, formError, sending, setFormError };
}
