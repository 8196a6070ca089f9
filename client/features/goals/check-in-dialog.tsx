import { Dialog } from '../../components/ui/dialog.js';
import { useId, useState, type FormEvent } from 'react';
import {
  checkInInputSchema,
  CONFIDENCE_LABELS,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  GOAL_LIMITS,
  GOAL_STATUS_LABELS,
  GOAL_STATUSES,
  goalProgress,
  KEY_RESULT_KIND_LABELS,
  type GoalStatus,
} from '../../../shared/goals.js';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { GraphqlError } from '../../lib/graphql.js';
import type { GoalDetail } from './goal.types.js';
import { GoalProgress } from './goal-progress.js';
import { useCheckInGoal } from './goals.api.js';
import { formatPercent } from '../../../shared/format.js';

/** Check in on a goal: a new value per key result, status, confidence and a comment, with the progress it would give. */
export function CheckInDialog({ goal, onClose }: { goal: GoalDetail; onClose: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(goal.key_results.map((kr) => [kr.id, String(kr.current_value)])));
  const [status, setStatus] = useState<GoalStatus>(goal.status);
  const [confidence, setConfidence] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const checkIn = useCheckInGoal();

  const valueOf = (krId: string, fallback: number) => {
    const text = (values[krId] ?? '').trim();
    const n = Number(text);
    return text === '' || Number.isNaN(n) ? fallback : n;
  };
  const preview = goalProgress(
    status,
    goal.key_results.map((kr) => ({ ...kr, current_value: valueOf(kr.id, kr.current_value) })),
    goal.children.map((c) => ({ status: c.status, progress: c.progress })),
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checkIn.isPending) return;
    setFormError(null);
    const found: Record<string, string> = {};
    const changed: Array<{ key_result_id: string; value: number }> = [];
    for (const kr of goal.key_results) {
      const text = (values[kr.id] ?? '').trim();
      const n = Number(text);
      if (text === '' || Number.isNaN(n)) found[`value-${kr.id}`] = 'A number is required.';
      else if (kr.kind === 'PERCENTAGE' && (n < 0 || n > 100)) found[`value-${kr.id}`] = 'A percentage runs from 0 to 100.';
      else if (n !== kr.current_value) changed.push({ key_result_id: kr.id, value: n });
    }
    const input = { goal_id: goal.id, values: changed, comment, confidence, status: status === goal.status ? null : status };
    const parsed = checkInInputSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await checkIn.mutateAsync(input);
      showAlert('Your check-in was saved.', 'success');
      onClose();
    } catch (err) {
      if (err instanceof GraphqlError) setErrors(err.fields);
      setFormError(`The check-in was not saved: ${err instanceof Error ? err.message : 'Something went wrong.'} What you entered is still here.`);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(o) => !o && !checkIn.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog goal-dialog">
          <Dialog.Title>Check in</Dialog.Title>
          <Dialog.Description className="muted">Update “{goal.title}”: where each key result stands now, how it goes, and how sure you are.</Dialog.Description>
          <form className="form goal-form" aria-label="Check in" onSubmit={(ev) => void onSubmit(ev)} noValidate>
            {goal.key_results.length > 0 && (
              <fieldset className="goal-choices">
                <legend>Key results</legend>
                {goal.key_results.map((kr) => {
                  const err = errors[`value-${kr.id}`];
                  const inputId = `${id}-${kr.id}`;
                  if (kr.kind === 'BINARY') {
                    return (
                      <label key={kr.id} className="checkbox">
                        <input
                          type="checkbox"
                          checked={valueOf(kr.id, 0) >= 1}
                          onChange={(ev) => setValues((v) => ({ ...v, [kr.id]: ev.target.checked ? '1' : '0' }))}
                        />
                        {kr.title}: done
                      </label>
                    );
                  }
                  return (
                    <div key={kr.id} className="field">
                      <label htmlFor={inputId}>{kr.title}</label>
                      <input
                        id={inputId}
                        inputMode="decimal"
                        value={values[kr.id] ?? ''}
                        onChange={(ev) => setValues((v) => ({ ...v, [kr.id]: ev.target.value }))}
                        aria-invalid={err ? true : undefined}
                        aria-describedby={[`${inputId}-hint`, err ? `${inputId}-error` : null].filter(Boolean).join(' ')}
                      />
                      <p id={`${inputId}-hint`} className="field-hint">
                        {KEY_RESULT_KIND_LABELS[kr.kind]}: from {kr.start_value} to {kr.target_value}
                        {kr.currency ? ` ${kr.currency}` : ''}; now {kr.current_value}.
                      </p>
                      {err && (
                        <p id={`${inputId}-error`} className="field-error">
                          {err}
                        </p>
                      )}
                    </div>
                  );
                })}
              </fieldset>
            )}
            <div className="field">
              <label htmlFor={`${id}-status`}>Status</label>
              <select id={`${id}-status`} value={status} onChange={(ev) => setStatus(ev.target.value as GoalStatus)}>
                {GOAL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {GOAL_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="goal-choices goal-confidence">
              <legend>Confidence (optional)</legend>
              {Array.from({ length: CONFIDENCE_MAX - CONFIDENCE_MIN + 1 }, (_, i) => CONFIDENCE_MIN + i).map((c) => (
                <label key={c} className="goal-confidence-option">
                  <input type="radio" name="confidence" value={c} checked={confidence === c} onChange={() => setConfidence(c)} />
                  {c} · {CONFIDENCE_LABELS[c]}
                </label>
              ))}
              {errors.confidence && <p className="field-error">{errors.confidence}</p>}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-comment`}>Comment</label>
              <textarea
                id={`${id}-comment`}
                rows={3}
                value={comment}
                maxLength={GOAL_LIMITS.commentMax}
                onChange={(ev) => setComment(ev.target.value)}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
              />
              {errors.comment && (
                <p id={`${id}-comment-error`} className="field-error">
                  {errors.comment}
                </p>
              )}
            </div>
            <div className="goal-preview" aria-live="polite">
              <p>
                Progress after this check-in: <strong>{formatPercent(preview)}</strong> (now {formatPercent(goal.progress)})
              </p>
              <GoalProgress progress={preview} label="Progress after this check-in" compact />
            </div>
            <FormError message={formError} />
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button">
                Cancel
              </Dialog.Close>
              <SubmitButton sending={checkIn.isPending} sendingText="Saving…">
                Save check-in
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
