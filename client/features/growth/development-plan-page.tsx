import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { COMPLETION_LABELS, completionStyle } from '../../../shared/completion.js';
import { developmentPlanInputSchema, GROWTH_LIMITS } from '../../../shared/growth.js';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { EmptyState, PendingView, ReadFailedView } from '../../components/ui/states.js';
import { GraphqlError, refusedSave } from '../../lib/graphql.js';
import { feedbackRequestPeopleQueryOptions } from '../feedback/feedback-requests.api.js';
import { isOverdue } from '../goals/goal-format.js';
import { GoalFormDialog } from '../goals/goal-form-dialog.js';
import { GoalProgress, GoalStatusBadge } from '../goals/goal-progress.js';
import { PersonPicker } from '../teams/person-picker.js';
import { meQueryOptions } from '../users/api.js';
import { DevelopmentActions } from './development-actions.js';
import { developmentPlanQueryOptions, useUpdateDevelopmentPlan, type DevelopmentPlanView } from './development.api.js';
import '../../components/ui/completion-meter.css';
import './development.css';
import { formatDay, formatPercent } from '../../../shared/format.js';

/**
 * /professional-development: a person's development plan (mine, or `?user=` a report's): where they
 * stand in the framework, what they focus on, their mentor, their growth goals (goals of kind GROWTH,
 * with key results and check-ins) and the actions that get them there, with the plan's progress.
 */
export function DevelopmentPlanPage({ userId, own }: { userId: string; own: boolean }) {
  const plan = useQuery(developmentPlanQueryOptions(userId));
  if (plan.isPending) return <PendingView label="Loading the development plan…" />;
  if (plan.isError) {
    return (
      <ReadFailedView
        className="page dev-page"
        refused={plan.error instanceof GraphqlError && (plan.error.code === 'FORBIDDEN' || plan.error.code === 'NOT_FOUND')}
        title={{ refused: 'This development plan is not yours to see', failed: 'The development plan could not be loaded' }}
        why="A development plan is seen by the person, their managers, their mentor and admins."
        way={<Link to="/professional-development">Go to my development plan</Link>}
        message={plan.error.message}
        onRetry={() => void plan.refetch()}
      />
    );
  }
  return <PlanView plan={plan.data} userId={userId} own={own} />;
}

function PlanView({ plan, userId, own }: { plan: DevelopmentPlanView; userId: string; own: boolean }) {
  const me = useQuery(meQueryOptions);
  const leads = me.data?.permission_level === 'ADMIN' || me.data?.permission_level === 'MANAGER';
  const empty = !plan.focus && !plan.mentor && plan.growth_goals.length === 0 && plan.actions.length === 0;
  return (
    <section className="page dev-page">
      <div className="row-between dev-header">
        <h1>{own ? 'My development plan' : `${plan.user.full_name}’s development plan`}</h1>
        {leads && (
          <Link to="/professional-development/team-progress" className="button button-secondary">
            Team progress
          </Link>
        )}
      </div>
      <p className="muted">
        A development plan says how {own ? 'you grow' : `${plan.user.full_name} grows`}: growth goals tied to competencies of the framework, concrete actions
        with due dates, and optionally a mentor.
      </p>
      <PlanProgress plan={plan} />
      {empty && (
        <EmptyState title="Nothing in this plan yet">
          <p>Start with a focus: the one or two competencies to develop next, looking at what the next level expects.</p>
          <p>Then add a growth goal for each (it is a goal, so it has key results and check-ins) and the actions that get {own ? 'you' : 'them'} there.</p>
        </EmptyState>
      )}
      <div className="dev-grid">
        <Placement plan={plan} userId={userId} own={own} />
        <FocusAndMentor plan={plan} userId={userId} />
      </div>
      <GrowthGoals plan={plan} userId={userId} />
      <DevelopmentActions plan={plan} userId={userId} />
    </section>
  );
}

function PlanProgress({ plan }: { plan: DevelopmentPlanView }) {
  return (
    <div className="dev-progress" aria-live="polite">
      <h2 className="dev-progress-label">Plan progress</h2>
      {plan.progress ? (
        <GoalProgress progress={plan.progress.percent} label="Plan progress" />
      ) : (
        <span className="tp-badge" style={completionStyle('none')}>
          {COMPLETION_LABELS.none}
        </span>
      )}
      <p className="muted dev-progress-note">
        {plan.progress
          ? `${formatPercent(plan.progress.percent)}: the mean of the growth goals’ progress and the actions, each done action counting 100%.`
          : 'Progress shows once the plan has a growth goal or an action.'}
        {plan.updated_at ? ` Last changed ${formatDay(plan.updated_at)}.` : ''}
      </p>
    </div>
  );
}

function Placement({ plan, userId, own }: { plan: DevelopmentPlanView; userId: string; own: boolean }) {
  return (
    <section className="dev-card" aria-labelledby="dev-placement-title">
      <h2 id="dev-placement-title">Where {own ? 'you stand' : 'they stand'}</h2>
      {plan.placement ? (
        <dl className="dev-facts">
          <div>
            <dt>Track</dt>
            <dd>{plan.placement.track.name}</dd>
          </div>
          <div>
            <dt>Level</dt>
            <dd>{plan.placement.level.name}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">Not placed on a track yet: a manager or an admin places people on a track and a level of the framework.</p>
      )}
      <p className="dev-links">
        <Link to="/professional-development/framework">See the competency framework</Link>
        <Link to="/profile/assesment" search={own ? {} : { user: userId }}>
          {own ? 'My assessment' : 'Their assessment'}
        </Link>
      </p>
    </section>
  );
}

