import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { alertOutcome, showAlert } from '../../lib/alerts.js';
import { PERSPECTIVE_LABELS } from '../../../shared/review-template.schemas.js';
import { meQueryOptions } from '../users/api.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { PeerEditor } from './review-cycle-peers.js';
import { LaunchRisks, ReadinessPanel, RemindToNominateButton } from './review-cycle-readiness.js';
import { ReleaseAllButton, ReleaseControls } from './review-cycle-release.js';
import { useCycleAction, useParticipantAction } from './review-cycle-actions.api.js';
import { reviewCycleQueryOptions, useReopenReviewRequest, type Cycle, type Participant } from './review-cycles.api.js';
import { CYCLE_STATUS_LABELS, CYCLE_TYPE_LABELS, formatDay } from './review-cycles.search.js';

type Confirm = 'launch' | 'close' | null;

/** /reviews?id=…: settings, participants with their peers, and what the viewer may do. */
export function ReviewCycleDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { data: cycle } = useSuspenseQuery(reviewCycleQueryOptions(id));
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const launch = useCycleAction('launchReviewCycle');
  const close = useCycleAction('closeReviewCycle');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [accepted, setAccepted] = useState(false);
  const risks = cycle.readiness?.at_risk ?? [];
  return (
    <section className="page">
      <div className="row-between">
        <h1>{cycle.name}</h1>
        <div className="rc-actions">
          {cycle.can_manage && cycle.status === 'DRAFT' && (
            <button type="button" className="button" onClick={() => setConfirm('launch')}>
              Launch cycle
            </button>
          )}
          {cycle.can_manage && cycle.status === 'ACTIVE' && (
            <button type="button" className="button button-secondary" onClick={() => setConfirm('close')}>
              Close cycle
            </button>
          )}
          <ReleaseAllButton cycle={cycle} />
          <button type="button" className="button button-ghost" onClick={onBack}>
            Back to cycles
          </button>
        </div>
      </div>
      <p className="rc-meta">
        <span className={`rc-badge rc-badge-${cycle.status}`}>{CYCLE_STATUS_LABELS[cycle.status]}</span>
        <span>{CYCLE_TYPE_LABELS[cycle.type] ?? cycle.type}</span>
        {cycle.template_name && <span>Template: {cycle.template_name}</span>}
        {cycle.nomination_end && <span>Nominations end {formatDay(cycle.nomination_end)}</span>}
        <span>Reviews due {formatDay(cycle.review_end)}</span>
        {cycle.results_release && <span>Results {formatDay(cycle.results_release)}</span>}
      </p>
      <p className="muted">
        Perspectives: {cycle.perspectives.map((p) => PERSPECTIVE_LABELS[p]).join(', ')} · {cycle.min_peers} to {cycle.max_peers} peers · anonymity threshold{' '}
        {cycle.anonymity_threshold}
        {cycle.status !== 'DRAFT' && ` · ${cycle.submitted_count} of ${cycle.request_count} reviews submitted`}
      </p>
      {cycle.status === 'DRAFT' && <ReadinessPanel cycle={cycle} />}
      <h2 className="section-title">Participants ({cycle.participant_count})</h2>
      {cycle.participants.length === 0 ? (
        <p className="muted">You do not take part in this cycle.</p>
      ) : (
        <ul className="rc-list" aria-label="Participants">
          {cycle.participants.map((p) => (
            <ParticipantCard key={p.id} cycle={cycle} participant={p} meId={me.id} isAdmin={me.permission_level === 'ADMIN'} />
          ))}
        </ul>
      )}
      {confirm === 'launch' && (
        <ConfirmDialog
          title={`Launch ${cycle.name}?`}
          confirmLabel={risks.length ? 'Launch anyway' : 'Launch cycle'}
          busyLabel="Launching…"
          onClose={() => {
            setConfirm(null);
            setAccepted(false);
          }}
          description="Every reviewer is asked for their review now, with the template's questions as they are today. Settings and people cannot change after launch."
          canConfirm={!risks.length || accepted}
          onConfirm={async () => {
            await launch.mutateAsync(cycle.id);
            showAlert(`${cycle.name} is running. Reviewers were notified.`, 'success');
          }}
        >
          <LaunchRisks risks={risks} threshold={cycle.anonymity_threshold} accepted={accepted} onAccept={setAccepted} />
        </ConfirmDialog>
      )}
      {confirm === 'close' && (
        <ConfirmDialog
          title={`Close ${cycle.name}?`}
          confirmLabel="Close cycle"
          busyLabel="Closing…"
          onClose={() => setConfirm(null)}
          description={closeWarning(cycle)}
          onConfirm={async () => {
            await close.mutateAsync(cycle.id);
            showAlert(`${cycle.name} is closed.`, 'success');
          }}
        />
      )}
    </section>
  );
}

/** Closing is for good: it says how many of the reviews asked for came in (docs/decisions/0059). */
export function closeWarning(cycle: Pick<Cycle, 'submitted_count' | 'request_count'>): string {
  const missing = cycle.request_count - cycle.submitted_count;
  return (
    `${cycle.submitted_count} of ${cycle.request_count} ${cycle.request_count === 1 ? 'review was' : 'reviews were'} submitted. ` +
    (missing > 0 ? `The ${missing === 1 ? 'one' : missing} not submitted by now can no longer be answered. ` : '') +
    'Results can then be released for each person.'
  );
}

