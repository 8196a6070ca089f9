import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import {
  GOAL_LIMITS,
  GOAL_STATUS_LABELS,
  GOAL_STATUSES,
  GOAL_VISIBILITIES,
  GOAL_VISIBILITY_LABELS,
  goalInputSchema,
  goalUpdateSchema,
  type GoalKind,
  type GoalOwnerKind,
  type GoalStatus,
  type GoalVisibility,
} from '../../../shared/goals.js';
import { DateField } from '../../components/ui/date-field.js';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { GraphqlError } from '../../lib/graphql.js';
import { feedbackRequestPeopleQueryOptions, subjectsFor } from '../feedback/feedback-requests.api.js';
import { PersonPicker } from '../teams/person-picker.js';
import { meQueryOptions } from '../users/api.js';
import type { GoalDetail, GoalSummary } from './goal.types.js';
import {
  alignableGoalsQueryOptions,
  myGoalTeamsQueryOptions,
  useCreateGoal,
  useUpdateGoal,
  type GoalUpdateVariables,
  type GoalVariables,
} from './goals.api.js';
import { draftOfKeyResult, keyResultInputOf, KeyResultsEditor, newKeyResultDraft, type KeyResultDraft } from './key-results-editor.js';
import './goals.css';

/** What a caller may fix in a new goal's form (a growth goal of a plan: kind GROWTH, its owner and competency). */
export type GoalFormDefaults = {
  owner_kind?: GoalOwnerKind;
  owner_user_id?: string;
  owner_team_id?: string;
  kind?: GoalKind;
  competency_id?: string;
  parent_id?: string;
  /** Fields the caller fixes: shown, not editable. */
  locked?: Array<'owner' | 'kind' | 'competency' | 'parent'>;
};

export type GoalFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this goal; absent: a new one. */
  goal?: GoalSummary | GoalDetail;
  defaults?: GoalFormDefaults;
  onSaved?: (goal: GoalSummary) => void;
};

type OwnerChoice = 'ME' | 'REPORT' | 'TEAM' | 'COMPANY';

/** Create or edit a goal with its key results. Rendered only while open, so every opening starts fresh. */
export function GoalFormDialog(props: GoalFormDialogProps) {
  if (!props.open) return null;
  return <GoalForm {...props} />;
}

