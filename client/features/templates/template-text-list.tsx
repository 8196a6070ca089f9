import { Field } from '../../components/ui/field.js';
import type { FieldErrors } from '../../lib/forms.js';
import { ItemOrderButtons, useListEditing, type TemplateFormState } from './template-form.js';

/** One line of a text list being edited; `key` keeps React's and focus's hold on it while it moves. */
export type TextItem = { key: string; text: string };

let nextKey = 0;
/** A new line, with a key unique on the page. */
export const textItem = (text: string): TextItem => ({ key: `tl-${++nextKey}`, text });

/**
 * An editor's ordered list of one-line texts (a feedback template's questions, a health check's
 * statements): each a field named `<name>.<i>` with Up, Down and Remove; Add at the end until `max`.
 * Moves and removals are announced and keep focus on the item or the Add button.
 */
export function TextListEditor({
  form,
  items,
  onChange,
  name,
  noun,
  label,
  max,
  maxLength,
  maxHint,
  addId,
  listClassName,
  itemClassName,
}: {
  form: Pick<TemplateFormState, 'errors' | 'announce' | 'clearErrors'>;
  items: TextItem[];
  onChange: (update: (items: TextItem[]) => TextItem[]) => void;
  /** The schema's field: "questions". */
  name: string;
  /** One item, as people read it: "question". */
  noun: string;
  /** The list's accessible name: "Questions". */
  label: string;
  max: number;
  maxLength: number;
  /** Said under Add once the list is full. */
  maxHint?: string;
  addId: string;
  listClassName: string;
  itemClassName: string;
}) {
  const errors: FieldErrors = form.errors;
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  const edit = useListEditing({ form, items, onChange, noun, addId, fieldOf: (i) => `[name="${name}.${i}"]`, blank: () => textItem('') });
  return (
    <>
      {items.length === 0 && (
        <p className="notice" role="status">
          No {label.toLowerCase()} yet. Add at least one.
        </p>
      )}
      <ol className={listClassName} aria-label={label}>
        {items.map((item, i) => (
          <li key={item.key} className={itemClassName}>
            <Field
              label={`${Noun} ${i + 1}`}
              name={`${name}.${i}`}
              value={item.text}
              maxLength={maxLength}
              onChange={(e) => onChange((list) => list.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))}
              error={errors[`${name}.${i}`]}
            />
            <ItemOrderButtons itemKey={item.key} index={i} count={items.length} noun={noun} onMove={(by) => edit.move(i, by)} onRemove={() => edit.remove(i)} />
          </li>
        ))}
      </ol>
      {errors[name] && (
        <p className="field-error" role="alert">
          {errors[name]}
        </p>
      )}
      <div>
        <button id={addId} type="button" className="button button-secondary" disabled={items.length >= max} onClick={edit.add}>
          Add {noun}
        </button>
        {maxHint && items.length >= max && <p className="field-hint">{maxHint}</p>}
      </div>
    </>
  );
}
