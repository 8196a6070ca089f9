import { showAlert } from '../../lib/alerts.js';
import { useRemindToNominate, type AnonymityRisk, type Cycle, type PeerShortfall, type ReminderResult } from './review-cycles.api.js';
import { formatDay, messageOf } from './review-cycles.search.js';

/** Under the peer numbers of the cycle and automation rule forms (docs/decisions/0031); announced as it changes. */
export function PeerThresholdWarning({ warning }: { warning: string | null }) {
  return (
    <div aria-live="polite">
      {warning && (
        <p className="notice notice-warning" data-testid="peer-threshold-warning">
          {warning}
        </p>
      )}
    </div>
  );
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : one === 'person' ? 'people' : `${one}s`}`;

/** "2 reminders sent; 1 person was already reminded today." */
export function reminderOutcome(r: ReminderResult): string {
  if (!r.queued && !r.already_reminded) return 'Nobody is short of peers: no reminder sent.';
  const sent = r.queued ? `${plural(r.queued, 'reminder')} sent` : 'No reminder sent';
  return r.already_reminded
    ? `${sent}; ${plural(r.already_reminded, 'person')} ${r.already_reminded === 1 ? 'was' : 'were'} already reminded today.`
    : `${sent}.`;
}

function shortText(s: PeerShortfall, min: number): string {
  const waiting = s.proposed ? `; ${s.proposed} proposed, waiting for approval` : '';
  return `${s.approved} of ${min} approved peers, ${s.missing} short${waiting}`;
}

async function remindAndSay(work: Promise<ReminderResult>): Promise<void> {
  try {
    showAlert(reminderOutcome(await work), 'success');
  } catch (err) {
    showAlert(messageOf(err), 'error');
  }
}

/** Before launch, for whoever runs the cycle: who is short of approved peers and by how many, with "Remind to nominate". */
export function ReadinessPanel({ cycle }: { cycle: Cycle }) {
  const remind = useRemindToNominate();
  const short = cycle.readiness?.short ?? [];
  if (!cycle.readiness || !cycle.perspectives.includes('PEER') || cycle.min_peers === 0) return null;
  return (
    <section className="tile rc-readiness" aria-labelledby="rc-readiness-title">
      <div className="row-between">
        <h2 id="rc-readiness-title" className="section-title">
          Peers before launch
        </h2>
        {short.length > 0 && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={remind.isPending}
            onClick={() => void remindAndSay(remind.mutateAsync({ cycleId: cycle.id }))}
          >
            Remind all {short.length} to nominate
          </button>
        )}
      </div>
      {short.length === 0 ? (
        <p className="muted">Everyone has at least {cycle.min_peers} approved peers: the cycle can launch.</p>
      ) : (
        <>
          <p>
            {plural(short.length, 'person')} {short.length === 1 ? 'has' : 'have'} fewer than {cycle.min_peers} approved peers. The cycle launches once everyone
            has them.
          </p>
          <ul className="rc-people" aria-label="Short of approved peers">
            {short.map((s) => {
              const name = s.reviewee?.full_name ?? 'A former colleague';
              const label = s.needs === 'NOMINATE' ? `Remind ${name} to nominate` : `Remind the manager of ${name} to approve`;
              return (
                <li key={s.participant_id}>
                  <strong>{name}</strong>: {shortText(s, cycle.min_peers)}
                  <span className="muted"> · {s.asked_at ? `asked ${formatDay(s.asked_at)}` : 'not asked yet'}</span>{' '}
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    disabled={remind.isPending}
                    onClick={() => void remindAndSay(remind.mutateAsync({ participantId: s.participant_id }))}
                  >
                    {label}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** For a manager who does not run the cycle: "Remind to nominate" on their report's card. */
export function RemindToNominateButton({ participantId, name }: { participantId: string; name: string }) {
  const remind = useRemindToNominate();
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      disabled={remind.isPending}
      onClick={() => void remindAndSay(remind.mutateAsync({ participantId }))}
    >
      Remind {name} to nominate
    </button>
  );
}

/** Inside the launch dialog: who will get no peer or direct-report results; launching needs a tick that says so. */
export function LaunchRisks({
  risks,
  threshold,
  accepted,
  onAccept,
}: {
  risks: AnonymityRisk[];
  threshold: number;
  accepted: boolean;
  onAccept: (on: boolean) => void;
}) {
  if (!risks.length) return null;
  const people = new Set(risks.map((r) => r.participant_id)).size;
  return (
    <div className="notice notice-warning rc-risks" data-testid="launch-risks">
      <p>
        <strong>{plural(people, 'person')} will see no anonymous results</strong>: peer and direct-report answers are shown only when at least {threshold} of
        them answered.
      </p>
      <ul aria-label="At risk">
        {risks.map((r) => (
          <li key={`${r.participant_id}-${r.perspective}`}>{r.message}</li>
        ))}
      </ul>
      <label className="checkbox">
        <input type="checkbox" checked={accepted} onChange={(e) => onAccept(e.target.checked)} />
        Launch anyway: I know these people will not see those results
      </label>
    </div>
  );
}
