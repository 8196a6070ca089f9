import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_LIMITS, requestFeedbackSchema } from '../../../shared/feedback.js';
import { DateField } from '../../components/ui/date-field.js';
import { FormError, SelectField, SubmitButton, TextAreaField } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { PersonPicker } from '../teams/person-picker.js';
import { feedbackRequestPeopleQueryOptions, subjectsFor, useRequestFeedback, type RequestPeople } from './feedback-requests.api.js';
import { feedbackTemplatesQueryOptions } from './feedback-templates.api.js';
import { RespondersPicker } from './feedback-responders-picker.js';
import type { FeedbackTemplate } from './feedback.types.js';
import './feedback-requests.css';
import { TemplateOptionGroups } from '../templates/template-list.js';

const OWN = '';
const L = FEEDBACK_LIMITS;

/**
 * "Request feedback": opens the request dialog. `subjectId` preselects one of my reports (a
 * manager's button beside a person); `label` names the button.
 */
export function RequestFeedbackButton({ subjectId, label = 'Request feedback' }: { subjectId?: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button">{label}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog frq-dialog">
          <Dialog.Title>Request feedback</Dialog.Title>
          <Dialog.Description className="muted">
            Ask up to {L.respondersMax} people. They answer on their Pending page; you read the answers here. About a report, the answers come to you, and to
            the report only when you share them.
          </Dialog.Description>
          <RequestFeedbackContent subjectId={subjectId} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RequestFeedbackContent({ subjectId, onDone }: { subjectId: string | undefined; onDone: () => void }) {
  const people = useQuery(feedbackRequestPeopleQueryOptions);
  const templates = useQuery(feedbackTemplatesQueryOptions);
  if (people.isPending || templates.isPending)
    return (
      <p className="muted" role="status">
        Loading people and templates…
      </p>
    );
  if (people.isError || templates.isError) {
    return (
      <p role="alert" className="form-error">
        People or templates could not be loaded: {(people.error ?? templates.error)?.message}. Close this dialog and try again.
      </p>
    );
  }
  return <RequestFeedbackForm people={people.data} templates={templates.data.filter((t) => !t.archived)} subjectId={subjectId} onDone={onDone} />;
}

type DraftQuestion = { key: string; text: string };
let nextKey = 0;
const draftQuestion = (text = ''): DraftQuestion => ({ key: `frq-q-${++nextKey}`, text });

function RequestFeedbackForm({
  people,
  templates,
  subjectId,
  onDone,
}: {
  people: RequestPeople;
  templates: FeedbackTemplate[];
  subjectId: string | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const subjects = useMemo(() => subjectsFor(people), [people]);
  const initialSubject = subjectId && subjectId !== people.me.id && subjects.some((s) => s.id === subjectId) ? subjectId : '';
  const [about, setAbout] = useState<'me' | 'report'>(initialSubject ? 'report' : 'me');
  const [subject, setSubject] = useState(initialSubject);
  const [responders, setResponders] = useState<string[]>([]);
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? OWN);
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => [draftQuestion()]);
  const [message, setMessage] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const request = useRequestFeedback();
  const template = templates.find((t) => t.id === templateId);
  const subjectPerson = subjects.find((s) => s.id === subject);
  const askable = useMemo(() => people.people.filter((p) => p.id !== people.me.id && !(about === 'report' && p.id === subject)), [people, about, subject]);

  function refuse(next: FieldErrors, message: string | null) {
    setErrors(next);
    setFormError(message);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    if (about === 'report' && !subject) return refuse({ subject_id: 'Choose the report the feedback is about.' }, null);
    const parsed = requestFeedbackSchema.safeParse({
      subject_id: about === 'report' ? subject : null,
      responder_ids: responders.filter((r) => askable.some((p) => p.id === r)),
      template_id: templateId || null,
      questions: templateId ? null : questions.map((q) => q.text),
      message,
      due_on: dueOn || null,
    });
    if (!parsed.success) return refuse(fieldErrorsOf(parsed.error), null);
    setErrors({});
    setFormError(null);
    try {
      const made = await request.mutateAsync(parsed.data);
      const count = made.asks.length || parsed.data.responder_ids.length;
      showAlert(
        `Feedback requested from ${count} ${count === 1 ? 'person' : 'people'}${made.about_report ? ` about ${made.subject.full_name}` : ''}.`,
        'success',
      );
      onDone();
    } catch (err) {
      const refused = refusedSave(err);
      refuse(refused.fieldErrors ?? {}, refused.formError ?? null);
    }
  }

  const patchQuestion = (i: number, text: string) => setQuestions((list) => list.map((q, j) => (j === i ? { ...q, text } : q)));
  const questionError = errors.questions;

  return (
    <form ref={formRef} className="form frq-form" aria-label="Request feedback" onSubmit={(e) => void onSubmit(e)} noValidate>
      {subjects.length > 0 && (
        <fieldset className="frq-about">
          <legend>About whom</legend>
          <label className="checkbox">
            <input type="radio" name="about" value="me" checked={about === 'me'} onChange={() => setAbout('me')} />
            About me
          </label>
          <label className="checkbox">
            <input type="radio" name="about" value="report" checked={about === 'report'} onChange={() => setAbout('report')} />
            {people.me.permission_level === 'ADMIN' ? 'About someone else' : 'About one of my reports'}
          </label>
          {about === 'report' && (
            <div
              onChange={(e) => {
                const t = e.target as unknown as HTMLSelectElement;
                if (t.name === 'subject_id') setSubject(t.value);
              }}
            >
              <PersonPicker
                label="Feedback about"
                name="subject_id"
                people={subjects}
                defaultValue={subject || null}
                error={errors.subject_id}
                noneLabel="Choose a person"
              />
            </div>
          )}
          {about === 'report' && subjectPerson && (
            <p className="field-hint">The answers come to you; {subjectPerson.full_name} reads them only once you share them.</p>
          )}
        </fieldset>
      )}

      <RespondersPicker people={askable} value={responders} onChange={setResponders} error={errors.responder_ids} />

      <SelectField label="Questions" name="template_id" value={templateId} onChange={(e) => setTemplateId(e.target.value)} error={errors.template_id}>
        <TemplateOptionGroups templates={templates} labels={{ builtIn: 'Built-in templates', own: 'Your organization’s templates' }} />
        <option value={OWN}>Write my own questions</option>
      </SelectField>
      {template ? (
        <div className="frq-preview">
          {template.description && <p className="muted">{template.description}</p>}
          <ol aria-label={`Questions of ${template.name}`}>
            {template.questions.map((q, i) => (
              <li key={i}>{q}</li>
            ))}
          </ol>
        </div>
      ) : (
        <fieldset className="frq-own">
          <legend>Your questions</legend>
          <ol className="frq-own-list">
            {questions.map((q, i) => (
              <li key={q.key} className="frq-own-item">
                <label htmlFor={`${id}-${q.key}`} className="sr-only">
                  Question {i + 1}
                </label>
                <input
                  id={`${id}-${q.key}`}
                  name={`questions.${i}`}
                  value={q.text}
                  maxLength={L.questionMax}
                  onChange={(e) => patchQuestion(i, e.target.value)}
                  aria-invalid={errors[`questions.${i}`] ? true : undefined}
                  aria-describedby={errors[`questions.${i}`] ? `${id}-${q.key}-error` : undefined}
                />
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Remove question ${i + 1}`}
                  disabled={questions.length === 1}
                  onClick={() => setQuestions((list) => list.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
                {errors[`questions.${i}`] && (
                  <p id={`${id}-${q.key}-error`} className="field-error">
                    {errors[`questions.${i}`]}
                  </p>
                )}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={questions.length >= L.questionsMax}
            onClick={() => setQuestions((list) => [...list, draftQuestion()])}
          >
            Add question
          </button>
          {questionError && (
            <p className="field-error" role="alert">
              {questionError}
            </p>
          )}
        </fieldset>
      )}

      <TextAreaField
        label="Message (optional)"
        name="message"
        value={message}
        maxLength={L.messageMax}
        rows={3}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        hint="Say what the feedback is for: a project, a sprint, a skill."
      />
      <DateField label="Answer by (optional)" name="due_on" value={dueOn} onChange={(e) => setDueOn(e.target.value)} error={errors.due_on} />
      <FormError message={formError} />
      <div className="dialog-actions">
        <Dialog.Close className="button button-ghost" type="button">
          Cancel
        </Dialog.Close>
        <SubmitButton sending={request.isPending} sendingText="Sending…">
          Send request
        </SubmitButton>
      </div>
    </form>
  );
}
