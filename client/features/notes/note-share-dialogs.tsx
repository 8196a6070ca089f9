import { formatDay } from '../../../shared/format.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import type { Note, Person } from './note.types.js';

/**
 * What sharing a 1:1 note makes visible to the person it is about, and what stopping takes away
 * (docs/decisions/0056): exactly the shared parts, named with what the note holds now. Private
 * notes are never among them.
 */
function SharedParts({ note }: { note: Note }) {
  const points = note.agenda.length;
  return (
    <ul className="note-share-parts">
      <li>the title “{note.title.trim() || 'Untitled note'}”</li>
      <li>{points === 0 ? 'the talking points (none yet)' : `${points} talking point${points === 1 ? '' : 's'}`}</li>
      <li>{note.next_one_on_one ? `the next 1:1 date, ${formatDay(note.next_one_on_one)}` : 'the next 1:1 date (not set yet)'}</li>
    </ul>
  );
}

/** Asks before sharing a 1:1 note: what becomes visible to the person, and that the private notes stay private. */
export function ShareNoteDialog({ note, person, onConfirm, onClose }: { note: Note; person: Person; onConfirm: () => Promise<void>; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={`Share this 1:1 note with ${person.full_name}?`}
      description={`${person.full_name} will see:`}
      confirmLabel={`Share with ${person.full_name}`}
      busyLabel="Sharing…"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <SharedParts note={note} />
      <p>You both add and tick off talking points and set the next 1:1 date; only you edit the title.</p>
      <p>
        <strong>Your private notes stay private:</strong> {person.full_name} never sees them, nor your tags. They get private notes of their own beside the
        agenda, which you never see.
      </p>
      <p className="muted">Nobody else sees this note, admins included. You can stop sharing at any time.</p>
    </ConfirmDialog>
  );
}

/** Asks before stopping sharing: what the person loses, and what happens to their private notes. */
export function StopSharingDialog({ note, person, onConfirm, onClose }: { note: Note; person: Person; onConfirm: () => Promise<void>; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={`Stop sharing with ${person.full_name}?`}
      description={`${person.full_name} will no longer see this note:`}
      confirmLabel="Stop sharing"
      busyLabel="Stopping…"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <SharedParts note={note} />
      <p>Their own private notes on it are kept for them, out of their reach until you share the note again. Your private notes stay yours.</p>
    </ConfirmDialog>
  );
}
