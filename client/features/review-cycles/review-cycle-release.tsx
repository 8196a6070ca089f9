import { useState } from 'react';
import { showAlert } from '../../lib/alerts.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useParticipantAction } from './review-cycle-actions.api.js';
import { useReleaseAllResults, type Cycle, type Participant } from './review-cycles.api.js';
import { formatDay } from './review-cycles.search.js';

/**
 * Releasing results (docs/decisions/0031): always confirmed, naming who will see them; taken back
 * until the person opened them; "Release all" for everyone the viewer may release for.
 */
const nameOf = (p: Participant) => p.reviewee?.full_name ?? 'A former colleague';
const closed = (cycle: Pick<Cycle, 'status'>) => cycle.status === 'CLOSED' || cycle.status === 'RELEASED';

function names(people: Participant[]): string {
  const list = people.map(nameOf);
  const shown = list.length > 6 ? [...list.slice(0, 5), `${list.length - 5} others`] : list;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** Release, "Take back" while unopened, or when they were opened: one participant's release controls. */
export function ReleaseControls({
  cycle,
  participant: p,
  variant = 'small',
}: {
  cycle: Pick<Cycle, 'status'>;
  participant: Participant;
  variant?: 'small' | 'large';
}) {
  const [confirm, setConfirm] = useState<'release' | 'withdraw' | null>(null);
  const release = useParticipantAction('releaseResults');
  const withdraw = useParticipantAction('withdrawResults');
  if (!p.can_manage || !closed(cycle)) return null;
  const name = nameOf(p);
  const size = variant === 'small' ? ' button-small' : '';
  return (
    <>
      {!p.results_released_at && (
        <button type="button" className={`button${size}`} onClick={() => setConfirm('release')}>
          Release results to {name}
        </button>
      )}
      {p.results_released_at && !p.results_opened_at && (
        <button type="button" className={`button button-secondary${size}`} onClick={() => setConfirm('withdraw')}>
          Take back the release of {name}
        </button>
      )}
      {p.results_opened_at && (
        <span className="muted">
          Opened by {name} {formatDay(p.results_opened_at)}
        </span>
      )}
      {confirm === 'release' && (
        <ConfirmDialog
          title={`Release the results of ${name}?`}
          confirmLabel="Release results"
          busyLabel="Releasing…"
          onClose={() => setConfirm(null)}
          description={`${name} will see their results and is told in the app and by email. Until ${name} opens them, you can take the release back.`}
          onConfirm={async () => {
            await release.mutateAsync({ participantId: p.id });
            showAlert(`The results of ${name} are released.`, 'success');
          }}
        />
      )}
      {confirm === 'withdraw' && (
        <ConfirmDialog
          title={`Take back the release of ${name}?`}
          confirmLabel="Take back"
          busyLabel="Taking back…"
          onClose={() => setConfirm(null)}
          description={`${name} has not opened their results yet. They are hidden from ${name} again until you release them, and ${name} is told.`}
          onConfirm={async () => {
            await withdraw.mutateAsync({ participantId: p.id });
            showAlert(`The release of ${name}’s results was taken back.`, 'success');
          }}
        />
      )}
    </>
  );
}

/** "Release all (N)": everyone listed whose results the viewer may release and who has not got them yet. */
export function ReleaseAllButton({ cycle }: { cycle: Cycle }) {
  const [confirming, setConfirming] = useState(false);
  const releaseAll = useReleaseAllResults();
  const pending = cycle.participants.filter((p) => p.can_manage && !p.results_released_at);
  if (!closed(cycle) || pending.length === 0) return null;
  const count = pending.length;
  return (
    <>
      <button type="button" className="button" onClick={() => setConfirming(true)}>
        Release all ({count})
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Release the results of ${count} ${count === 1 ? 'person' : 'people'}?`}
          confirmLabel={`Release ${count}`}
          busyLabel="Releasing…"
          onClose={() => setConfirming(false)}
          description={`${names(pending)} will each see their own results and are told in the app and by email. Until a person opens theirs, you can take their release back.`}
          onConfirm={async () => {
            const { released } = await releaseAll.mutateAsync(cycle.id);
            showAlert(`Results released to ${released} ${released === 1 ? 'person' : 'people'}.`, 'success');
          }}
        />
      )}
    </>
  );
}
