import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { Dialog } from '../../components/ui/dialog.js';
import { useId, useState, type FormEvent } from 'react';
import { showAlert } from '../../lib/alerts.js';
import { useRemoveUsers, useUpdateManyUsers, type AdminUser, type TeamOption } from './admin-users.api.js';
import { SendSelectedInvitations } from './admin-users-invite-dialog.js';
import { countLabel } from './admin-users.labels.js';
import { NO_TEAM } from './admin-users.search.js';

type Props = { people: readonly AdminUser[]; teams: readonly TeamOption[]; onDone: () => void };

const failed = (what: string, err: Error) => showAlert(`${what} failed: ${err.message}`, 'error');

/** Actions on the selected rows: send invitations, deactivate, change team, remove (soft delete, after a confirmation). */
export function AdminUsersBulkBar({ people: selected, teams, onDone }: Props) {
  const ids = selected.map((u) => u.id);
  const update = useUpdateManyUsers();
  const remove = useRemoveUsers();
  const [teamOpen, setTeamOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const teamFieldId = useId();
  const busy = update.isPending || remove.isPending;
  const people = countLabel(ids.length, 'person', 'people');

  function deactivate() {
    update.mutate(
      { ids, input: { status: 'DEACTIVATED' } },
      {
        onSuccess: (n) => {
          showAlert(`${countLabel(n, 'person', 'people')} deactivated.`, 'success');
          onDone();
        },
        onError: (err) => failed('Deactivating', err),
      },
    );
  }

  function changeTeam(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('team_id') ?? '');
    const team = teams.find((t) => t.id === value);
    update.mutate(
      { ids, input: { team_id: value === NO_TEAM ? null : value } },
      {
        onSuccess: (n) => {
          setTeamOpen(false);
          showAlert(
            team ? `${countLabel(n, 'person', 'people')} moved to ${team.name}.` : `${countLabel(n, 'person', 'people')} removed from their team.`,
            'success',
          );
          onDone();
        },
        onError: (err) => failed('Changing the team', err),
      },
    );
  }

  async function confirmRemove() {
    try {
      const n = await remove.mutateAsync(ids);
      showAlert(`${countLabel(n, 'person', 'people')} removed.`, 'success');
      onDone();
    } catch (err) {
      failed('Removing', err as Error);
    }
  }

  return (
    <div className="au-bulk" role="region" aria-label="Selected users">
      <strong aria-live="polite">{people} selected</strong>
      <SendSelectedInvitations people={selected} onSent={onDone} />
      <button type="button" className="button button-secondary button-small" onClick={deactivate} disabled={busy}>
        Deactivate
      </button>

      <Dialog.Root open={teamOpen} onOpenChange={setTeamOpen}>
        <Dialog.Trigger asChild>
          <button type="button" className="button button-secondary button-small" disabled={busy}>
            Change team
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title>Change team</Dialog.Title>
            <Dialog.Description>Move {people} to another team.</Dialog.Description>
            <form className="form" onSubmit={changeTeam}>
              <div className="field">
                <label htmlFor={teamFieldId}>Team</label>
                <select id={teamFieldId} name="team_id" required defaultValue={teams[0]?.id ?? NO_TEAM}>
                  {teams.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                  <option value={NO_TEAM}>No team</option>
                </select>
              </div>
              <div className="dialog-actions">
                <Dialog.Close className="button button-ghost" type="button">
                  Cancel
                </Dialog.Close>
                <button type="submit" className="button" disabled={update.isPending}>
                  {update.isPending ? 'Moving…' : 'Move'}
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <button type="button" className="button button-secondary button-small au-danger" disabled={busy} onClick={() => setRemoveOpen(true)}>
        Remove
      </button>
      {removeOpen && (
        <ConfirmDialog
          title={`Remove ${people}?`}
          tone="danger"
          confirmLabel={`Remove ${people}`}
          busyLabel="Removing…"
          onConfirm={confirmRemove}
          onClose={() => setRemoveOpen(false)}
          description="They can no longer sign in and disappear from lists. Their records are kept, and admins can still see them with “Show deleted”."
        />
      )}

      <button type="button" className="button button-ghost button-small" onClick={onDone}>
        Clear selection
      </button>
    </div>
  );
}