function FocusAndMentor({ plan, userId }: { plan: DevelopmentPlanView; userId: string }) {
  const [editing, setEditing] = useState(false);
  if (!plan.can_edit || !editing) {
    return (
      <section className="dev-card" aria-labelledby="dev-focus-title">
        <div className="row-between">
          <h2 id="dev-focus-title">Focus and mentor</h2>
          {plan.can_edit && (
            <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
        </div>
        <p className={plan.focus ? 'dev-focus' : 'muted'}>{plan.focus || 'No focus written yet.'}</p>
        <p>
          <strong>Mentor:</strong> {plan.mentor?.full_name ?? 'None'}
        </p>
      </section>
    );
  }
  return <FocusForm plan={plan} userId={userId} onDone={() => setEditing(false)} />;
}

function FocusForm({ plan, userId, onDone }: { plan: DevelopmentPlanView; userId: string; onDone: () => void }) {
  const id = useId();
  const people = useQuery(feedbackRequestPeopleQueryOptions);
  const save = useUpdateDevelopmentPlan();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const candidates = (people.data?.people ?? []).filter((p) => p.id !== userId);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = developmentPlanInputSchema.safeParse({ focus: String(data.get('focus') ?? ''), mentor_id: String(data.get('mentor_id') ?? '') || null });
    if (!parsed.success) {
      setFields({ focus: parsed.error.issues[0]?.message ?? 'Check the focus.' });
      return;
    }
    setFields({});
    setError(null);
    save.mutate(
      { userId, mentor_id: parsed.data.mentor_id, focus: parsed.data.focus },
      {
        onSuccess: onDone,
        onError: (err) => {
          const refused = refusedSave(err);
          setFields(refused.fieldErrors ?? {});
          setError(refused.formError ?? null);
        },
      },
    );
  };
  return (
    <form className="dev-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Focus and mentor</h2>
      <div className="field">
        <label htmlFor={`${id}-focus`}>Focus</label>
        <textarea
          id={`${id}-focus`}
          name="focus"
          rows={4}
          maxLength={GROWTH_LIMITS.focusMax}
          defaultValue={plan.focus}
          aria-invalid={!!fields.focus}
          aria-describedby={`${id}-focus-hint`}
        />
        <p id={`${id}-focus-hint`} className="field-hint">
          What to develop next and why, in a few sentences.
        </p>
        {fields.focus && <p className="field-error">{fields.focus}</p>}
      </div>
      {people.isPending ? (
        <p className="muted">Loading people…</p>
      ) : (
        <PersonPicker label="Mentor" name="mentor_id" people={candidates} defaultValue={plan.mentor?.id ?? ''} error={fields.mentor_id} noneLabel="No mentor" />
      )}
      <FormError message={error} />
      <div className="dev-form-buttons">
        <SubmitButton sending={save.isPending} sendingText="Saving…">
          Save
        </SubmitButton>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function GrowthGoals({ plan, userId }: { plan: DevelopmentPlanView; userId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [competencyId, setCompetencyId] = useState('');
  const competencies = plan.placement?.track.competencies ?? [];
  return (
    <section className="dev-card" aria-labelledby="dev-goals-title">
      <h2 id="dev-goals-title">Growth goals</h2>
      {plan.growth_goals.length === 0 ? (
        <p className="muted">No growth goals yet. A growth goal develops one competency: give it key results and check in on it like any goal.</p>
      ) : (
        <ul className="dev-goals" aria-label="Growth goals">
          {plan.growth_goals.map((g) => (
            <li key={g.id} className="dev-goal">
              <div className="row-between">
                <Link to="/goals/my-goals/$id" params={{ id: g.id }} className="dev-goal-title">
                  {g.title}
                </Link>
                <GoalStatusBadge status={g.status} />
              </div>
              <p className="muted dev-goal-meta">
                {g.competency ? `Develops ${g.competency.name}` : 'No competency'}
                {' · '}
                {g.due_date ? `Due ${formatDay(g.due_date)}${isOverdue(g) ? ' (overdue)' : ''}` : 'No due date'}
              </p>
              <GoalProgress progress={g.progress} label={`Progress of ${g.title}`} expected={g.expected_progress} />
            </li>
          ))}
        </ul>
      )}
      {plan.can_edit && (
        <div className="dev-add-goal">
          {competencies.length > 0 && (
            <div className="field">
              <label htmlFor={`${id}-competency`}>Competency to develop</label>
              <select id={`${id}-competency`} value={competencyId} onChange={(e) => setCompetencyId(e.target.value)}>
                <option value="">Choose later</option>
                {competencies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button type="button" className="button" onClick={() => setCreating(true)}>
            Add growth goal
          </button>
        </div>
      )}
      <GoalFormDialog
        open={creating}
        onOpenChange={setCreating}
        defaults={{
          owner_kind: 'PERSON',
          owner_user_id: userId,
          kind: 'GROWTH',
          ...(competencyId ? { competency_id: competencyId } : {}),
          locked: ['owner', 'kind', ...(competencyId ? ['competency' as const] : [])],
        }}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: ['growth'] })}
      />
    </section>
  );
}
