import { useBlocker } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Field, SubmitButton } from '../../components/ui/field.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { showAlert } from '../../lib/alerts.js';
import { RETRO_COLOURS, RETRO_LIMITS, retroTemplateInputSchema } from '../../../shared/retros.js';
import { DiscardChangesDialog } from '../review-templates/review-template-dialogs.js';
import { TextAreaField, focusSoon } from '../review-templates/review-template-fields.js';
import { useSaveRetroTemplate, type RetroTemplate, type RetroTemplateDraftInput } from './retro-templates.api.js';
import { moved } from '../review-templates/review-template-draft.js';

/** Names people read for the prompt colours (shared/retros.ts RETRO_COLOURS). */
export const RETRO_COLOUR_NAMES: Record<string, string> = {
  '#2f7d4f': 'Green', '#b3261e': 'Red', '#1d5fa8': 'Blue', '#8a5a00': 'Amber', '#6b3fa0': 'Purple', '#0f6e6e': 'Teal',
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
 * Creates or edits a retro template: name, description, 1-6 prompts (title, description, colour),
 * added, removed and reordered with buttons. Checked with the shared schema before sending; the
 * server's field errors show at the same fields.
 */
export function RetroTemplateForm({ template, onDone, onCancel }: Props) {
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [prompts, setPrompts] = useState<DraftPrompt[]>(() => template ? template.prompts.map((p) => keyed(p)) : [blankPrompt(0)]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveRetroTemplate();
  // The version this form started from: a list refreshed meanwhile must not move it (docs/decisions/0059).
  const [baseVersion] = useState(template?.version ?? 0);
  const problems = Object.keys(errors).length;
  // Leaving for another page (a link, back, closing the tab) with unsaved changes asks first.
  const [initial] = useState(() => JSON.stringify(inputOfDraft(name, description, prompts)));
  const saved = useRef(false);
  const dirty = useMemo(() => JSON.stringify(inputOfDraft(name, description, prompts)) !== initial, [name, description, prompts, initial]);
  const blocker = useBlocker({ shouldBlockFn: () => dirty && !saved.current, enableBeforeUnload: () => dirty && !saved.current, withResolver: true });

  useEffect(() => {
    if (!attempt) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('.rtt-summary');
    target?.focus();
  }, [attempt]);

  function refuse(next: FieldErrors, message: string | null) {
    setErrors(next);
    setFormError(message);
    setAttempt((n) => n + 1);
  }

  const patch = (i: number, change: Partial<DraftPrompt>) => setPrompts((list) => list.map((p, j) => (j === i ? { ...p, ...change } : p)));

  function move(i: number, by: -1 | 1) {
    const key = prompts[i]!.key;
    setPrompts((list) => moved(list, i, by));
    setErrors({});
    setAnnouncement(`Prompt moved to position ${i + 1 + by} of ${prompts.length}.`);
    focusSoon(`#${key}-${by < 0 ? 'up' : 'down'}`, `#${key}-${by < 0 ? 'down' : 'up'}`);
  }

  function remove(i: number) {
    setPrompts((list) => list.filter((_, j) => j !== i));
    setErrors({});
    setAnnouncement(`Prompt ${i + 1} removed.`);
    focusSoon('#rtt-add-prompt');
  }

  function add() {
    setPrompts((list) => [...list, blankPrompt(list.length)]);
    setAnnouncement(`Prompt ${prompts.length + 1} added.`);
    focusSoon(`[name="prompts.${prompts.length}.title"]`);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = retroTemplateInputSchema.safeParse(inputOfDraft(name, description, prompts));
    if (!parsed.success) return refuse(fieldErrorsOf(parsed.error), null);
    setErrors({});
    setFormError(null);
    try {
      const result = await save.mutateAsync({ id: template?.id ?? null, input: parsed.data, baseVersion });
      saved.current = true;
      showAlert(`${result.name} was saved.`, 'success');
      onDone(result);
    } catch (err) {
      if (err instanceof GraphqlError && Object.keys(err.fields).length) refuse(err.fields, err.message);
      else refuse({}, err instanceof Error ? err.message : 'The template could not be saved.');
    }
  }

  return (
    <>
      {blocker.status === 'blocked' && <DiscardChangesDialog onStay={blocker.reset} onLeave={blocker.proceed} />}
      <form ref={formRef} className="form rtt-form" onSubmit={onSubmit} noValidate aria-label={template ? `Edit ${template.name}` : 'New retro template'}>
        <p className="sr-only" role="status" aria-live="polite">{announcement}</p>
        {(problems > 0 || formError) && (
          <div className="notice notice-warning rtt-summary" role="alert" tabIndex={-1}>
            {formError ?? `Fix ${problems === 1 ? 'the problem' : `the ${problems} problems`} marked below, then save again.`}
          </div>
        )}
        <div className="tile rtt-details">
          <Field label="Template name" name="name" value={name} maxLength={RETRO_LIMITS.templateNameMax} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <TextAreaField label="Description (optional)" name="description" value={description} maxLength={RETRO_LIMITS.templateDescriptionMax}
            onChange={(e) => setDescription(e.target.value)} error={errors.description} />
        </div>

        <h2 className="rtt-subtitle">Prompts</h2>
        <p className="muted">The columns people write their reflections under: {RETRO_LIMITS.promptsMin} to {RETRO_LIMITS.promptsMax}.</p>
        {prompts.length === 0 && <p className="notice" role="status">No prompts yet. Add at least one.</p>}
        <ol className="rtt-prompts" aria-label="Prompts">
          {prompts.map((p, i) => {
            const path = `prompts.${i}`;
            const n = i + 1;
            return (
              <li key={p.key} className="rtt-prompt" aria-labelledby={`${p.key}-title`} style={{ borderLeftColor: p.colour }}>
                <div className="rt-item-head">
                  <h3 id={`${p.key}-title`}>Prompt {n}{p.title.trim() ? `: ${p.title.trim()}` : ''}</h3>
                  <div className="rt-item-actions">
                    <button id={`${p.key}-up`} type="button" className="button button-secondary button-small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move prompt ${n} up`}>Up</button>
                    <button id={`${p.key}-down`} type="button" className="button button-secondary button-small" disabled={i === prompts.length - 1} onClick={() => move(i, 1)} aria-label={`Move prompt ${n} down`}>Down</button>
                    <button type="button" className="button button-ghost button-small rt-danger-text" onClick={() => remove(i)} aria-label={`Remove prompt ${n}`}>Remove</button>
                  </div>
                </div>
                <Field label="Title" name={`${path}.title`} value={p.title} maxLength={RETRO_LIMITS.promptTitleMax} onChange={(e) => patch(i, { title: e.target.value })} error={errors[`${path}.title`]} />
                <TextAreaField label="Description (optional)" name={`${path}.description`} value={p.description} maxLength={RETRO_LIMITS.promptDescriptionMax}
                  onChange={(e) => patch(i, { description: e.target.value })} error={errors[`${path}.description`]} />
                <fieldset className="rtt-swatches" aria-describedby={errors[`${path}.colour`] ? `${p.key}-colour-error` : undefined}>
                  <legend>Colour</legend>
                  {RETRO_COLOURS.map((c) => (
                    <label key={c} className="rtt-swatch">
                      <input type="radio" name={`${path}.colour`} value={c} checked={p.colour.toLowerCase() === c} onChange={() => patch(i, { colour: c })}
                        aria-invalid={errors[`${path}.colour`] ? true : undefined} />
                      <span className="rtt-swatch-dot" style={{ background: c }} aria-hidden="true" />
                      <span className="rtt-swatch-name">{colourName(c)}</span>
                    </label>
                  ))}
                  {errors[`${path}.colour`] && <p id={`${p.key}-colour-error`} className="field-error">{errors[`${path}.colour`]}</p>}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {errors.prompts && <p className="field-error" role="alert">{errors.prompts}</p>}
        <div>
          <button id="rtt-add-prompt" type="button" className="button button-secondary" disabled={prompts.length >= RETRO_LIMITS.promptsMax} onClick={add}>Add prompt</button>
          {prompts.length >= RETRO_LIMITS.promptsMax && <p className="field-hint">A template has at most {RETRO_LIMITS.promptsMax} prompts.</p>}
        </div>
        <div className="rt-form-actions">
          <SubmitButton sending={save.isPending} sendingText="Saving…">Save template</SubmitButton>
          <button type="button" className="button button-ghost" onClick={onCancel}>Cancel</button>
        </div>
      </form>
    </>
  );
}
