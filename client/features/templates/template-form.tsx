import { useBlocker } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import './templates.css';

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

/** The list with one item moved one place up (-1) or down (1); unchanged at either end. */
export function moved<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

type FormOptions<S extends z.ZodType, R> = {
  schema: S;
  /** The draft as the schema reads it; compared with the first one to know whether anything changed. */
  input: unknown;
  /** The version of the template being edited (none for a new one). */
  version: number | undefined;
  save: (data: z.output<S>, baseVersion: number) => Promise<R>;
  onDone: (saved: R) => void;
  /** Leaving for another page with unsaved changes asks first (a link, back, closing the tab). Default true. */
  guardLeaving?: boolean;
  /** After a refused save (the review editor closes its preview). */
  onRefused?: () => void;
};

/**
 * The state every template editor shares (feedback and retro templates, health checks, review
 * templates): the draft is checked with the shared schema before sending; the server's field errors
 * show at the same fields, its other refusals (a stale save, docs/decisions/0059) in the summary;
 * the first field marked invalid, or the summary, takes focus; nothing typed is lost.
 */
export function useTemplateForm<S extends z.ZodType, R extends { name: string }>(options: FormOptions<S, R>) {
  const { schema, input, save, onDone, guardLeaving = true, onRefused } = options;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, announce] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The version this editor started from: a list refreshed meanwhile must not move it (docs/decisions/0059).
  const [baseVersion] = useState(options.version ?? 0);
  const [initial] = useState(() => JSON.stringify(input));
  const saved = useRef(false);
  const current = JSON.stringify(input);
  const dirty = useMemo(() => current !== initial, [current, initial]);
  const blocker = useBlocker({
    shouldBlockFn: () => guardLeaving && dirty && !saved.current,
    enableBeforeUnload: () => guardLeaving && dirty && !saved.current,
    withResolver: true,
  });

  useEffect(() => {
    if (!attempt) return;
    (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('.template-form-summary'))?.focus();
  }, [attempt]);

  function refuse(next: FieldErrors, message: string | null) {
    setErrors(next);
    setFormError(message);
    onRefused?.();
    setAttempt((n) => n + 1);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = schema.safeParse(input);
    if (!parsed.success) return refuse(fieldErrorsOf(parsed.error), null);
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      const result = await save(parsed.data, baseVersion);
      saved.current = true;
      showAlert(`${result.name} was saved.`, 'success');
      onDone(result);
    } catch (err) {
      const refused = refusedSave(err);
      refuse(refused.fieldErrors ?? {}, refused.formError ?? null);
    } finally {
      setSending(false);
    }
  }

  /** Editing the list of items clears the marks of the last attempt (their paths moved). */
  const clearErrors = () => setErrors({});
  return { formRef, errors, formError, announcement, announce, sending, onSubmit, blocker, clearErrors };
}

export type TemplateFormState = ReturnType<typeof useTemplateForm>;

/**
 * A template editor's form: what is announced, the summary of what to fix, the editor's fields, then
 * Save, the editor's own actions and Cancel. Leaving with unsaved changes asks first.
 */
export function TemplateForm({
  form,
  label,
  className,
  saveLabel = 'Save template',
  summary,
  actions,
  onCancel,
  children,
}: {
  form: TemplateFormState;
  /** The form's accessible name: "New retro template", "Edit Sailboat". */
  label: string;
  className: string;
  saveLabel?: string;
  /** More in the summary of what to fix. */
  summary?: ReactNode;
  /** Between Save and Cancel. */
  actions?: ReactNode;
  onCancel: () => void;
  children: ReactNode;
}) {
  // Read once: `form` holds the form's ref, and React's rules read a ref's holder during render as a ref read.
  const { blocker, formRef, onSubmit, announcement, formError, sending, errors } = form;
  const problems = Object.keys(errors).length;
  return (
    <>
      {blocker.status === 'blocked' && (
        <ConfirmDialog
          title="Discard your changes?"
          description="This template has changes that are not saved. If you leave now, they are lost."
          cancelLabel="Keep editing"
          confirmLabel="Discard changes"
          onConfirm={blocker.proceed}
          onClose={blocker.reset}
        />
      )}
      <form ref={formRef} className={`form ${className}`} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={label}>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        {(problems > 0 || formError) && (
          <div className="notice notice-warning template-form-summary" role="alert" tabIndex={-1}>
            {formError ?? `Fix ${problems === 1 ? 'the problem' : `the ${problems} problems`} marked below, then save again.`}
            {summary}
          </div>
        )}
        {children}
        <div className="rt-form-actions">
          <SubmitButton sending={sending} sendingText="Saving…">
            {saveLabel}
          </SubmitButton>
          {actions}
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}

/**
 * Moving, removing and adding the items of an ordered list in an editor (`noun`: "prompt"): each
 * change is announced; focus stays on the moved item's button, goes to `addId` after a removal and to
 * the new item's first field (`fieldOf`) after an addition. Marks of the last attempt are cleared.
 */
export function useListEditing<T extends { key: string }>({
  form,
  items,
  onChange,
  noun,
  addId,
  fieldOf,
  blank,
}: {
  form: Pick<TemplateFormState, 'announce' | 'clearErrors'>;
  items: T[];
  onChange: (update: (items: T[]) => T[]) => void;
  noun: string;
  addId: string;
  /** A CSS selector of the first field of the item at this index. */
  fieldOf: (index: number) => string;
  blank: (index: number) => T;
}) {
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  return {
    move(i: number, by: -1 | 1) {
      const key = items[i]!.key;
      onChange((list) => moved(list, i, by));
      form.clearErrors();
      form.announce(`${Noun} moved to position ${i + 1 + by} of ${items.length}.`);
      focusSoon(`#${key}-${by < 0 ? 'up' : 'down'}`, `#${key}-${by < 0 ? 'down' : 'up'}`);
    },
    remove(i: number) {
      onChange((list) => list.filter((_, j) => j !== i));
      form.clearErrors();
      form.announce(`${Noun} ${i + 1} removed.`);
      focusSoon(`#${addId}`);
    },
    add() {
      onChange((list) => [...list, blank(list.length)]);
      form.announce(`${Noun} ${items.length + 1} added.`);
      focusSoon(fieldOf(items.length));
    },
  };
}

/**
 * Up, Down and Remove for one item of an ordered list in an editor (a prompt, a question, a
 * section...): named "Move question 2 up"; Up and Down keep their ids so focus can follow the item.
 */
export function ItemOrderButtons({
  itemKey,
  index,
  count,
  noun,
  onMove,
  onRemove,
  canRemove = true,
}: {
  itemKey: string;
  index: number;
  count: number;
  noun: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  canRemove?: boolean;
}) {
  const n = index + 1;
  return (
    <div className="rt-item-actions">
      <button
        id={`${itemKey}-up`}
        type="button"
        className="button button-secondary button-small"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={`Move ${noun} ${n} up`}
      >
        Up
      </button>
      <button
        id={`${itemKey}-down`}
        type="button"
        className="button button-secondary button-small"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${noun} ${n} down`}
      >
        Down
      </button>
      <button
        type="button"
        className="button button-ghost button-small rt-danger-text"
        disabled={!canRemove}
        onClick={onRemove}
        aria-label={`Remove ${noun} ${n}`}
      >
        Remove
      </button>
    </div>
  );
}
