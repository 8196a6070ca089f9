import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { Dialog } from '../../components/ui/dialog.js';
import { showAlert } from '../../lib/alerts.js';
import { useDeleteTeam, type PickablePerson, type Team } from './api.js';
import { TeamForm } from './team-form.js';
import { TeamMembersEditor } from './team-members-editor.js';

/** A new team's name, manager and lead; on success the caller opens it for members. */
export function TeamCreateDialog({ people, onClose, onCreated }: { people: readonly PickablePerson[]; onClose: () => void; onCreated: (team: Team) => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>New team</Dialog.Title>
          <Dialog.Description className="muted">Name the team and choose who manages and leads it. You add members next.</Dialog.Description>
          <TeamForm
            people={people}
            onSaved={(team) => {
              showAlert(`${team.name} was created.`, 'success');
              onCreated(team);
            }}
          >
            <Dialog.Close className="button button-ghost" type="button">
              Cancel
            </Dialog.Close>
          </TeamForm>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Details and members of one team. */
export function TeamEditDialog({ team, people, onClose }: { team: Team; people: readonly PickablePerson[]; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog team-dialog">
          <Dialog.Title>Edit {team.name}</Dialog.Title>
          <Dialog.Description className="muted">A person belongs to one team: adding someone moves them from their current team.</Dialog.Description>
          <TeamForm key={team.id} team={team} people={people} onSaved={(saved) => showAlert(`${saved.name} was saved.`, 'success')} />
          <TeamMembersEditor team={team} people={people} />
          <div className="dialog-actions">
            <Dialog.Close className="button button-secondary" type="button">
              Done
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Asks before deleting: the members are left without a team. */
export function TeamDeleteDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const remove = useDeleteTeam();
  const count = team.aggregations.count_users;
  return (
    <ConfirmDialog
      title={`Delete ${team.name}?`}
      tone="danger"
      confirmLabel="Delete team"
      busyLabel="Deleting…"
      onClose={onClose}
      description={`${count ? `Its ${count === 1 ? 'member' : `${count} members`} will have no team. ` : ''}This cannot be undone; archive the team instead to keep it.`}
      onConfirm={async () => {
        await remove.mutateAsync(team.id);
        showAlert(`${team.name} was deleted.`, 'success');
      }}
    />
  );
}
