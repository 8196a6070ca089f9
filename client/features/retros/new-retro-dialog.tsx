import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Dialog } from '../../components/ui/dialog.js';
import { useId, useMemo, useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { RETRO_LIMITS } from '../../../shared/retros.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm, type FieldErrors } from '../../lib/forms.js';
import { PersonPicker } from '../teams/person-picker.js';
import { meQueryOptions } from '../users/api.js';
import { toLocalInput } from './retro-format.js';
import { KEEP, formSchema, nextFullHour, outcomeOfError, peopleOfTeam, type Mode } from './new-retro-form.js';
import {
  retroHealthCheckChoicesQueryOptions,
  retroSettingsQueryOptions,
  retroTeamSprintsQueryOptions,
  retroTeamsQueryOptions,
  retroTemplateChoicesQueryOptions,
  useCreateRetro,
  useUpdateRetro,
  type CreateRetroVariables,
  type RetroSettings,
  type RetroSettingsVariables,
  type RetroTeam,
} from './retros.api.js';
import './retros.css';
import { formatDay } from '../../../shared/format.js';
import { TemplateOptionGroups } from '../templates/template-list.js';

function SelectField({
  label,
  name,
  error,
  hint,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; name: string; error?: string | undefined; hint?: ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function DialogFrame({ title, description, onClose, children }: { title: string; description: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog retro-dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description className="muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "New retro": team, sprint, template, then the settings every retro has. Navigates to the new retro (onCreated). */
export function NewRetroDialog({ initialTeamId, onCreated, onClose }: { initialTeamId: string | null; onCreated: (id: string) => void; onClose: () => void }) {
  const teams = useQuery(retroTeamsQueryOptions);
  const templates = useQuery(retroTemplateChoicesQueryOptions);
  const { data: me } = useQuery(meQueryOptions);
  const [teamId, setTeamId] = useState(() => initialTeamId ?? '');
  const [templateId, setTemplateId] = useState('');
  const [sprintId, setSprintId] = useState('');
  const create = useCreateRetro();
  const form = useZodForm(formSchema('create'), async (input) => {
    try {
      const retro = await create.mutateAsync(input as CreateRetroVariables);
      showAlert(`${retro.title} is planned.`, 'success');
      onCreated(retro.id);
    } catch (err) {
      return outcomeOfError(err);
    }
  });
  const teamList = teams.data ?? [];
  const chosenTeamId = teamId || teamList[0]?.id || '';
  const team = teamList.find((t) => t.id === chosenTeamId);
  const sprints = useQuery({ ...retroTeamSprintsQueryOptions(chosenTeamId), enabled: !!chosenTeamId });
  const sprintList = useMemo(() => [...(sprints.data ?? [])].sort((a, b) => b.ends_on.localeCompare(a.ends_on)), [sprints.data]);
  const templateList = (templates.data ?? []).filter((t) => !t.archived);
  const chosenTemplate = templateList.find((t) => t.id === templateId) ?? templateList[0];
  const sprint = sprintList.find((s) => s.id === sprintId);
  const errors = form.fieldErrors;

  return (
    <DialogFrame
      title="New retro"
      description="Plan a retro for one of your teams. Everyone on the team can join it once the facilitator starts it."
      onClose={onClose}
    >
      {teams.isPending || templates.isPending ? (
        <p className="muted" role="status">
          Loading teams and templates…
        </p>
      ) : teams.isError || templates.isError ? (
        <p role="alert" className="form-error">
          Teams or templates could not be loaded. Close this dialog and try again.
        </p>
      ) : teamList.length === 0 ? (
        <p>You are on no team yet, so there is no team to hold a retro for.</p>
      ) : (
        <form className="form retro-form" aria-label="New retro" onSubmit={form.onSubmit} noValidate>
          <div className="retro-grid">
            <SelectField
              label="Team"
              name="team_id"
              value={chosenTeamId}
              error={errors.team_id}
              onChange={(e) => {
                setTeamId(e.target.value);
                setSprintId('');
              }}
            >
              {teamList.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </SelectField>
            <SprintField
              canPlanSprints={me?.permission_level === 'ADMIN' || me?.permission_level === 'MANAGER'}
              loading={sprints.isPending && !!chosenTeamId}
              refused={sprints.isError}
              sprints={sprintList}
              value={sprintId}
              onChange={setSprintId}
              error={errors.sprint_id}
            />
          </div>
          <SelectField
            label="Template"
            name="template_id"
            value={chosenTemplate?.id ?? ''}
            error={errors.template_id}
            onChange={(e) => setTemplateId(e.target.value)}
            hint={
              chosenTemplate && (
                <>
                  {chosenTemplate.description && <span>{chosenTemplate.description} </span>}
                  <span>Prompts:</span>
                  <ul className="retro-prompts" aria-label={`Prompts of ${chosenTemplate.name}`}>
                    {chosenTemplate.prompts.map((p) => (
                      <li key={p.id}>
                        <strong>{p.title}</strong>
                        {p.description ? `: ${p.description}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              )
            }
          >
            <TemplateOptionGroups templates={templateList} labels={{ builtIn: 'Built-in', own: 'Your organization’s' }} />
          </SelectField>
          <SettingsFields
            mode="create"
            team={team}
            errors={errors}
            titlePlaceholder={team ? `${team.name} retro${sprint ? `: ${sprint.name}` : ' and its start date'}` : ''}
          />
          <FormError message={form.formError} />
          <div className="dialog-actions">
            <Dialog.Close className="button button-ghost" type="button">
              Cancel
            </Dialog.Close>
            <SubmitButton sending={form.sending} sendingText="Creating…">
              Create retro
            </SubmitButton>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}

function SprintField({
  loading,
  refused,
  sprints,
  value,
  onChange,
  error,
  canPlanSprints,
}: {
  canPlanSprints: boolean;
  loading: boolean;
  refused: boolean;
  sprints: Array<{ id: string; name: string; ends_on: string }>;
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
}) {
  const hint = loading ? (
    'Loading the team’s sprints…'
  ) : refused ? (
    'Only the team’s manager or lead and admins can link a sprint.'
  ) : sprints.length === 0 ? (
    <>
      This team has no sprints yet.{' '}
      {canPlanSprints ? (
        <>
          Add them under <Link to="/reviews/automation">Review automation</Link>, Sprints.
        </>
      ) : (
        'The team’s manager adds them.'
      )}
    </>
  ) : undefined;
  return (
    <SelectField
      label="Sprint (optional)"
      name="sprint_id"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={loading || refused || sprints.length === 0}
      error={error}
      hint={hint}
    >
      <option value="">No sprint</option>
      {sprints.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name} (ends {formatDay(s.ends_on)})
        </option>
      ))}
    </SelectField>
  );
}

/** The settings shared by "new retro" and "edit retro". */
function SettingsFields({
  mode,
  team,
  errors,
  titlePlaceholder,
  settings,
}: {
  mode: Mode;
  team: RetroTeam | undefined;
  errors: FieldErrors;
  titlePlaceholder: string;
  settings?: RetroSettings | undefined;
}) {
  const id = useId();
  const healthChecks = useQuery(retroHealthCheckChoicesQueryOptions);
  const [isAsync, setAsync] = useState(() => !!settings?.reflect_deadline);
  const checks = (healthChecks.data ?? []).filter((c) => !c.archived);
  const { data: me } = useQuery(meQueryOptions);
  // Creating, "You" (the empty choice) is the viewer: they are not listed a second time under their name.
  const people = useMemo(() => peopleOfTeam(team, mode === 'create' ? (me?.id ?? null) : null), [team, mode, me?.id]);
  return (
    <>
      <Field
        label="Title (optional)"
        name="title"
        defaultValue={settings?.title ?? ''}
        placeholder={titlePlaceholder}
        maxLength={RETRO_LIMITS.titleMax}
        error={errors.title}
        hint={mode === 'create' ? 'Left empty, the retro is named after the team and the sprint or its date.' : undefined}
      />
      <PersonPicker
        key={team?.id ?? 'none'}
        label="Facilitator"
        name="facilitator_id"
        people={people}
        defaultValue={settings?.facilitator?.id ?? null}
        error={errors.facilitator_id}
        noneLabel={mode === 'create' ? (me ? `You (${me.full_name})` : 'You') : 'Keep the facilitator'}
      />
      <div className="field">
        <div className="retro-check">
          <input
            id={`${id}-anonymous`}
            type="checkbox"
            name="anonymous"
            defaultChecked={settings ? settings.anonymous : true}
            aria-describedby={`${id}-anonymous-hint`}
          />
          <label htmlFor={`${id}-anonymous`}>Anonymous reflections</label>
        </div>
        <p id={`${id}-anonymous-hint`} className="field-hint">
          Nobody, managers and admins included, can see who wrote which reflection, during the retro or after it. Turn it off to show each reflection’s author
          once grouping starts.
        </p>
        {errors.anonymous && <p className="field-error">{errors.anonymous}</p>}
      </div>
      <div className="retro-grid">
        <Field
          label="Votes per person"
          name="max_votes"
          type="number"
          inputMode="numeric"
          min={1}
          max={RETRO_LIMITS.votesMax}
          defaultValue={settings?.max_votes ?? RETRO_LIMITS.votesDefault}
          error={errors.max_votes}
        />
        <Field
          label="Votes per group"
          name="max_votes_per_group"
          type="number"
          inputMode="numeric"
          min={1}
          max={RETRO_LIMITS.votesMax}
          defaultValue={settings?.max_votes_per_group ?? RETRO_LIMITS.votesPerGroupDefault}
          error={errors.max_votes_per_group}
          hint="The most one person may put on one group of reflections."
        />
      </div>
      <Field
        label="Check-in question (optional)"
        name="check_in_question"
        defaultValue={settings?.check_in_question ?? ''}
        maxLength={RETRO_LIMITS.checkInQuestionMax}
        placeholder="In one word, how was the sprint?"
        error={errors.check_in_question}
        hint="Everyone answers it as the retro opens. Left empty, there is no check-in."
      />
      <SelectField
        label="Health check (optional)"
        name="health_check_id"
        defaultValue={settings ? KEEP : ''}
        error={errors.health_check_id}
        hint={healthChecks.isError ? 'Health checks could not be loaded.' : 'Statements rated from 1 to 5; results show only from 3 answers.'}
      >
        {settings && (
          <option value={KEEP}>
            {settings.health_statements?.length ? `Keep the current one (${settings.health_statements.length} statements)` : 'Keep: no health check'}
          </option>
        )}
        <option value="">No health check</option>
        {checks.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.statements.length} statements)
          </option>
        ))}
      </SelectField>
      <Field
        label="Starts at"
        name="scheduled_at"
        type="datetime-local"
        defaultValue={settings ? toLocalInput(settings.scheduled_at) : nextFullHour()}
        error={errors.scheduled_at}
        hint="In your time zone."
      />
      <fieldset className="retro-fieldset">
        <legend>Async retro</legend>
        <div className="retro-check">
          <input
            id={`${id}-async`}
            type="checkbox"
            name="async"
            checked={isAsync}
            onChange={(e) => setAsync(e.target.checked)}
            aria-describedby={`${id}-async-hint`}
          />
          <label htmlFor={`${id}-async`}>People reflect and vote in their own time</label>
        </div>
        <p id={`${id}-async-hint`} className="field-hint">
          Reflecting and voting close by themselves at their deadlines; the facilitator then leads the discussion.
        </p>
        {isAsync && (
          <div className="retro-grid">
            <Field
              label="Reflecting closes"
              name="reflect_deadline"
              type="datetime-local"
              defaultValue={toLocalInput(settings?.reflect_deadline)}
              error={errors.reflect_deadline}
            />
            <Field
              label="Voting closes"
              name="vote_deadline"
              type="datetime-local"
              defaultValue={toLocalInput(settings?.vote_deadline)}
              error={errors.vote_deadline}
            />
          </div>
        )}
      </fieldset>
    </>
  );
}

/** Changes a retro that has not started (the list's "Edit"). */
export function EditRetroDialog({ retroId, onClose }: { retroId: string; onClose: () => void }) {
  const settings = useQuery(retroSettingsQueryOptions(retroId));
  const teams = useQuery(retroTeamsQueryOptions);
  const update = useUpdateRetro();
  const form = useZodForm(formSchema('edit'), async (input) => {
    try {
      const retro = await update.mutateAsync({ id: retroId, input: input as RetroSettingsVariables });
      showAlert(`${retro.title} was saved.`, 'success');
      onClose();
    } catch (err) {
      return outcomeOfError(err);
    }
  });
  const retro = settings.data;
  const team = teams.data?.find((t) => t.id === retro?.team.id);
  return (
    <DialogFrame
      title={retro ? `Edit ${retro.title}` : 'Edit retro'}
      description="Settings can change until the facilitator starts the retro."
      onClose={onClose}
    >
      {settings.isPending ? (
        <p className="muted" role="status">
          Loading the retro…
        </p>
      ) : settings.isError || !retro ? (
        <p role="alert" className="form-error">
          {settings.error?.message ?? 'This retro no longer exists.'}
        </p>
      ) : (
        <form className="form retro-form" aria-label={`Edit ${retro.title}`} onSubmit={form.onSubmit} noValidate>
          <p className="muted">
            {retro.team.name}
            {retro.sprint ? ` · ${retro.sprint.name}` : ''} · {retro.template_name}
          </p>
          <SettingsFields mode="edit" team={team} errors={form.fieldErrors} titlePlaceholder={retro.title} settings={retro} />
          <FormError message={form.formError} />
          <div className="dialog-actions">
            <Dialog.Close className="button button-ghost" type="button">
              Cancel
            </Dialog.Close>
            <SubmitButton sending={form.sending} sendingText="Saving…">
              Save changes
            </SubmitButton>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}
