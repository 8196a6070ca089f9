import { useState } from 'react';
import { Field, TextAreaField } from '../../components/ui/field.js';
import { RETRO_COLOURS, RETRO_LIMITS, retroTemplateInputSchema } from '../../../shared/retros.js';
import { ItemOrderButtons, TemplateForm, useListEditing, useTemplateForm } from '../templates/template-form.js';
import { useSaveRetroTemplate, type RetroTemplate, type RetroTemplateDraftInput } from './retro-templates.api.js';

/** Names people read for the prompt colours (shared/retros.ts RETRO_COLOURS). */
export const RETRO_COLOUR_NAMES: Record<string, string> = {
  '#2f7d4f': 'Green',
  '#b3261e': 'Red',
  '#1d5fa8': 'Blue',
  '#8a5a00': 'Amber',
  '#6b3fa0': 'Purple',
  '#0f6e6e': 'Teal',
};
export const colourName = (hex: string): string => RETRO_COLOUR_NAMES[hex.toLowerCase()] ?? hex;

type DraftPrompt = { key: string; id?: string; title: string; description: string; colour: string };
let nextKey = 0;
const keyed = (p: Omit<DraftPrompt, 'key'>): DraftPrompt => ({ key: `rp-${++nextKey}`, ...p });
const blankPrompt = (index: number): DraftPrompt => keyed({ title: '', description: '', colour: RETRO_COLOURS[index % RETRO_COLOURS.length]! });

export function inputOfDraft(name: string, description: string, prompts: DraftPrompt[]): RetroTemplateDraftInput {
  return { name, description, prompts: prompts.map(({ id, title, description: d, colour }) => ({ ...(id ? { id } : {}), title, description: d, colour })) };
}

type Props = { template?: RetroTemplate | undefined; onDone: (saved: RetroTemplate) => void; onCancel: () => void };

/**
 * Creates or edits a retro template (features/templates): name, description, 1-6 prompts (title,
 * description, colour), added, removed and reordered with buttons.
 */
export function RetroTemplateForm({ template, onDone, onCancel }: Props) {
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [prompts, setPrompts] = useState<DraftPrompt[]>(() => (template ? template.prompts.map((p) => keyed(p)) : [blankPrompt(0)]));
  const save = useSaveRetroTemplate();
  const form = useTemplateForm({
    schema: retroTemplateInputSchema,
    input: inputOfDraft(name, description, prompts),
    version: template?.version,
    onDone,
    save: (input, baseVersion) => save.mutateAsync({ id: template?.id ?? null, input, baseVersion }),
  });
  const { errors } = form;

  const patch = (i: number, change: Partial<DraftPrompt>) => setPrompts((list) => list.map((p, j) => (j === i ? { ...p, ...change } : p)));

  const edit = useListEditing({
    form,
    items: prompts,
    onChange: setPrompts,
    noun: 'prompt',
    addId: 'rtt-add-prompt',
    fieldOf: (i) => `[name="prompts.${i}.title"]`,
    blank: blankPrompt,
  });

  return (
    <TemplateForm form={form} className="rtt-form" label={template ? `Edit ${template.name}` : 'New retro template'} onCancel={onCancel}>
      <div className="tile rtt-details">
        <Field
          label="Template name"
          name="name"
          value={name}
          maxLength={RETRO_LIMITS.templateNameMax}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextAreaField
          label="Description (optional)"
          name="description"
          value={description}
          maxLength={RETRO_LIMITS.templateDescriptionMax}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
      </div>

      <h2 className="rtt-subtitle">Prompts</h2>
      <p className="muted">
        The columns people write their reflections under: {RETRO_LIMITS.promptsMin} to {RETRO_LIMITS.promptsMax}.
      </p>
      {prompts.length === 0 && (
        <p className="notice" role="status">
          No prompts yet. Add at least one.
        </p>
      )}
      <ol className="rtt-prompts" aria-label="Prompts">
        {prompts.map((p, i) => {
          const path = `prompts.${i}`;
          const n = i + 1;
          return (
            <li key={p.key} className="rtt-prompt" aria-labelledby={`${p.key}-title`} style={{ borderLeftColor: p.colour }}>
              <div className="rt-item-head">
                <h3 id={`${p.key}-title`}>
                  Prompt {n}
                  {p.title.trim() ? `: ${p.title.trim()}` : ''}
                </h3>
                <ItemOrderButtons
                  itemKey={p.key}
                  index={i}
                  count={prompts.length}
                  noun="prompt"
                  onMove={(by) => edit.move(i, by)}
                  onRemove={() => edit.remove(i)}
                />
              </div>
              <Field
                label="Title"
                name={`${path}.title`}
                value={p.title}
                maxLength={RETRO_LIMITS.promptTitleMax}
                onChange={(e) => patch(i, { title: e.target.value })}
                error={errors[`${path}.title`]}
              />
              <TextAreaField
                label="Description (optional)"
                name={`${path}.description`}
                value={p.description}
                maxLength={RETRO_LIMITS.promptDescriptionMax}
                onChange={(e) => patch(i, { description: e.target.value })}
                error={errors[`${path}.description`]}
              />
              <fieldset className="rtt-swatches" aria-describedby={errors[`${path}.colour`] ? `${p.key}-colour-error` : undefined}>
                <legend>Colour</legend>
                {RETRO_COLOURS.map((c) => (
                  <label key={c} className="rtt-swatch">
                    <input
                      type="radio"
                      name={`${path}.colour`}
                      value={c}
                      checked={p.colour.toLowerCase() === c}
                      onChange={() => patch(i, { colour: c })}
                      aria-invalid={errors[`${path}.colour`] ? true : undefined}
                    />
                    <span className="rtt-swatch-dot" style={{ background: c }} aria-hidden="true" />
                    <span className="rtt-swatch-name">{colourName(c)}</span>
                  </label>
                ))}
                {errors[`${path}.colour`] && (
                  <p id={`${p.key}-colour-error`} className="field-error">
                    {errors[`${path}.colour`]}
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors.prompts && (
        <p className="field-error" role="alert">
          {errors.prompts}
        </p>
      )}
      <div>
        <button id="rtt-add-prompt" type="button" className="button button-secondary" disabled={prompts.length >= RETRO_LIMITS.promptsMax} onClick={edit.add}>
          Add prompt
        </button>
        {prompts.length >= RETRO_LIMITS.promptsMax && <p className="field-hint">A template has at most {RETRO_LIMITS.promptsMax} prompts.</p>}
      </div>
    </TemplateForm>
  );
}
