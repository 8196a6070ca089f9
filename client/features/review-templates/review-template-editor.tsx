import { useBlocker } from '@tanstack/react-router';
import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { Field, SubmitButton } from '../../components/ui/field.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { showAlert } from '../../lib/alerts.js';
import {
  REVIEW_TEMPLATE_LIMITS, REVIEW_TEMPLATE_TYPES, REVIEW_TEMPLATE_TYPE_LABELS, reviewTemplateInputSchema, type ReviewTemplateType,
} from '../../../shared/review-template.schemas.js';
import { draftOf, draftReducer, inputOf, newDraft } from './review-template-draft.js';
import { DiscardChangesDialog } from './review-template-dialogs.js';
import { SelectField, TextAreaField, focusSoon } from './review-template-fields.js';
import { TemplatePreview } from './review-template-preview.js';
import { SectionEditor } from './review-template-section-editor.js';
import { useCreateReviewTemplate, useUpdateReviewTemplate, type ReviewTemplate } from './review-templates.api.js';

type Props = { template?: ReviewTemplate; onDone: (saved: ReviewTemplate) => void; onCancel: () => void };

/**
 * Creates or edits a template. The nested draft is reducer state validated with the shared
 * schema on save (docs/decisions/0015); errors show next to their fields, the first one is focused.
 */
export function TemplateEditor({ template, onDone, onCancel }: Props) {
  const [draft, dispatch] = useReducer(draftReducer, template, (t) => (t ? draftOf(t) : newDraft()));
  const [initial] = useState(() => JSON.stringify(inputOf(draft)));
  const saved = useRef(false);
  const dirty = useMemo(() => JSON.stringify(inputOf(draft)) !== initial, [draft, initial]);
  // Leaving with unsaved changes (a link, Cancel, back, closing the tab) asks first.
  const blocker = useBlocker({ shouldBlockFn: () => dirty && !saved.current, enableBeforeUnload: () => dirty && !saved.current, withResolver: true });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateReviewTemplate();
  const update = useUpdateReviewTemplate();
  // The version this editor started from (docs/decisions/0059): a save over someone else's newer one is refused, the editor keeps its text.
  const [baseVersion] = useState(template?.version ?? 0);
  const sending = create.isPending || update.isPending;
  const totalQuestions = draft.sections.reduce((n, s) => n + s.questions.length, 0);
  const problems = Object.keys(errors).length;

  // After a refused save, focus the first field marked invalid (or the summary when none is).
  useEffect(() => {
    if (!attempt || !problems) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('#rt-summary');
    first?.focus();
  }, [attempt, problems]);

  function refuse(next: FieldErrors, message: string | null) {
    setErrors(next);
    setFormError(message);
    setPreviewing(false);
    setAttempt((n) => n + 1);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = reviewTemplateInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) return refuse(fieldErrorsOf(parsed.error), null);
    setErrors({});
    setFormError(null);
    try {
      const result = template ? await update.mutateAsync({ id: template.id, input: parsed.data, baseVersion }) : await create.mutateAsync(parsed.data);
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
      <form ref={formRef} className="form rt-editor" onSubmit={onSubmit} noValidate aria-label={template ? `Edit ${template.name}` : 'New review template'}>
        <p className="sr-only" role="status" aria-live="polite">{announcement}</p>
        {(problems > 0 || formError) && (
          <div id="rt-summary" className="notice notice-warning" role="alert" tabIndex={-1}>
            {formError ?? `Fix ${problems === 1 ? 'the problem' : `the ${problems} problems`} marked below, then save again.`}
            {errors.sections && <p className="field-error">{errors.sections}</p>}
          </div>
        )}
        <div className="tile rt-details">
          <Field label="Template name" name="name" value={draft.name} maxLength={REVIEW_TEMPLATE_LIMITS.nameMax}
            onChange={(e) => dispatch({ type: 'details', patch: { name: e.target.value } })} error={errors.name} />
          <TextAreaField label="Description (optional)" name="description" value={draft.description} maxLength={REVIEW_TEMPLATE_LIMITS.descriptionMax}
            onChange={(e) => dispatch({ type: 'details', patch: { description: e.target.value } })} error={errors.description} />
          <SelectField label="Used for" name="review_type" value={draft.review_type} error={errors.review_type}
            onChange={(e) => dispatch({ type: 'details', patch: { review_type: e.target.value as ReviewTemplateType } })}>
            {REVIEW_TEMPLATE_TYPES.map((t) => <option key={t} value={t}>{REVIEW_TEMPLATE_TYPE_LABELS[t]}</option>)}
          </SelectField>
        </div>

        <ol className="rt-sections" aria-label="Sections">
          {draft.sections.map((section, s) => (
            <SectionEditor key={section.key} section={section} s={s} count={draft.sections.length} totalQuestions={totalQuestions}
              errors={errors} dispatch={dispatch} announce={setAnnouncement} />
          ))}
        </ol>
        <div>
          <button type="button" className="button button-secondary" disabled={draft.sections.length >= REVIEW_TEMPLATE_LIMITS.sectionsMax || totalQuestions >= REVIEW_TEMPLATE_LIMITS.questionsMax}
            onClick={() => {
              dispatch({ type: 'addSection' });
              setAnnouncement(`Section ${draft.sections.length + 1} added.`);
              focusSoon(`[name="sections.${draft.sections.length}.title"]`);
            }}>
            Add section
          </button>
        </div>
        <p className="muted">{totalQuestions} of at most {REVIEW_TEMPLATE_LIMITS.questionsMax} questions in {draft.sections.length} {draft.sections.length === 1 ? 'section' : 'sections'}.</p>

        {previewing && (
          <section className="tile" aria-labelledby="rt-draft-preview">
            <h2 id="rt-draft-preview">Preview</h2>
            <TemplatePreview template={{ name: draft.name || 'Untitled template', description: draft.description, sections: inputOf(draft).sections }} />
          </section>
        )}
        <div className="rt-form-actions">
          <SubmitButton sending={sending} sendingText="Saving…">Save template</SubmitButton>
          <button type="button" className="button button-secondary" aria-expanded={previewing} onClick={() => setPreviewing((v) => !v)}>{previewing ? 'Hide preview' : 'Preview'}</button>
          <button type="button" className="button button-ghost" onClick={onCancel}>Cancel</button>
        </div>
      </form>
    </>
  );
}
