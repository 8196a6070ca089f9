import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DateField } from '../../components/ui/date-field.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { EmptyState } from '../../components/ui/states.js';
import { formatDay } from '../../../shared/format.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { refusedSave } from '../../lib/graphql.js';
import { SPRINT_LIMITS, sprintSchema } from '../../../shared/sprints.schemas.js';
import { ConfirmDialog } from '../review-cycles/review-cycle-dialogs.js';
import { sprintsQueryOptions, useCreateSprint, useDeleteSprint, type Sprint } from './review-automation.api.js';
import type { Option } from './review-automation-form.js';
import { SprintEditForm } from './review-automation-sprint-edit.js';

type RowProps = { sprint: Sprint; teams: Option[]; editing: boolean; onEdit: () => void; onClose: () => void; onDelete: () => void };

/** One sprint: its dates, or its edit form; closing the form gives the focus back to its Edit button. */
function SprintRow({ sprint: s, teams, editing, onEdit, onClose, onDelete }: RowProps) {
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const of = `${s.name} of ${s.team?.name ?? 'a removed team'}`;
  if (editing) {
    return (
      <li className="ra-sprint-editing">
        <SprintEditForm
          sprint={s}
          teams={teams}
          onClose={() => {
            refocus.current = true;
            onClose();
          }}
        />
      </li>
    );
  }
  return (
    <li>
      <span>
        <strong>{s.name}</strong> · {s.team?.name ?? 'Removed team'} · {formatDay(s.starts_on)} to {formatDay(s.ends_on)}
      </span>
      <span className="ra-actions">
        <button ref={editButton} type="button" className="button button-secondary" onClick={onEdit} aria-label={`Edit ${of}`}>
          Edit
        </button>
        <button type="button" className="button button-ghost" onClick={onDelete} aria-label={`Delete ${of}`}>
          Delete
        </button>
      </span>
    </li>
  );
}

/** Team sprints: "at the end of each sprint" rules start a sprint review when one ends. */
export function SprintsSection({ teams }: { teams: Option[] }) {
  const { data: sprints } = useSuspenseQuery(sprintsQueryOptions);
  const create = useCreateSprint();
  const remove = useDeleteSprint();
  const [deleting, setDeleting] = useState<Sprint | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const form = useZodForm(sprintSchema, async (values, element) => {
    try {
      const sprint = await create.mutateAsync(values);
      showAlert(`${sprint.name} was added.`, 'success');
      element.reset();
    } catch (err) {
      return refusedSave(err, false);
    }
  });
  const e = form.fieldErrors;
  return (
    <section className="ra-section" aria-labelledby="ra-sprints-title">
      <h2 id="ra-sprints-title">Sprints</h2>
      <p className="field-hint">
        Rules that start at the end of each sprint create one sprint review per team and sprint, in the hour after the sprint’s last day.
      </p>
      {sprints.length === 0 ? (
        <EmptyState title="No sprints yet">Add your teams’ sprints with their dates.</EmptyState>
      ) : (
        <ul className="ra-sprints" aria-label="Sprints">
          {sprints.map((s) => (
            <SprintRow
              key={s.id}
              sprint={s}
              teams={teams}
              editing={editingId === s.id}
              onEdit={() => setEditingId(s.id)}
              onClose={() => setEditingId(null)}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </ul>
      )}
      {teams.length > 0 && (
        <form className="ra-form" aria-label="Add a sprint" onSubmit={form.onSubmit} noValidate>
          <div className="ra-grid">
            <div className="field">
              <label htmlFor="ra-sprint-team">Team</label>
              <select
                id="ra-sprint-team"
                name="team_id"
                aria-invalid={e.team_id ? true : undefined}
                aria-describedby={e.team_id ? 'ra-sprint-team-error' : undefined}
              >
                {teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
              {e.team_id && (
                <p id="ra-sprint-team-error" className="field-error">
                  {e.team_id}
                </p>
              )}
            </div>
            <Field label="Sprint name" name="name" maxLength={SPRINT_LIMITS.nameMax} error={e.name} />
            <DateField label="First day" name="starts_on" error={e.starts_on} />
            <DateField label="Last day" name="ends_on" error={e.ends_on} />
          </div>
          <FormError message={form.formError} />
          <div className="ra-actions">
            <SubmitButton sending={form.sending} sendingText="Adding…">
              Add sprint
            </SubmitButton>
          </div>
        </form>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          description="Cycles already created for it stay. No review starts when it ends."
          confirmLabel="Delete sprint"
          busyLabel="Deleting…"
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            showAlert(`${deleting.name} was deleted.`, 'success');
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
