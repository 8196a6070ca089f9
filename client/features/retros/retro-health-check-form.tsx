import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, SubmitButton } from '../../components/ui/field.js';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms.js';
import { GraphqlError } from '../../lib/graphql.js';
import { showAlert } from '../../lib/alerts.js';
import { RETRO_LIMITS, retroHealthCheckInputSchema } from '../../../shared/retros.js';
import { focusSoon } from '../review-templates/review-template-fields.js';
import { useSaveRetroHealthCheck, type RetroHealthCheck } from './retro-templates.api.js';
import { moved } from '../review-templates/review-template-draft.js';

type Statement = { key: string; text: string };
let nextKey = 0;
const keyed = (text: string): Statement => ({ key: `rs-${++nextKey}`, text });

type Props = { check?: RetroHealthCheck | undefined; onDone: (saved: RetroHealthCheck) => void; onCancel: () => void };

/** Creates or edits a health check set: a name and 1-12 statements people rate from 1 to 5. */
export function RetroHealthCheckForm({ check, onDone, onCancel }: Props) {
  const [name, setName] = useState(check?.name ?? '');
  const [statements, setStatements] = useState<Statement[]>(() => (check ? check.statements.map(keyed) : [keyed('')]));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveRetroHealthCheck();
  // The version this form started from (docs/decisions/0059): a save over someone else's newer one is refused, the form keeps its text.
  const [baseVersion] = useState(check?.version ?? 0);
  const problems = Object.keys(errors).length;

  useEffect(() => {
    if (!attempt) return;
    (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('.rtt-summary'))?.focus();
  }, [attempt]);

  function refuse(next: FieldErrors, message: string | null) {
    setErrors(next);
    setFormError(message);
    setAttempt((n) => n + 1);
  }

  function move(i: number, by: -1 | 1) {
    const key = statements[i]!.key;
    setStatements((list) => moved(list, i, by));
    setErrors({});
    setAnnouncement(`Statement moved to position ${i + 1 + by} of ${statements.length}.`);
    focusSoon(`#${key}-${by < 0 ? 'up' : 'down'}`, `#${key}-${by < 0 ? 'down' : 'up'}`);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = retroHealthCheckInputSchema.safeParse({ name, statements: statements.map((s) => s.text) });
    if (!parsed.success) return refuse(fieldErrorsOf(parsed.error), null);
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: check?.id ?? null, input: parsed.data, baseVersion });
      showAlert(`${saved.name} was saved.`, 'success');
      onDone(saved);
    } catch (err) {
      if (err instanceof GraphqlError && Object.keys(err.fields).length) refuse(err.fields, err.message);
      else refuse({}, err instanceof Error ? err.message : 'The health check could not be saved.');
    }
  }

  return (
    <form ref={formRef} className="form rtt-form" onSubmit={onSubmit} noValidate aria-label={check ? `Edit ${check.name}` : 'New health check'}>
      <p className="sr-only" role="status" aria-live="polite">{announcement}</p>
      {(problems > 0 || formError) && (
        <div className="notice notice-warning rtt-summary" role="alert" tabIndex={-1}>
          {formError ?? `Fix ${problems === 1 ? 'the problem' : `the ${problems} problems`} marked below, then save again.`}
        </div>
      )}
      <div className="tile rtt-details">
        <Field label="Name" name="name" value={name} maxLength={RETRO_LIMITS.templateNameMax} onChange={(e) => setName(e.target.value)} error={errors.name} />
      </div>
      <h2 className="rtt-subtitle">Statements</h2>
      <p className="muted">People rate each statement from 1 (strongly disagree) to 5 (strongly agree); only averages of at least {RETRO_LIMITS.healthMinAnswers} answers are shown.</p>
      {statements.length === 0 && <p className="notice" role="status">No statements yet. Add at least one.</p>}
      <ol className="rtt-statements" aria-label="Statements">
        {statements.map((s, i) => {
          const n = i + 1;
          return (
            <li key={s.key} className="rtt-statement">
              <Field label={`Statement ${n}`} name={`statements.${i}`} value={s.text} maxLength={RETRO_LIMITS.healthStatementMax}
                onChange={(e) => setStatements((list) => list.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))} error={errors[`statements.${i}`]} />
              <div className="rt-item-actions">
                <button id={`${s.key}-up`} type="button" className="button button-secondary button-small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move statement ${n} up`}>Up</button>
                <button id={`${s.key}-down`} type="button" className="button button-secondary button-small" disabled={i === statements.length - 1} onClick={() => move(i, 1)} aria-label={`Move statement ${n} down`}>Down</button>
                <button type="button" className="button button-ghost button-small rt-danger-text" aria-label={`Remove statement ${n}`}
                  onClick={() => { setStatements((list) => list.filter((_, j) => j !== i)); setErrors({}); setAnnouncement(`Statement ${n} removed.`); focusSoon('#rtt-add-statement'); }}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.statements && <p className="field-error" role="alert">{errors.statements}</p>}
      <div>
        <button id="rtt-add-statement" type="button" className="button button-secondary" disabled={statements.length >= RETRO_LIMITS.healthStatementsMax}
          onClick={() => { setStatements((list) => [...list, keyed('')]); setAnnouncement(`Statement ${statements.length + 1} added.`); focusSoon(`[name="statements.${statements.length}"]`); }}>
          Add statement
        </button>
      </div>
      <div className="rt-form-actions">
        <SubmitButton sending={save.isPending} sendingText="Saving…">Save health check</SubmitButton>
        <button type="button" className="button button-ghost" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
