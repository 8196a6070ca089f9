import { useId, type KeyboardEvent } from 'react';
import { DateField } from '../../components/ui/date-field.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { GraphqlError, refusedSave } from '../../lib/graphql.js';
import { SPRINT_LIMITS, sprintSchema } from '../../../shared/sprints.schemas.js';
import { utcDayOf } from '../../../shared/dates.days.js';
import { useUpdateSprint, type Sprint } from './review-automation.api.js';
import type { Option } from './review-automation-form.js';

const FIELDS = new Set(['team_id', 'name', 'starts_on', 'ends_on']);

/** A sprint is over at the end of its last day (UTC), as the server counts it. */
export const sprintHasEnded = (sprint: Pick<Sprint, 'ends_on'>, now = new Date()): boolean => sprint.ends_on < utcDayOf(now);

type Props = { sprint: Sprint; teams: Option[]; onClose: (saved: boolean) => void };

/**
 * Edits one sprint in its list item: prefilled, checked with the shared schema before sending,
 * server field errors next to the fields. Escape or Cancel closes without saving.
 */
export function SprintEditForm({ sprint, teams, onClose }: Props) {
  const update = useUpdateSprint();
  const ids = useId();
  const teamName = sprint.team?.name ?? 'a removed team';
  // The sprint's own team stays choosable even when it is not in the picker (e.g. no longer led by a manager).
  const options = teams.some((t) => t.id === sprint.team_id) ? teams : [{ id: sprint.team_id, name: sprint.team?.name ?? 'Removed team' }, ...teams];
  const ended = sprintHasEnded(sprint);
  const form = useZodForm(sprintSchema, async (values) => {
    try {
      const saved = await update.mutateAsync({ id: sprint.id, input: values });
      showAlert(`${saved.name} was saved.`, 'success');
      onClose(true);
    } catch (err) {
      // The message above the buttons too when a field it names is not on this form.
      const elsewhere = err instanceof GraphqlError && Object.keys(err.fields).some((f) => !FIELDS.has(f));
      return refusedSave(err, elsewhere);
    }
  });
  const e = form.fieldErrors;
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose(false);
  }
  const teamError = `${ids}-team-error`;
  const hint = `${ids}-hint`;
  return (
    <form
      className="ra-form ra-sprint-edit"
      aria-label={`Edit ${sprint.name} of ${teamName}`}
      aria-describedby={ended ? hint : undefined}
      onSubmit={form.onSubmit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="ra-grid">
        <div className="field">
          <label htmlFor={`${ids}-team`}>Team</label>
          {/* Focus goes to the first field when the form opens (the Edit button gets it back on close). */}
          <select
            id={`${ids}-team`}
            name="team_id"
            defaultValue={sprint.team_id}
            autoFocus
            aria-invalid={e.team_id ? true : undefined}
            aria-describedby={e.team_id ? teamError : undefined}
          >
            {options.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          {e.team_id && (
            <p id={teamError} className="field-error">
              {e.team_id}
            </p>
          )}
        </div>
        <Field label="Sprint name" name="name" defaultValue={sprint.name} maxLength={SPRINT_LIMITS.nameMax} error={e.name} />
        <DateField label="First day" name="starts_on" defaultValue={sprint.starts_on} error={e.starts_on} />
        <DateField label="Last day" name="ends_on" defaultValue={sprint.ends_on} error={e.ends_on} />
      </div>
      {ended && (
        <p id={hint} className="field-hint">
          This sprint has already ended. If a rule started its sprint review, changing the dates will not start another one: each sprint gets one review.
        </p>
      )}
      <FormError message={form.formError} />
      <div className="ra-actions">
        <SubmitButton sending={form.sending} sendingText="Saving…">
          Save sprint
        </SubmitButton>
        <button type="button" className="button button-ghost" onClick={() => onClose(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
