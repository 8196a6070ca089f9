import { useBlocker } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_LIMITS, feedbackTemplateInputSchema } from '../../../shared/feedback.js';
import { Field, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { DiscardChangesDialog } from '../review-templates/review-template-dialogs.js';
import { moved } from '../review-templates/review-template-draft.js';
import { TextAreaField, focusSoon } from '../review-templates/review-template-fields.js';
import { useSaveFeedbackTemplate } from './feedback-templates.api.js';
import type { FeedbackTemplate } from './feedback.types.js';

const L = FEEDBACK_LIMITS;
type DraftQuestion = { key: string; text: string };
let nextKey = 0;
const keyed = (text: string): DraftQuestion => ({ key: `ftq-${++nextKey}`, text });
const inputOf = (name: string, description: string, questions: DraftQuestion[]) => ({ name, description, questions: questions.map((q) => q.text) });

type Props = { template?: FeedbackTemplate | undefined; onDone: (saved: FeedbackTemplate) => void; onCancel: () => void };

/**
 * Creates or edits a request template: name, description, 1-10 questions added, removed and
 * reordered with buttons. Checked with the shared schema before sending; the server's field
 * errors show at the same fields, and nothing typed is lost.
 */
export function FeedbackTemplateForm({ template, onDone, onCancel }: Props) {
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => (template ? template.questions.map(keyed) : [keyed('')]));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveFeedbackTemplate();
  // The version this form started from (docs/decisions/0059): a save over someone else's newer one is refused, the form keeps its text.
  const [baseVersion] = useState(template?.version ?? 0);
  const problems = Object.keys(errors).length;
  const [initial] = useState(() => JSON.stringify(inputOf(name, description, questions)));
  const saved = useRef(false);
  const dirty = useMemo(() => JSON.stringify(inputOf(name, description, questions)) !== initial, [name, description, questions, initial]);
  const blocker = useBlocker({ shouldBlockFn: () => dirty && !saved.current, enableBeforeUnload: () => dirty && !saved.current, withResolver: true });

  useEffect(() => {
    if (!attempt) return;
    (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('.ft-summary'))?.focus();
  }, [attempt]);

  function refuse(next: FieldErrors, message: string | null) {
    setErrors(next);
    setFormError(message);
    setAttempt((n) => n + 1);
  }

  function move(i: number, by: -1 | 1) {
    const key = questions[i]!.key;
    setQuestions((list) => moved(list, i, by));
    setErrors({});
    setAnnouncement(`Question moved to position ${i + 1 + by} of ${questions.length}.`);
    focusSoon(`#${key}-${by < 0 ? 'up' : 'down'}`, `#${key}-${by < 0 ? 'down' : 'up'}`);
  }

  function remove(i: number) {
    setQuestions((list) => list.filter((_, j) => j !== i));
    setErrors({});
    setAnnouncement(`Question ${i + 1} removed.`);
    focusSoon('#ft-add-question');
  }

  function add() {
    setQuestions((list) => [...list, keyed('')]);
    setAnnouncement(`Question ${questions.length + 1} added.`);
    focusSoon(`[name="questions.${questions.length}"]`);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = feedbackTemplateInputSchema.safeParse(inputOf(name, description, questions));
    if (!parsed.success) return refuse(fieldErrorsOf(parsed.error), null);
    setErrors({});
    setFormError(null);
    try {
      const result = await save.mutateAsync({ id: template?.id ?? null, input: parsed.data, baseVersion });
      saved.current = true;
      showAlert(`${result.name} was saved.`, 'success');
      onDone(result);
    } catch (err) {
      if (err instanceof GraphqlError) refuse(err.fields, err.message);
      else refuse({}, 'The template could not be saved.');
    }
  }

  return (
    <>
      {blocker.status === 'blocked' && <DiscardChangesDialog onStay={blocker.reset} onLeave={blocker.proceed} />}
      <form ref={formRef} className="form ft-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={template ? `Edit ${template.name}` : 'New feedback template'}>
        <p className="sr-only" role="status" aria-live="polite">{announcement}</p>
        {(problems > 0 || formError) && (
          <div className="notice notice-warning ft-summary" role="alert" tabIndex={-1}>
            {formError ?? `Fix ${problems === 1 ? 'the problem' : `the ${problems} problems`} marked below, then save again.`}
          </div>
        )}
        <div className="tile ft-details">
          <Field label="Template name" name="name" value={name} maxLength={L.templateNameMax} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <TextAreaField label="Description (optional)" name="description" value={description} maxLength={L.templateDescriptionMax}
            onChange={(e) => setDescription(e.target.value)} error={errors.description} />
        </div>
        <h2 className="ft-subtitle">Questions</h2>
        <p className="muted">What the people asked answer, each in their own words: {L.questionsMin} to {L.questionsMax} questions.</p>
        {questions.length === 0 && <p className="notice" role="status">No questions yet. Add at least one.</p>}
        <ol className="ft-questions" aria-label="Questions">
          {questions.map((q, i) => {
            const n = i + 1;
            return (
              <li key={q.key} className="ft-question">
                <Field label={`Question ${n}`} name={`questions.${i}`} value={q.text} maxLength={L.questionMax}
                  onChange={(e) => setQuestions((list) => list.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))} error={errors[`questions.${i}`]} />
                <div className="rt-item-actions">
                  <button id={`${q.key}-up`} type="button" className="button button-secondary button-small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move question ${n} up`}>Up</button>
                  <button id={`${q.key}-down`} type="button" className="button button-secondary button-small" disabled={i === questions.length - 1} onClick={() => move(i, 1)} aria-label={`Move question ${n} down`}>Down</button>
                  <button type="button" className="button button-ghost button-small rt-danger-text" onClick={() => remove(i)} aria-label={`Remove question ${n}`}>Remove</button>
                </div>
              </li>
            );
          })}
        </ol>
        {errors.questions && <p className="field-error" role="alert">{errors.questions}</p>}
        <div>
          <button id="ft-add-question" type="button" className="button button-secondary" disabled={questions.length >= L.questionsMax} onClick={add}>Add question</button>
          {questions.length >= L.questionsMax && <p className="field-hint">A template has at most {L.questionsMax} questions.</p>}
        </div>
        <div className="rt-form-actions">
          <SubmitButton sending={save.isPending} sendingText="Saving…">Save template</SubmitButton>
          <button type="button" className="button button-ghost" onClick={onCancel}>Cancel</button>
        </div>
      </form>
    </>
  );
}
