import { useState } from 'react';
import { FEEDBACK_LIMITS, feedbackTemplateInputSchema } from '../../../shared/feedback.js';
import { Field, TextAreaField } from '../../components/ui/field.js';
import { TemplateForm, useTemplateForm } from '../templates/template-form.js';
import { TextListEditor, textItem, type TextItem } from '../templates/template-text-list.js';
import { useSaveFeedbackTemplate } from './feedback-templates.api.js';
import type { FeedbackTemplate } from './feedback.types.js';

const L = FEEDBACK_LIMITS;

type Props = { template?: FeedbackTemplate | undefined; onDone: (saved: FeedbackTemplate) => void; onCancel: () => void };

/**
 * Creates or edits a request template (features/templates): name, description, 1-10 questions
 * added, removed and reordered with buttons.
 */
export function FeedbackTemplateForm({ template, onDone, onCancel }: Props) {
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [questions, setQuestions] = useState<TextItem[]>(() => (template ? template.questions.map(textItem) : [textItem('')]));
  const save = useSaveFeedbackTemplate();
  const form = useTemplateForm({
    schema: feedbackTemplateInputSchema,
    input: { name, description, questions: questions.map((q) => q.text) },
    version: template?.version,
    onDone,
    save: (input, baseVersion) => save.mutateAsync({ id: template?.id ?? null, input, baseVersion }),
  });
  return (
    <TemplateForm form={form} className="ft-form" label={template ? `Edit ${template.name}` : 'New feedback template'} onCancel={onCancel}>
      <div className="tile ft-details">
        <Field
          label="Template name"
          name="name"
          value={name}
          maxLength={L.templateNameMax}
          onChange={(e) => setName(e.target.value)}
          error={form.errors.name}
        />
        <TextAreaField
          label="Description (optional)"
          name="description"
          value={description}
          maxLength={L.templateDescriptionMax}
          onChange={(e) => setDescription(e.target.value)}
          error={form.errors.description}
        />
      </div>
      <h2 className="ft-subtitle">Questions</h2>
      <p className="muted">
        What the people asked answer, each in their own words: {L.questionsMin} to {L.questionsMax} questions.
      </p>
      <TextListEditor
        form={form}
        items={questions}
        onChange={setQuestions}
        name="questions"
        noun="question"
        label="Questions"
        max={L.questionsMax}
        maxLength={L.questionMax}
        maxHint={`A template has at most ${L.questionsMax} questions.`}
        addId="ft-add-question"
        listClassName="ft-questions"
        itemClassName="ft-question"
      />
    </TemplateForm>
  );
}
