import type { FormEvent, ReactNode } from 'react';
import { Dialog } from '../../components/ui/dialog.js';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import type { z } from 'zod';
import { useZodForm, type FieldErrors } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';

/**
 * A rule form: the shared schema checks the values as the server will, then `save` sends them and
 * `done` gets the saved rule; what the server refuses shows at the fields (or above the buttons).
 */
export function useRuleForm<S extends z.ZodType, R>(schema: S, save: (values: z.output<S>) => Promise<R>, done: (saved: R) => void) {
  return useZodForm(schema, async (values) => {
    try {
      done(await save(values));
    } catch (err) {
      return refusedSave(err);
    }
  });
}

/** A select's error, linked to it (`<prefix>-<name>-error`), for the selects Field does not draw. */
export function selectErrors(prefix: string, errors: FieldErrors) {
  return {
    props: (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${prefix}-${name}-error` } : {}),
    message: (name: string) =>
      errors[name] ? (
        <p id={`${prefix}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null,
  };
}

type DialogProps = {
  title: string;
  description: ReactNode;
  form: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; formError: string | null; sending: boolean };
  editing: boolean;
  onClose: () => void;
  children: ReactNode;
};

/** A rule form in a dialog: its title and what the server does with the rule, the fields, Cancel and Create or Save. */
export function RuleDialog({ title, description, form, editing, onClose, children }: DialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog automation-dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description className="muted">{description}</Dialog.Description>
          <form className="automation-form" aria-label={title} onSubmit={form.onSubmit} noValidate>
            {children}
            <FormError message={form.formError} />
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button">
                Cancel
              </Dialog.Close>
              <SubmitButton sending={form.sending} sendingText="Saving…">
                {editing ? 'Save rule' : 'Create rule'}
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
