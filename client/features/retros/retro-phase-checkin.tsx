import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RETRO_ACTION_STATUSES, RETRO_ACTION_STATUS_LABELS, RETRO_LIMITS, type RetroActionStatus } from '../../../shared/retros.js';
import { EmptyState } from '../../components/ui/states.js';
import { LiveError, meetingOutcome, useMeeting } from './retro-meeting-context.js';
import { isDayOverdue } from './retro-format.js';
import type { RetroActionItem } from './retro.types.js';
import { formatDay } from '../../../shared/format.js';

/** CHECK_IN: the question, my answer, everyone's answers. */
export function CheckInPhase() {
  const { retro, me, api } = useMeeting();
  const mine = retro.check_ins.find((c) => c.user.id === me.id)?.answer ?? '';
  const [answer, setAnswer] = useState(mine);
  const share = useMutation({ mutationFn: (text: string) => api.answerCheckIn(text) });
  const { error, busy } = meetingOutcome([share]);
  const [saved, setSaved] = useState(false);
  const fieldId = useId();
  const answered = retro.check_ins.filter((c) => c.answer);
  const waiting = retro.check_ins.filter((c) => !c.answer);
  return (
    <div className="retro-phase-body">
      <form
        className="tile retro-checkin-form"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          share.mutate(answer.trim(), { onSuccess: () => setSaved(true) });
        }}
      >
        <label htmlFor={fieldId} className="retro-question">
          {retro.check_in_question}
        </label>
        <textarea
          id={fieldId}
          rows={2}
          maxLength={RETRO_LIMITS.checkInMax}
          value={answer}
          onChange={(e) => {
            setAnswer(e.target.value);
            setSaved(false);
          }}
        />
        <div className="retro-row">
          <button type="submit" className="button" disabled={busy || !answer.trim()}>
            {mine ? 'Update my answer' : 'Share my answer'}
          </button>
          <span className="muted" role="status">
            {saved ? 'Your answer is shared.' : ''}
          </span>
        </div>
        <LiveError error={error} />
      </form>
      <section aria-labelledby="retro-checkins">
        <h3 id="retro-checkins">Answers ({answered.length})</h3>
        {answered.length === 0 ? (
          <p className="muted">Nobody has answered yet.</p>
        ) : (
          <ul className="retro-checkins">
            {answered.map((c) => (
              <li key={c.user.id} className="tile">
                <strong>{c.user.full_name}</strong>
                <p className="retro-text">{c.answer}</p>
              </li>
            ))}
          </ul>
        )}
        {waiting.length > 0 && <p className="muted">Not answered yet: {waiting.map((c) => c.user.full_name).join(', ')}</p>}
      </section>
    </div>
  );
}

/** REVIEW_ACTIONS: the team's open action items from earlier retros, each with its status changed in place. */
export function ReviewActionsPhase() {
  const { retro } = useMeeting();
  const items = retro.previous_action_items;
  if (items.length === 0) {
    return (
      <EmptyState title="No open action items">
        <p>Every action item of the team’s earlier retros is done or dropped. Well done.</p>
      </EmptyState>
    );
  }
  return (
    <div className="retro-phase-body">
      <p className="muted">Open action items of the team’s earlier retros. Set each one’s status: done and dropped items stop coming back.</p>
      <ul className="retro-action-list">
        {items.map((a) => (
          <ActionItemRow key={a.id} item={a} showRetro />
        ))}
      </ul>
    </div>
  );
}

/** One action item: text, owner, due day, and its status as a select (saved on change). */
export function ActionItemRow({ item, showRetro = false, onDelete }: { item: RetroActionItem; showRetro?: boolean; onDelete?: () => void }) {
  const { api } = useMeeting();
  const setStatus = useMutation({ mutationFn: (status: RetroActionStatus) => api.updateActionItem(item.id, { status }) });
  const { error, busy } = meetingOutcome([setStatus]);
  const selectId = useId();
  const overdue = isDayOverdue(item.due_on) && (item.status === 'OPEN' || item.status === 'IN_PROGRESS');
  return (
    <li className="tile retro-action">
      <p className="retro-text">
        <strong>{item.text}</strong>
      </p>
      <p className="retro-meta">
        <span>Owner: {item.owner?.full_name ?? 'nobody yet'}</span>
        <span className={overdue ? 'retro-overdue' : undefined}>
          {item.due_on ? `Due ${formatDay(item.due_on)}${overdue ? ' (overdue)' : ''}` : 'No due date'}
        </span>
        {showRetro && <span>From {item.retro_title}</span>}
      </p>
      <div className="retro-row">
        <label htmlFor={selectId}>Status</label>
        <select
          id={selectId}
          value={item.status}
          aria-busy={busy || undefined}
          aria-describedby={`${selectId}-text`}
          onChange={(e) => setStatus.mutate(e.target.value as RetroActionStatus)}
        >
          {RETRO_ACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETRO_ACTION_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <span id={`${selectId}-text`} className="sr-only">
          {item.text}
        </span>
        {onDelete && (
          <button type="button" className="button button-ghost button-small" onClick={onDelete} aria-label={`Delete action item ${item.text}`}>
            Delete
          </button>
        )}
      </div>
      <LiveError error={error} />
    </li>
  );
}