const NOMINATION_LABELS = { PROPOSED: 'Proposed', APPROVED: 'Approved', REJECTED: 'Not chosen' } as const;
const REQUEST_LABELS = { PENDING: 'Pending', SUBMITTED: 'Submitted', DECLINED: 'Declined' } as const;

function nominationState(p: Participant): string {
  const live = p.nominations.filter((n) => n.status !== 'REJECTED');
  if (live.length === 0) return 'No peers proposed yet';
  if (live.every((n) => n.status === 'APPROVED')) return `${live.length} peers approved`;
  return `${live.filter((n) => n.status === 'PROPOSED').length} proposed, waiting for approval`;
}

function ParticipantCard({ cycle, participant: p, meId, isAdmin }: { cycle: Cycle; participant: Participant; meId: string; isAdmin: boolean }) {
  const [editing, setEditing] = useState<'nominate' | 'change' | null>(null);
  const approve = useParticipantAction('approveNominations');
  const acknowledge = useParticipantAction('acknowledgeResults');
  const reopen = useReopenReviewRequest();
  const name = p.reviewee?.full_name ?? 'A former colleague';
  const isMe = p.reviewee?.id === meId;
  const draft = cycle.status === 'DRAFT';
  const proposed = p.nominations.some((n) => n.status === 'PROPOSED');
  const approved = p.nominations.filter((n) => n.status === 'APPROVED').length;
  return (
    <li className="tile rc-item" aria-labelledby={`rc-p-${p.id}`}>
      <h3 id={`rc-p-${p.id}`}>
        {name}
        {isMe ? ' (you)' : ''}
      </h3>
      <p className="rc-meta">
        <span>Manager: {p.manager?.full_name ?? 'none'}</span>
        {cycle.perspectives.includes('PEER') && <span data-testid="nomination-state">{nominationState(p)}</span>}
        {p.results_released_at && <span>Results released {formatDay(p.results_released_at)}</span>}
        {p.acknowledged_at && <span>Acknowledged {formatDay(p.acknowledged_at)}</span>}
      </p>
      {p.nominations.length > 0 && (
        <ul className="rc-people" aria-label={`Peers of ${name}`}>
          {p.nominations.map((n) => (
            <li key={n.id}>
              {n.reviewer?.full_name ?? 'A former colleague'} · <span className={`rc-badge rc-badge-${n.status}`}>{NOMINATION_LABELS[n.status]}</span>
            </li>
          ))}
        </ul>
      )}
      {p.requests.length > 0 && (
        <ul className="rc-people" aria-label={`Reviewers of ${name}`}>
          {p.requests.map((r) => (
            <li key={r.id}>
              {r.reviewer?.full_name ?? 'A former colleague'} ({PERSPECTIVE_LABELS[r.perspective]}) ·{' '}
              <span className={`rc-badge rc-badge-${r.status}`}>{REQUEST_LABELS[r.status]}</span>
              {r.decline_reason && <span className="muted"> · {r.decline_reason}</span>}
              {isAdmin && r.status === 'SUBMITTED' && cycle.status === 'ACTIVE' && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    disabled={reopen.isPending}
                    aria-label={`Reopen the review by ${r.reviewer?.full_name ?? 'this reviewer'}`}
                    onClick={() => void alertOutcome(reopen.mutateAsync(r.id), 'The review is open again; the reviewer was notified.')}
                  >
                    Reopen
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <PeerEditor cycle={cycle} participant={p} mode={editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="rc-actions">
          {draft && isMe && cycle.perspectives.includes('PEER') && (
            <button type="button" className="button button-small" onClick={() => setEditing('nominate')}>
              {p.nominations.length ? 'Change my proposal' : 'Propose peers'}
            </button>
          )}
          {draft && p.can_manage && proposed && (
            <button
              type="button"
              className="button button-small"
              disabled={approve.isPending}
              onClick={() => void alertOutcome(approve.mutateAsync({ participantId: p.id }), `The peers of ${name} are approved.`)}
            >
              Approve peers of {name}
            </button>
          )}
          {draft && p.can_manage && cycle.perspectives.includes('PEER') && (
            <button type="button" className="button button-secondary button-small" onClick={() => setEditing('change')}>
              Change peers of {name}
            </button>
          )}
          {draft && p.can_manage && !cycle.can_manage && !isMe && cycle.perspectives.includes('PEER') && approved < cycle.min_peers && (
            <RemindToNominateButton participantId={p.id} name={name} />
          )}
          <ReleaseControls cycle={cycle} participant={p} />
          {(((p.can_manage || isAdmin) && (cycle.status === 'CLOSED' || cycle.status === 'RELEASED')) || (isMe && p.results_released_at)) && (
            <Link
              to="/reviews"
              search={{ id: cycle.id, results: p.id }}
              className="button button-secondary button-small"
              aria-label={isMe ? 'My results' : `Results of ${name}`}
            >
              Results
            </Link>
          )}
          {isMe && p.results_released_at && !p.acknowledged_at && (
            <button
              type="button"
              className="button button-small"
              disabled={acknowledge.isPending}
              onClick={() => void alertOutcome(acknowledge.mutateAsync({ participantId: p.id }), 'You acknowledged your results.')}
            >
              Acknowledge my results
            </button>
          )}
        </div>
      )}
    </li>
  );
}
