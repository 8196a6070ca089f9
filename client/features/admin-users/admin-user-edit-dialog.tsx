import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useEffect, useMemo } from 'react';
import { PERMISSION_LEVELS, USER_STATUSES } from '../../../shared/enums.js';
import { Field, FormError, SubmitButton } from '../../components/ui/field.js';
import { PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { useZodForm } from '../../lib/forms.js';
import {
  adminUserDetailsQueryOptions,
  subdepartmentOptionsQueryOptions,
  useSaveUser,
  useSendInvitations,
  type AdminUser,
  type AdminUserDetails,
  type TeamOption,
} from './admin-users.api.js';
import { serverErrorOutcome } from './admin-users-errors.js';
import { LEVEL_LABEL, STATUS_LABEL, invitationSentence } from './admin-users.labels.js';
import { SelectField } from './admin-users-select-field.js';

const loadSchema = () => import('./admin-users.schema.js');
const timeZones: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

type Props = { user: AdminUser; users: readonly AdminUser[]; teams: readonly TeamOption[]; onClose: () => void };

/** Edits one person: account fields via updateUserByAdmin, the rest via updateOneUser. What was typed stays on an error. */
export function AdminUserEditDialog(props: Props) {
  const { user, onClose } = props;
  const details = useQuery(adminUserDetailsQueryOptions(user.id));
  const subdepartments = useQuery(subdepartmentOptionsQueryOptions);
  // The rules are needed on the first save: fetch them while the person reads the form.
  useEffect(() => void loadSchema(), []);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog au-edit">
          <Dialog.Title>Edit {user.full_name}</Dialog.Title>
          <Dialog.Description className="muted">
            A change of permission level signs the person out everywhere. A new email takes effect once the person follows the confirmation link sent to it.
          </Dialog.Description>
          {user.status === 'INVITED' && <InvitationPanel user={user} />}
          {details.data && subdepartments.data ? (
            <EditForm {...props} details={details.data} subdepartments={subdepartments.data} />
          ) : details.isError || subdepartments.isError ? (
            <>
              <p role="alert" className="form-error">
                {(details.error ?? subdepartments.error)?.message}
              </p>
              <div className="dialog-actions">
                <Dialog.Close className="button button-ghost" type="button">
                  Close
                </Dialog.Close>
                <button type="button" className="button" onClick={() => void Promise.all([details.refetch(), subdepartments.refetch()])}>
                  Try again
                </button>
              </div>
            </>
          ) : (
            <PendingView label="Loading this person…" />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Where the invitation stands, and (re)send it: a new link replaces the earlier one. */
function InvitationPanel({ user }: { user: AdminUser }) {
  const send = useSendInvitations();
  const again = !!user.invited_at;
  return (
    <section className="au-invitation" aria-label="Invitation">
      <p role="status">
        {invitationSentence(user)}
        {again ? ' Resending makes the earlier link stop working.' : ''}
      </p>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={send.isPending}
        aria-busy={send.isPending || undefined}
        onClick={() =>
          send.mutateAsync([user.id]).then(
            (n) => showAlert(n ? `Invitation sent to ${user.email}.` : `${user.full_name} has already joined.`, n ? 'success' : 'info'),
            (err: Error) => showAlert(`Sending the invitation failed: ${err.message}`, 'error'),
          )
        }
      >
        {send.isPending ? 'Sending…' : again ? 'Resend invitation' : 'Send invitation'}
      </button>
    </section>
  );
}

function EditForm({
  user,
  users,
  teams,
  onClose,
  details,
  subdepartments,
}: Props & { details: AdminUserDetails; subdepartments: ReadonlyArray<{ id: string; label: string }> }) {
  const save = useSaveUser();
  const managers = useMemo(() => users.filter((u) => u.id !== user.id && !u.deleted_at), [users, user.id]);
  const { onSubmit, fieldErrors, formError, sending } = useZodForm(
    async () => (await loadSchema()).adminUserEditSchema,
    async (values) => {
      const { ACCOUNT_KEYS } = await loadSchema();
      const account = Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, values[k] ?? null]));
      const { location, time_zone, slack_id, jira_account_id, azure_boards_user_id, status, team_id, manager_id, subdepartment_id } = values;
      try {
        await save.mutateAsync({
          id: user.id,
          account: account as never,
          profile: {
            location: location ?? null,
            time_zone: time_zone ?? null,
            slack_id: slack_id ?? null,
            jira_account_id: jira_account_id ?? null,
            azure_boards_user_id: azure_boards_user_id ?? null,
            status,
            team_id,
            manager_id,
            subdepartment_id,
          },
        });
      } catch (err) {
        return serverErrorOutcome(err);
      }
      // The server keeps the old address until the link mailed to the new one is followed (docs/decisions/0057).
      const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
      showAlert(
        emailChanged
          ? `${values.full_name} was saved. A confirmation link was sent to ${values.email.trim()}: the email changes once it is followed.`
          : `${values.full_name} was saved.`,
        'success',
      );
      onClose();
    },
  );
  const record: Record<string, unknown> = { ...user, ...details };
  const text = (name: keyof AdminUser | keyof AdminUserDetails, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} name={name} defaultValue={(record[name] as string | null) ?? ''} error={fieldErrors[name]} {...extra} />
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <fieldset className="au-fieldset">
        <legend>Account</legend>
        {text('full_name', 'Full name', { autoComplete: 'off', required: true })}
        {text('email', 'Email', { type: 'email', autoComplete: 'off', required: true })}
        {text('role', 'Role (job title)')}
        <SelectField label="Permission level" name="permission_level" defaultValue={user.permission_level} error={fieldErrors.permission_level}>
          {PERMISSION_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABEL[l]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" name="status" defaultValue={user.status} error={fieldErrors.status}>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <fieldset className="au-fieldset">
        <legend>Organization</legend>
        <SelectField label="Team" name="team_id" defaultValue={user.team?.id ?? ''} error={fieldErrors.team_id}>
          <option value="">No team</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Manager" name="manager_id" defaultValue={details.manager?.id ?? ''} error={fieldErrors.manager_id}>
          <option value="">No manager</option>
          {managers.map((m) => (
            <option key={m.id} value={m.id}>
              {m.full_name} ({m.email})
            </option>
          ))}
        </SelectField>
        <SelectField label="Sub-department" name="subdepartment_id" defaultValue={details.subdepartment?.id ?? ''} error={fieldErrors.subdepartment_id}>
          <option value="">No sub-department</option>
          {subdepartments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </SelectField>
        {text('location', 'Location')}
        {text('time_zone', 'Time zone', { list: 'au-time-zones', placeholder: 'e.g. Europe/Berlin', autoComplete: 'off' })}
        <datalist id="au-time-zones">
          {timeZones.map((tz) => (
            <option key={tz} value={tz} />
          ))}
        </datalist>
      </fieldset>
      <fieldset className="au-fieldset">
        <legend>Integrations</legend>
        {text('github_user', 'GitHub user')}
        {text('bitbucket_account_id', 'Bitbucket account ID')}
        {text('azure_email', 'Azure email', { type: 'email' })}
        {text('azure_boards_user_id', 'Azure Boards user ID')}
        {text('jira_account_id', 'Jira account ID')}
        {text('slack_id', 'Slack ID')}
      </fieldset>
      <div className="dialog-actions">
        <Dialog.Close className="button button-ghost" type="button">
          Cancel
        </Dialog.Close>
        <SubmitButton sending={sending} sendingText="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