function GoalForm({ onOpenChange, goal, defaults = {}, onSaved }: GoalFormDialogProps) {
  const id = useId();
  const editing = !!goal;
  const locked = new Set(defaults.locked ?? []);
  const me = useQuery(meQueryOptions);
  const people = useQuery({ ...feedbackRequestPeopleQueryOptions, enabled: !editing && !locked.has('owner') });
  const teams = useQuery({ ...myGoalTeamsQueryOptions, enabled: !editing && !locked.has('owner') });
  const reports = people.data ? subjectsFor(people.data) : [];
  const isAdmin = me.data?.permission_level === 'ADMIN';
  // A team's goals are set by its manager or lead, the people above them (managers) or an admin: the server's rule decides the rest.
  const ownTeams = (teams.data ?? []).filter(
    (t) => isAdmin || me.data?.permission_level === 'MANAGER' || t.manager?.id === me.data?.id || t.team_lead?.id === me.data?.id,
  );

  const initialOwner: OwnerChoice =
    defaults.owner_kind === 'TEAM'
      ? 'TEAM'
      : defaults.owner_kind === 'COMPANY'
        ? 'COMPANY'
        : defaults.owner_user_id && me.data && defaults.owner_user_id !== me.data.id
          ? 'REPORT'
          : 'ME';
  const [owner, setOwner] = useState<OwnerChoice>(initialOwner);
  const [reportId, setReportId] = useState(defaults.owner_user_id ?? '');
  const [teamId, setTeamId] = useState(defaults.owner_team_id ?? '');
  const [title, setTitle] = useState(goal?.title ?? '');
  const [description, setDescription] = useState(goal && 'description' in goal ? goal.description : '');
  const [parent, setParent] = useState<{ id: string; title: string } | null>(
    goal?.parent ?? (defaults.parent_id ? { id: defaults.parent_id, title: '' } : null),
  );
  const [parentTouched, setParentTouched] = useState(false);
  const [search, setSearch] = useState('');
  const [startDate, setStartDate] = useState(goal?.start_date ?? '');
  const [dueDate, setDueDate] = useState(goal?.due_date ?? '');
  const [visibility, setVisibility] = useState<GoalVisibility>(goal?.visibility ?? (defaults.kind === 'GROWTH' ? 'MANAGER_CHAIN' : 'EVERYONE'));
  const [status, setStatus] = useState<GoalStatus>(goal?.status ?? 'ON_TRACK');
  const [krs, setKrs] = useState<KeyResultDraft[]>(goal ? goal.key_results.map(draftOfKeyResult) : [newKeyResultDraft()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const alignable = useQuery(alignableGoalsQueryOptions(deferredSearch, goal?.id ?? null));
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const sending = create.isPending || update.isPending;

  const ownerKind: GoalOwnerKind = owner === 'TEAM' ? 'TEAM' : owner === 'COMPANY' ? 'COMPANY' : 'PERSON';
  const common = {
    title,
    description,
    parent_id: parent?.id ?? null,
    start_date: startDate || null,
    due_date: dueDate || null,
    visibility,
    key_results: krs.map(keyResultInputOf),
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    // Editing: the alignment is sent only when changed (a parent the viewer cannot see shows as none and must stay).
    const { parent_id: _unchanged, ...rest } = common;
    const input = editing
      ? { ...(parentTouched ? common : rest), status, ...(defaults.competency_id ? { competency_id: defaults.competency_id } : {}) }
      : {
          ...common,
          owner_kind: ownerKind,
          kind: defaults.kind ?? 'OBJECTIVE',
          owner_user_id: owner === 'REPORT' ? reportId || null : owner === 'ME' ? (defaults.owner_user_id ?? me.data?.id ?? null) : null,
          owner_team_id: owner === 'TEAM' ? teamId || null : null,
          ...(defaults.competency_id ? { competency_id: defaults.competency_id } : {}),
        };
    const parsed = (editing ? goalUpdateSchema : goalInputSchema).safeParse(input);
    const found: Record<string, string> = {};
    if (owner === 'REPORT' && !reportId && !editing) found.owner_user_id = 'Choose the person who owns the goal.';
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError('Some fields need a change before the goal can be saved: see the messages next to them.');
      return;
    }
    try {
      const saved = editing ? await update.mutateAsync({ id: goal.id, input: input as GoalUpdateVariables }) : await create.mutateAsync(input as GoalVariables);
      showAlert(editing ? `“${saved.title}” was saved.` : `The goal “${saved.title}” was created.`, 'success');
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Something went wrong.';
      if (err instanceof GraphqlError) setErrors(err.fields);
      setFormError(`The goal was not saved: ${message} What you entered is still here.`);
    }
  }

  const e = (name: string) => errors[name];
  const describe = (name: string, ...more: string[]) => [...more, e(name) ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const errorText = (name: string) =>
    e(name) && (
      <p id={`${id}-${name}-error`} className="field-error">
        {e(name)}
      </p>
    );
  const heading = editing ? 'Edit goal' : defaults.kind === 'GROWTH' ? 'New growth goal' : 'New goal';
  const options = (alignable.data ?? []).filter((g) => g.id !== goal?.id);

  return (
    <Dialog.Root open onOpenChange={(o) => !sending && onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog goal-dialog">
          <Dialog.Title>{heading}</Dialog.Title>
          <Dialog.Description className="muted">
            A goal with measurable key results; align it under a team or company goal so its progress counts there.
          </Dialog.Description>
          <form className="form goal-form" aria-label={heading} onSubmit={(ev) => void onSubmit(ev)} noValidate>
            <div className="field">
              <label htmlFor={`${id}-title`}>Title</label>
              <input
                id={`${id}-title`}
                value={title}
                maxLength={GOAL_LIMITS.titleMax}
                onChange={(ev) => setTitle(ev.target.value)}
                aria-invalid={e('title') ? true : undefined}
                aria-describedby={describe('title')}
              />
              {errorText('title')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-description`}>Description (optional)</label>
              <textarea
                id={`${id}-description`}
                rows={3}
                value={description}
                maxLength={GOAL_LIMITS.descriptionMax}
                onChange={(ev) => setDescription(ev.target.value)}
                aria-invalid={e('description') ? true : undefined}
                aria-describedby={describe('description')}
              />
              {errorText('description')}
            </div>

            {editing || locked.has('owner') ? (
              <p className="goal-fixed">
                <strong>Owner:</strong> {goal ? ownerName(goal) : owner === 'ME' ? 'Me' : 'The person this plan is for'}
              </p>
            ) : (
              <fieldset className="goal-choices" aria-describedby={describe('owner_kind')}>
                <legend>Owner</legend>
                <OwnerRadio id={id} value="ME" current={owner} onPick={setOwner} label="Me" />
                {reports.length > 0 && <OwnerRadio id={id} value="REPORT" current={owner} onPick={setOwner} label="A person I manage" />}
                {ownTeams.length > 0 && <OwnerRadio id={id} value="TEAM" current={owner} onPick={setOwner} label="A team" />}
                {isAdmin && <OwnerRadio id={id} value="COMPANY" current={owner} onPick={setOwner} label="The company" />}
                {errorText('owner_kind')}
                {owner === 'REPORT' && <PersonPickerControlled reports={reports} value={reportId} onChange={setReportId} error={e('owner_user_id')} />}
                {owner === 'TEAM' && (
                  <div className="field">
                    <label htmlFor={`${id}-team`}>Team</label>
                    <select
                      id={`${id}-team`}
                      value={teamId}
                      onChange={(ev) => setTeamId(ev.target.value)}
                      aria-invalid={e('owner_team_id') ? true : undefined}
                      aria-describedby={describe('owner_team_id')}
                    >
                      <option value="">Choose a team</option>
                      {ownTeams.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.name}
                        </option>
                      ))}
                    </select>
                    {errorText('owner_team_id')}
                  </div>
                )}
              </fieldset>
            )}

            {locked.has('parent') ? (
              <p className="goal-fixed">
                <strong>Aligned under:</strong> {parent?.title || 'the chosen goal'}
              </p>
            ) : (
              <div className="field goal-align">
                <label htmlFor={`${id}-parent`}>Align under (optional)</label>
                <input
                  type="search"
                  aria-label="Search goals to align under"
                  placeholder="Search goals by title"
                  value={search}
                  onChange={(ev) => setSearch(ev.target.value)}
                />
                <select
                  id={`${id}-parent`}
                  value={parent?.id ?? ''}
                  aria-invalid={e('parent_id') ? true : undefined}
                  aria-describedby={describe('parent_id', `${id}-parent-hint`)}
                  onChange={(ev) => {
                    setParentTouched(true);
                    const picked = options.find((g) => g.id === ev.target.value);
                    setParent(ev.target.value ? { id: ev.target.value, title: picked?.title ?? parent?.title ?? '' } : null);
                  }}
                >
                  <option value="">Not aligned</option>
                  {parent && !options.some((g) => g.id === parent.id) && <option value={parent.id}>{parent.title || 'The current goal'}</option>}
                  {options.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.title} ({g.owner_name})
                    </option>
                  ))}
                </select>
                <p id={`${id}-parent-hint`} className="field-hint" aria-live="polite">
                  {alignable.isPending
                    ? 'Loading goals…'
                    : alignable.isError
                      ? 'Goals could not be loaded.'
                      : `${options.length} ${options.length === 1 ? 'goal' : 'goals'} found. Its progress counts towards the goal you choose.`}
                </p>
                {errorText('parent_id')}
              </div>
            )}

            <div className="goal-dates">
              <DateField
                label="Start date (optional)"
                name="start_date"
                value={startDate}
                onChange={(ev) => setStartDate(ev.target.value)}
                error={e('start_date')}
              />
              <DateField label="Due date (optional)" name="due_date" value={dueDate} onChange={(ev) => setDueDate(ev.target.value)} error={e('due_date')} />
            </div>

            <fieldset className="goal-choices">
              <legend>Who can see it</legend>
              {GOAL_VISIBILITIES.map((v) => (
                <div key={v} className="goal-choice">
                  <input
                    type="radio"
                    id={`${id}-vis-${v}`}
                    name="visibility"
                    value={v}
                    checked={visibility === v}
                    onChange={() => setVisibility(v)}
                    aria-describedby={`${id}-vis-${v}-desc`}
                  />
                  <span>
                    <label htmlFor={`${id}-vis-${v}`}>{GOAL_VISIBILITY_LABELS[v].label}</label>
                    <span id={`${id}-vis-${v}-desc`} className="field-hint">
                      {GOAL_VISIBILITY_LABELS[v].description}
                    </span>
                  </span>
                </div>
              ))}
              {errorText('visibility')}
            </fieldset>

            {editing && (
              <div className="field">
                <label htmlFor={`${id}-status`}>Status</label>
                <select id={`${id}-status`} value={status} onChange={(ev) => setStatus(ev.target.value as GoalStatus)}>
                  {GOAL_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {GOAL_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
                {errorText('status')}
              </div>
            )}

            <KeyResultsEditor drafts={krs} onChange={setKrs} errors={errors} />

            <FormError message={formError} />
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button" disabled={sending}>
                Cancel
              </Dialog.Close>
              <SubmitButton sending={sending} sendingText="Saving…">
                {editing ? 'Save goal' : 'Create goal'}
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ownerName(goal: GoalSummary): string {
  if (goal.owner_kind === 'TEAM') return goal.team?.name ?? 'A team';
  if (goal.owner_kind === 'COMPANY') return 'The company';
  return goal.owner?.full_name ?? 'A former member';
}

function OwnerRadio({
  id,
  value,
  current,
  onPick,
  label,
}: {
  id: string;
  value: OwnerChoice;
  current: OwnerChoice;
  onPick: (v: OwnerChoice) => void;
  label: string;
}) {
  return (
    <div className="goal-choice">
      <input type="radio" id={`${id}-owner-${value}`} name="owner" value={value} checked={current === value} onChange={() => onPick(value)} />
      <label htmlFor={`${id}-owner-${value}`}>{label}</label>
    </div>
  );
}

/** The person picker keeps its own value; this reads it back on change. */
function PersonPickerControlled({
  reports,
  value,
  onChange,
  error,
}: {
  reports: ReturnType<typeof subjectsFor>;
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  return (
    <div
      onChange={(ev) => {
        const t: EventTarget = ev.target;
        if (t instanceof HTMLSelectElement) onChange(t.value);
      }}
    >
      <PersonPicker label="Person" name="owner_user_id" people={reports} defaultValue={value} error={error} noneLabel="Choose a person" />
    </div>
  );
}
