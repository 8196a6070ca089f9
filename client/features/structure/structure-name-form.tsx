import { useEffect, useId, useRef } from 'react';
import { STRUCTURE_NAME_MAX, structureNodeNameSchema } from '../../../shared/structure.schemas.js';
import { useZodForm } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';

type Props = { label: string; defaultValue?: string; submitText: string; onSave: (name: string) => Promise<void>; onCancel: () => void };

/** The inline name input of the tree editor: Enter saves, Escape cancels; a refusal shows under the input. */
export function StructureNameForm({ label, defaultValue = '', submitText, onSave, onCancel }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const { onSubmit, fieldErrors, formError, sending } = useZodForm(structureNodeNameSchema, async ({ name }) => {
    try {
      await onSave(name);
    } catch (err) {
      if (err instanceof GraphqlError && err.code !== null)
        return { fieldErrors: { name: err.fields.name ?? err.fields.unit_name ?? err.fields.title ?? err.message } };
      return { formError: 'The server could not be reached. Check your connection and try again.' };
    }
  });
  const error = fieldErrors.name ?? formError ?? undefined;
  return (
    <form
      className="structure-inline"
      onSubmit={onSubmit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name="name"
        defaultValue={defaultValue}
        maxLength={STRUCTURE_NAME_MAX}
        autoComplete="off"
        placeholder={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="button button-small" disabled={sending}>
        {sending ? 'Saving…' : submitText}
      </button>
      <button type="button" className="button button-ghost button-small" onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="field-error structure-inline-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
