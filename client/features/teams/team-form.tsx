import { createTeamSchema, TEAM_NAME_MAX } from '../../../shared/team.schemas.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { useZodForm } from '../../lib/forms.js';
import { useCreateTeam, useUpdateTeam, type PickablePerson, type Team } from './api.js';
import { PersonPicker } from './person-picker.js';
import { serverErrorOutcome } from './team-errors.js';

const FIELDS = ['name', 'manager_id', 'team_lead_id'] as const;

type Props = {
  /** The team being edited; none for a new team. */
  team?: Team;
  people: readonly PickablePerson[];
  onSaved: (team: Team) => void;
  children?: React.ReactNode;
};

/** Name, manager and team lead of a team; the same shared schema as the server. What was typed stays on an error. */
export function TeamForm({ team, people, onSaved, children }: Props) {
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const leaders = people.filter((p) => p.status !== 'DEACTIVATED' || p.id === team?.manager?.id || p.id === team?.team_lead?.id);
  const { onSubmit, fieldErrors, formError, sending } = useZodForm(createTeamSchema, async (values) => {
    const input = { name: values.name, manager_id: values.manager_id ?? null, team_lead_id: values.team_lead_id ?? null };
    try {
      onSaved(team ? await update.mutateAsync({ id: team.id, input }) : await create.mutateAsync(input));
    } catch (err) {
      return serverErrorOutcome(err, FIELDS, 'name');
    }
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={team ? `Details of ${team.name}` : 'New team'}>
      <FormError message={formError} />
      <Field label="Team name" name="name" defaultValue={team?.name ?? ''} error={fieldErrors.name} required maxLength={TEAM_NAME_MAX} autoComplete="off" />
      <PersonPicker label="Manager" name="manager_id" people={leaders} defaultValue={team?.manager?.id} error={fieldErrors.manager_id} noneLabel="No manager" />
      <PersonPicker
        label="Team lead"
        name="team_lead_id"
        people={leaders}
        defaultValue={team?.team_lead?.id}
        error={fieldErrors.team_lead_id}
        noneLabel="No team lead"
      />
      <div className="dialog-actions">
        {children}
        <SubmitButton sending={sending} sendingText="Saving…">
          {team ? 'Save changes' : 'Create team'}
        </SubmitButton>
      </div>
    </form>
  );
}
