import { useReducer, useState } from 'react';
import { Field, SelectField, TextAreaField } from '../../components/ui/field.js';
import {
  REVIEW_TEMPLATE_LIMITS,
  REVIEW_TEMPLATE_TYPES,
  REVIEW_TEMPLATE_TYPE_LABELS,
  reviewTemplateInputSchema,
  type ReviewTemplateType,
} from '../../../shared/review-template.schemas.js';
import { TemplateForm, focusSoon, useTemplateForm } from '../templates/template-form.js';
import { draftOf, draftReducer, inputOf, newDraft } from './review-template-draft.js';
import { TemplatePreview } from './review-template-preview.js';
import { SectionEditor } from './review-template-section-editor.js';
import { useCreateReviewTemplate, useUpdateReviewTemplate, type ReviewTemplate } from './review-templates.api.js';

type Props = { template?: ReviewTemplate; onDone: (saved: ReviewTemplate) => void; onCancel: () => void };

/**
 * Creates or edits a template (features/templates). The nested draft is reducer state validated with
 * the shared schema on save (docs/decisions/0015); errors show next to their fields, the first one is focused.
 */
export function TemplateEditor({ template, onDone, onCancel }: Props) {
  const [draft, dispatch] = useReducer(draftReducer, template, (t) => (t ? draftOf(t) : newDraft()));
  const [previewing, setPreviewing] = useState(false);
  const create = useCreateReviewTemplate();
  const update = useUpdateReviewTemplate();
  const form = useTemplateForm({
    schema: reviewTemplateInputSchema,
    input: inputOf(draft),
    version: template?.version,
    onDone,
    onRefused: () => setPreviewing(false),
    save: (input, baseVersion) => (template ? update.mutateAsync({ id: template.id, input, baseVersion }) : create.mutateAsync(input)),
  });
  const { errors, announce: setAnnouncement } = form;
  const totalQuestions = draft.sections.reduce((n, s) => n + s.questions.length, 0);

  return (
    <TemplateForm
      form={form}
      className="rt-editor"
      label={template ? `Edit ${template.name}` : 'New review template'}
      onCancel={onCancel}
      summary={errors.sections && <p className="field-error">{errors.sections}</p>}
      actions={
        <button type="button" className="button button-secondary" aria-expanded={previewing} onClick={() => setPreviewing((v) => !v)}>
          {previewing ? 'Hide preview' : 'Preview'}
        </button>
      }
    >
      <div className="tile rt-details">
        <Field
          label="Template name"
          name="name"
          value={draft.name}
          maxLength={REVIEW_TEMPLATE_LIMITS.nameMax}
          onChange={(e) => dispatch({ type: 'details', patch: { name: e.target.value } })}
          error={errors.name}
        />
        <TextAreaField
          label="Description (optional)"
          name="description"
          value={draft.description}
          maxLength={REVIEW_TEMPLATE_LIMITS.descriptionMax}
          onChange={(e) => dispatch({ type: 'details', patch: { description: e.target.value } })}
          error={errors.description}
        />
        <SelectField
          label="Used for"
          name="review_type"
          value={draft.review_type}
          error={errors.review_type}
          onChange={(e) => dispatch({ type: 'details', patch: { review_type: e.target.value as ReviewTemplateType } })}
        >
          {REVIEW_TEMPLATE_TYPES.map((t) => (
            <option key={t} value={t}>
              {REVIEW_TEMPLATE_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>

      <ol className="rt-sections" aria-label="Sections">
        {draft.sections.map((section, s) => (
          <SectionEditor
            key={section.key}
            section={section}
            s={s}
            count={draft.sections.length}
            totalQuestions={totalQuestions}
            errors={errors}
            dispatch={dispatch}
            announce={setAnnouncement}
          />
        ))}
      </ol>
      <div>
        <button
          type="button"
          className="button button-secondary"
          disabled={draft.sections.length >= REVIEW_TEMPLATE_LIMITS.sectionsMax || totalQuestions >= REVIEW_TEMPLATE_LIMITS.questionsMax}
          onClick={() => {
            dispatch({ type: 'addSection' });
            setAnnouncement(`Section ${draft.sections.length + 1} added.`);
            focusSoon(`[name="sections.${draft.sections.length}.title"]`);
          }}
        >
          Add section
        </button>
      </div>
      <p className="muted">
        {totalQuestions} of at most {REVIEW_TEMPLATE_LIMITS.questionsMax} questions in {draft.sections.length}{' '}
        {draft.sections.length === 1 ? 'section' : 'sections'}.
      </p>

      {previewing && (
        <section className="tile" aria-labelledby="rt-draft-preview">
          <h2 id="rt-draft-preview">Preview</h2>
          <TemplatePreview template={{ name: draft.name || 'Untitled template', description: draft.description, sections: inputOf(draft).sections }} />
        </section>
      )}
    </TemplateForm>
  );
}
