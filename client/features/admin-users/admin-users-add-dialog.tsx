import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useEffect, useId, useMemo, useState } from 'react';
import { PERMISSION_LEVELS } from '../../../shared/enums.js';
import { INVITATION_LINK_DAYS } from '../../../shared/invitations.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import { adminUsersQueryOptions, teamOptionsQueryOptions, useAddUser, type AdminUser, type TeamOption } from './admin-users.api.js';
import { serverErrorOutcome } from './admin-users-errors.js';
import { LEVEL_LABEL } from './admin-users.labels.js';
import { SelectField } from './admin-users-select-field.js';

// The CSV import's row rules (shared/mass-create.schema.ts): one schema for a file row and for this form.
const loadRowSchema = () => import('../../../shared/mass-create.schema.js').then((m) => m.massCreateRowSchema);

type Props = { users: readonly AdminUser[]; teams: readonly TeamOption[] };

/** "Add person": one person with the import's rules, invited at once unless the box is cleared. */
export function AdminUsersAddDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button-small">
          Add person
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog au-add">
          <Dialog.Title>Add a person</Dialog.Title>
          <Dialog.Description className="muted">The same checks as a CSV import: a work email that nobody uses yet.</Dialog.Description>
          {open && <AddFormData onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Teams and managers to pick from: the lists the users table has loaded already. */
function AddFormData({ onDone }: { onDone: () => void }) {
  const users = useQuery(adminUsersQueryOptions(false));
  const teams = useQuery(teamOptionsQueryOptions);
  const failed = users.error ?? teams.error;
  if (failed)
    return (
      <p role="alert" className="form-error">
        {failed.message}
      </p>
    );
  if (!users.data || !teams.data) return <PendingView label="Loading teams and people…" />;
  return <AddForm users={users.data} teams={teams.data} onDone={onDone} />;
}

function AddForm({ users, teams, onDone }: Props & { onDone: () => void }) {
  const add = useAddUser();
  const inviteId = useId();
  const managers = useMemo(() => users.filter((u) => !u.deleted_at), [users]);
  useEffect(() => void loadRowSchema(), []);
  const { onSubmit, fieldErrors, formError, sending } = useZodForm(loadRowSchema, async (row, form) => {
    const sendInvitation = (form.elements.namedItem('send_invitation') as HTMLInputElement).checked;
    try {
      const person = await add.mutateAsync({
        input: {
          email: row.email,
          full_name: row.full_name,
          role: row.role,
          permission_level: row.permission_level,
          team: row.team,
          manager_email: row.manager_email,
        },
        sendInvitation,
      });
      showAlert(
        sendInvitation ? `${person.full_name} was added and invited.` : `${person.full_name} was added. Send the invitation when you are ready.`,
        'success',
      );
      onDone();
    } catch (err) {
      return serverErrorOutcome(err);
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <fieldset className="au-fieldset">
        <legend>Person</legend>
        <Field label="Full name" name="full_name" autoComplete="off" required error={fieldErrors.full_name} />
        <Field label="Email" name="email" type="email" autoComplete="off" required error={fieldErrors.email} />
        <Field label="Job title" name="role" autoComplete="off" error={fieldErrors.role} />
        <SelectField label="Permission level" name="permission_level" defaultValue="MEMBER" error={fieldErrors.permission_level}>
          {PERMISSION_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABEL[l]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Team" name="team" defaultValue="" error={fieldErrors.team}>
          <option value="">No team</option>
          {teams.map((t) => (
            <option key={t.id} value={t.name}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Manager" name="manager_email" defaultValue="" error={fieldErrors.manager_email}>
          <option value="">No manager</option>
          {managers.map((m) => (
            <option key={m.id} value={m.email}>
              {m.full_name} ({m.email})
            </option>
          ))}
        </SelectField>
        <div className="field au-check-field">
          <label className="checkbox" htmlFor={inviteId}>
            <input id={inviteId} type="checkbox" name="send_invitation" defaultChecked aria-describedby={`${inviteId}-hint`} />
            Send the invitation now
          </label>
          <p id={`${inviteId}-hint`} className="field-hint">
            An email with a link to choose a password; it works once, for {INVITATION_LINK_DAYS} days. Clear the box to send it later from the users table.
          </p>
        </div>
      </fieldset>
      <div className="dialog-actions">
        <Dialog.Close className="button button-ghost" type="button">
          Cancel
        </Dialog.Close>
        <SubmitButton sending={sending} sendingText="Adding…">
          Add person
        </SubmitButton>
      </div>
    </form>
  );
}
