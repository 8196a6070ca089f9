import { useId, useRef, useState, type FormEvent } from 'react';
import { developmentActionInputSchema, GROWTH_LIMITS } from '../../../shared/growth.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { DateField } from '../../components/ui/date-field.js';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { refusedSave } from '../../lib/graphql.js';
import { todayIso } from '../goals/goal-format.js';
import { useAddDevelopmentAction, useDeleteDevelopmentAction, useSetDevelopmentActionDone, type DevelopmentPlanView } from './development.api.js';
import type { DevelopmentAction } from './growth.types.js';
import { formatDay } from '../../../shared/format.js';

/** The plan's actions: add one (title, due date, competency of the person's track, growth goal), tick it done, delete it. */
export function DevelopmentActions({ plan, userId }: { plan: DevelopmentPlanView; userId: string }) {
  const [status, setStatus] = useState('');
  const open = plan.actions.filter((a) => !a.done).length;
  return (
    <section className="dev-card" aria-labelledby="dev-actions-title">
      <div className="row-between">
        <h2 id="dev-actions-title">Actions</h2>
        <span className="muted">{plan.actions.length ? `${open} open, ${plan.actions.length - open} done` : null}</span>
      </div>
      {plan.actions.length === 0 ? (
        <p className="muted">
          No actions yet. Actions are the concrete steps of the plan: a course, pairing on a review, leading a meeting. Give each a due date and tick it when it
          is done.
        </p>
      ) : (
        <ul className="dev-actions" aria-label="Actions">
          {plan.actions.map((a) => (
            <ActionItem key={a.id} action={a} plan={plan} canEdit={plan.can_edit} onStatus={setStatus} />
          ))}
        </ul>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {plan.can_edit &&
        (plan.actions.length < GROWTH_LIMITS.actionsMax ? (
          <AddActionForm plan={plan} userId={userId} onStatus={setStatus} />
        ) : (
          <p className="muted">A plan holds at most {GROWTH_LIMITS.actionsMax} actions: delete done ones to add more.</p>
        ))}
    </section>
  );
}

function ActionItem({
  action,
  plan,
  canEdit,
  onStatus,
}: {
  action: DevelopmentAction;
  plan: DevelopmentPlanView;
  canEdit: boolean;
  onStatus: (s: string) => void;
}) {
  const setDone = useSetDevelopmentActionDone();
  const remove = useDeleteDevelopmentAction();
  const [error, setError] = useState<string | null>(null);
  const overdue = !action.done && !!action.due_date && action.due_date < todayIso();
  const goal = action.goal_id ? plan.growth_goals.find((g) => g.id === action.goal_id) : null;
  const toggle = () => {
    setError(null);
    setDone.mutate(
      { id: action.id, done: !action.done },
      {
        onSuccess: () => onStatus(action.done ? `${action.title}: open again.` : `${action.title}: done.`),
        onError: (err) => setError(err.message),
      },
    );
  };
  const [deleting, setDeleting] = useState(false);
  const del = async () => {
    await remove.mutateAsync(action.id);
    onStatus(`${action.title}: deleted.`);
  };
  return (
    <li className={`dev-action${action.done ? ' dev-action-done' : ''}`}>
      <label className="checkbox dev-action-check">
        <input type="checkbox" checked={action.done} disabled={!canEdit || setDone.isPending} onChange={toggle} />
        <span className="dev-action-title">{action.title}</span>
      </label>
      <span className={`dev-action-meta${overdue ? ' dev-overdue' : ''}`}>
        {action.due_date ? `Due ${formatDay(action.due_date)}` : 'No due date'}
        {overdue && ' (overdue)'}
        {action.competency && ` · ${action.competency.name}`}
        {goal && ` · For “${goal.title}”`}
      </span>
      {canEdit && (
        <button
          type="button"
          className="button button-secondary dev-action-delete"
          onClick={() => setDeleting(true)}
          disabled={remove.isPending}
          aria-label={`Delete ${action.title}`}
        >
          Delete
        </button>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the action “${action.title}”?`}
          tone="danger"
          confirmLabel="Delete action"
          busyLabel="Deleting…"
          onConfirm={del}
          onClose={() => setDeleting(false)}
        />
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </li>
  );
}

function AddActionForm({ plan, userId, onStatus }: { plan: DevelopmentPlanView; userId: string; onStatus: (s: string) => void }) {
  const id = useId();
  const add = useAddDevelopmentAction();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const competencies = plan.placement?.track.competencies ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const str = (k: string) => String(data.get(k) ?? '');
    const raw = { title: str('title'), due_date: str('due_date') || null, competency_id: str('competency_id') || null, goal_id: str('goal_id') || null };
    const parsed = developmentActionInputSchema.safeParse(raw);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setFields(out);
      setError(null);
      return;
    }
    setFields({});
    setError(null);
    const input = {
      title: parsed.data.title,
      due_date: parsed.data.due_date ?? null,
      competency_id: parsed.data.competency_id ?? null,
      goal_id: parsed.data.goal_id ?? null,
    };
    add.mutate(
      { userId, input },
      {
        onSuccess: (a) => {
          form.current?.reset();
          onStatus(`Action added: ${a.title}.`);
        },
        onError: (err) => {
          const refused = refusedSave(err);
          if (refused.fieldErrors) setFields(refused.fieldErrors);
          setError(refused.formError ?? null);
        },
      },
    );
  };
  return (
    <form ref={form} className="dev-add-action" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add an action</h3>
      <div className="field">
        <label htmlFor={`${id}-t`}>Action</label>
        <input
          id={`${id}-t`}
          name="title"
          maxLength={GROWTH_LIMITS.actionTitleMax}
          aria-invalid={!!fields.title}
          aria-describedby={fields.title ? `${id}-t-error` : undefined}
        />
        {fields.title && (
          <span id={`${id}-t-error`} className="field-error">
            {fields.title}
          </span>
        )}
      </div>
      <div className="dev-add-row">
        <DateField label="Due date (optional)" name="due_date" error={fields.due_date} />
        <div className="field">
          <label htmlFor={`${id}-c`}>Competency (optional)</label>
          <select id={`${id}-c`} name="competency_id" defaultValue="" aria-invalid={!!fields.competency_id}>
            <option value="">None</option>
            {competencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {fields.competency_id && <span className="field-error">{fields.competency_id}</span>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-g`}>Growth goal (optional)</label>
          <select id={`${id}-g`} name="goal_id" defaultValue="" aria-invalid={!!fields.goal_id}>
            <option value="">None</option>
            {plan.growth_goals.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
          {fields.goal_id && <span className="field-error">{fields.goal_id}</span>}
        </div>
      </div>
      <FormError message={error} />
      <SubmitButton sending={add.isPending} sendingText="Adding…">
        Add action
      </SubmitButton>
    </form>
  );
}
