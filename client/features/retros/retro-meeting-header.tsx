import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RETRO_PHASE_LABELS, type RetroPhase } from '../../../shared/retros.js';
import { Avatar } from '../../components/ui/avatar.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { LiveError, meetingOutcome, useMeeting } from './retro-meeting-context.js';
import type { Retro } from './retro.types.js';
import { formatDateTime } from '../../../shared/format.js';

/** The phase after the current one in this retro (null once it ended). */
export function nextPhase(retro: Pick<Retro, 'phase' | 'phases'>): RetroPhase | null {
  const i = retro.phases.indexOf(retro.phase);
  return i >= 0 && i + 1 < retro.phases.length ? retro.phases[i + 1]! : null;
}

/** Title, team, phases, who is here, the facilitator and (for who may) the facilitator's controls. */
export function RetroMeetingHeader() {
  const { retro } = useMeeting();
  const deadlines = deadlineLines(retro);
  return (
    <header className="retro-meeting-head">
      <div className="retro-meeting-title">
        <h1>{retro.title}</h1>
        <p className="retro-meta">
          <span>{retro.team.name}</span>
          {retro.sprint && <span>{retro.sprint.name}</span>}
          <span>{retro.template_name}</span>
          <span>
            Facilitator: <strong>{retro.facilitator?.full_name ?? 'nobody yet'}</strong>
            {retro.viewer_is_facilitator ? ' (you)' : ''}
          </span>
          <span>{retro.anonymous ? 'Anonymous reflections' : 'Signed reflections'}</span>
        </p>
        {deadlines.length > 0 && (
          <ul className="retro-deadlines">
            {deadlines.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </div>
      <Presence />
      <PhaseStepper retro={retro} />
      {retro.viewer_can_facilitate && retro.phase !== 'SUMMARY' && <FacilitatorControls />}
    </header>
  );
}

/** "Reflection closes Fri, Nov 27, 12:00" for async retros, while it still lies ahead in the meeting. */
export function deadlineLines(retro: Pick<Retro, 'phase' | 'phases' | 'reflect_deadline' | 'vote_deadline'>): string[] {
  const at = (p: RetroPhase) => retro.phases.indexOf(p);
  const now = at(retro.phase);
  const out: string[] = [];
  if (retro.reflect_deadline && now <= at('REFLECT')) out.push(`Reflection closes ${formatDateTime(retro.reflect_deadline)}`);
  if (retro.vote_deadline && now <= at('VOTE')) out.push(`Voting closes ${formatDateTime(retro.vote_deadline)}`);
  return out;
}

export function PhaseStepper({ retro }: { retro: Pick<Retro, 'phase' | 'phases'> }) {
  const steps = retro.phases.filter((p) => p !== 'SCHEDULED');
  const current = steps.indexOf(retro.phase as (typeof steps)[number]);
  return (
    <nav aria-label="Retro phases" className="retro-stepper-nav">
      <ol className="retro-stepper">
        {steps.map((p, i) => {
          const state = i === current ? 'current' : current >= 0 && i < current ? 'done' : 'todo';
          return (
            <li key={p} className={`retro-step retro-step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="retro-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{RETRO_PHASE_LABELS[p]}</span>
              {state === 'done' && <span className="sr-only"> (done)</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Presence() {
  const { retro } = useMeeting();
  const shown = retro.presence.slice(0, 8);
  const rest = retro.presence.length - shown.length;
  return (
    <div className="retro-presence">
      <ul className="retro-avatars" aria-label="Here now">
        {shown.map((p) => (
          <li key={p.id} title={p.full_name}>
            <Avatar userId={p.id} name={p.full_name} size={32} />
            <span className="sr-only">{p.full_name}</span>
          </li>
        ))}
        {rest > 0 && <li className="retro-avatar-more">+{rest}</li>}
      </ul>
      <span className="retro-here">{retro.presence.length} here</span>
    </div>
  );
}

/** What ending erases for good, in words for this retro (docs/decisions/0047, 0059). */
export function endWarning(retro: Pick<Retro, 'anonymous'>): string {
  const links = retro.anonymous ? 'reflections, comments, votes and health answers' : 'votes and health answers';
  return (
    `Ending erases the anonymity links for good: after it, nobody, admins and anyone reading the database included, can tell who wrote which of the ${links}. ` +
    'Nothing can be written, edited or voted on any more, and the team moves to the summary.'
  );
}

/** A phase change that someone else's overtook (CONFLICT) is no failure: the state that won is already on its way, nothing to say. */
async function movedOrOvertaken(change: Promise<unknown>): Promise<void> {
  try {
    await change;
  } catch (err) {
    if ((err as { code?: string }).code !== 'CONFLICT') throw err;
  }
}

/** Next phase, end, hand over (the facilitator) or take over (the team's manager or lead, an admin). */
function FacilitatorControls() {
  const { retro, api, me, people } = useMeeting();
  const setFacilitator = useMutation({ mutationFn: (userId: string) => api.setFacilitator(userId) });
  const movePhase = useMutation({ mutationFn: ({ from, to }: { from: RetroPhase; to: RetroPhase }) => movedOrOvertaken(api.setPhase(from, to)) });
  const outcome = meetingOutcome([setFacilitator, movePhase]);
  /** Why the hand-over cannot be sent yet. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? outcome.error;
  const busy = outcome.busy;
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [handing, setHanding] = useState(false);
  const [heir, setHeir] = useState('');
  const selectId = useId();
  const next = nextPhase(retro);

  const move = (to: RetroPhase) => {
    setInvalid(null);
    movePhase.mutate({ from: retro.phase, to });
  };
  const candidates = people.filter((p) => p.id !== retro.facilitator?.id);

  if (!retro.viewer_is_facilitator) {
    return (
      <div className="retro-controls">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => {
            setInvalid(null);
            setFacilitator.mutate(me.id);
          }}
        >
          Take over
        </button>
        <span className="muted">You may lead this retro as the team’s manager or lead, or as an admin.</span>
        <LiveError error={error} />
      </div>
    );
  }
  // Ending is for good (docs/decisions/0059): asked first, whichever button ends it.
  const ask = (to: RetroPhase) => (to === 'SUMMARY' ? setConfirmEnd(true) : move(to));
  return (
    <div className="retro-controls">
      {next && (
        <button type="button" className="button" disabled={busy} onClick={() => ask(next)}>
          {retro.phase === 'SCHEDULED' ? `Start: ${RETRO_PHASE_LABELS[next]}` : `Next: ${RETRO_PHASE_LABELS[next]}`}
        </button>
      )}
      {retro.phase !== 'SCHEDULED' && next !== 'SUMMARY' && (
        <button type="button" className="button button-secondary" onClick={() => setConfirmEnd(true)}>
          End retro
        </button>
      )}
      {confirmEnd && (
        <ConfirmDialog
          title="End the retro now?"
          confirmLabel="End the retro"
          busyLabel="Ending…"
          onClose={() => setConfirmEnd(false)}
          description={endWarning(retro)}
          onConfirm={() => movedOrOvertaken(api.setPhase(retro.phase, 'SUMMARY'))}
        />
      )}
      {handing ? (
        <form
          className="retro-handover"
          onSubmit={(e) => {
            e.preventDefault();
            if (!heir) return setInvalid('Choose who leads the retro next.');
            setInvalid(null);
            setFacilitator.mutate(heir, { onSuccess: () => setHanding(false) });
          }}
        >
          <label htmlFor={selectId}>Hand over to</label>
          <select id={selectId} value={heir} onChange={(e) => setHeir(e.target.value)}>
            <option value="">Choose a person…</option>
            {candidates.map((p) => (
              <option key={p.id} value={p.id}>
                {p.full_name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Hand over
          </button>
          <button type="button" className="button button-ghost" onClick={() => setHanding(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="button button-ghost" onClick={() => setHanding(true)}>
          Hand over…
        </button>
      )}
      <LiveError error={error} />
    </div>
  );
}
