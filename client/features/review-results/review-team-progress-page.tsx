import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { CompletionMeter } from '../../components/ui/completion-meter.js';
import { TeamProgressLayout, TeamProgressSection } from '../../components/ui/team-progress.js';
import { showAlert } from '../../lib/alerts.js';
import { reviewCycleQueryOptions, reviewCyclesQueryOptions, type CycleSummary } from '../review-cycles/review-cycles.api.js';
import { CYCLE_STATUS_LABELS, formatDay, messageOf } from '../review-cycles/review-cycles.search.js';
import { reminderText, teamProgressQueryOptions, useRemindLateReviewers, useRemindReviewer, type CycleProgress } from './review-team-progress.api.js';
import './review-team-progress.css';

/** Cycles whose progress means something: running or finished ones. */
export const progressCycles = (cycles: CycleSummary[]) => cycles.filter((c) => c.status !== 'DRAFT');
/** The cycle shown when none is chosen: the first running one, else the first finished one. */
export const defaultProgressCycle = (cycles: CycleSummary[]) => progressCycles(cycles).find((c) => c.status === 'ACTIVE') ?? progressCycles(cycles)[0];

export function TeamProgressPage({ cycleId }: { cycleId: string | undefined }) {
  const navigate = useNavigate();
  const selectId = useId();
  const { data: cycles } = useSuspenseQuery(reviewCyclesQueryOptions);
  const options = progressCycles(cycles);
  const chosen = options.find((c) => c.id === cycleId) ?? defaultProgressCycle(cycles);
  return (
    <TeamProgressLayout
      title="Review progress"
      empty={chosen ? null : { title: 'No running review cycle', children: <p>Progress shows once a cycle is launched.</p> }}
      controls={
        chosen && (
          <div className="field tp-select">
            <label htmlFor={selectId}>Cycle</label>
            <select id={selectId} value={chosen.id} onChange={(e) => void navigate({ to: '/reviews/team-progress', search: { cycle: e.target.value } })}>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({CYCLE_STATUS_LABELS[c.status]}, due {formatDay(c.review_end)})
                </option>
              ))}
            </select>
          </div>
        )
      }
    >
      {chosen && <CycleProgressView cycleId={chosen.id} />}
    </TeamProgressLayout>
  );
}

function CycleProgressView({ cycleId }: { cycleId: string }) {
  const { data: answer } = useSuspenseQuery(teamProgressQueryOptions(cycleId));
  const remindAll = useRemindLateReviewers();
  if (answer.kind === 'refused')
    return (
      <p role="alert" className="form-error">
        {answer.message}
      </p>
    );
  const progress = answer.progress;
  const active = progress.cycle_status === 'ACTIVE';
  const late = progress.teams.reduce((n, t) => n + t.people.reduce((m, p) => m + p.late, 0), 0);
  async function onRemindAll() {
    try {
      showAlert(reminderText(await remindAll.mutateAsync(cycleId)), 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }
  return (
    <>
      <div className="tile tp-summary">
        <h2>{progress.cycle_name}</h2>
        <CompletionMeter completion={progress.completion} label="Whole cycle" />
        <p className="muted">{late === 0 ? 'No review is late.' : `${late} review${late === 1 ? ' is' : 's are'} late.`}</p>
        {active && late > 0 && (
          <button type="button" className="button" disabled={remindAll.isPending} onClick={() => void onRemindAll()}>
            {remindAll.isPending ? 'Reminding…' : 'Remind all late'}
          </button>
        )}
      </div>
      {progress.teams.length === 0 ? (
        <p className="muted">Nobody in your teams writes a review in this cycle.</p>
      ) : (
        progress.teams.map((t) => (
          <TeamProgressSection key={t.team_id ?? 'none'} className="tile tp-team" title={t.team_name}>
            <CompletionMeter completion={t.completion} label={t.team_name} />
            <ul className="tp-people" aria-label={`People of ${t.team_name}`}>
              {t.people.map((p) => (
                <PersonRow key={p.user_id} progress={progress} person={p} active={active} />
              ))}
            </ul>
          </TeamProgressSection>
        ))
      )}
    </>
  );
}

function PersonRow({ progress, person: p, active }: { progress: CycleProgress; person: CycleProgress['teams'][number]['people'][number]; active: boolean }) {
  const remind = useRemindReviewer();
  const { data: cycle } = useSuspenseQuery(reviewCycleQueryOptions(progress.cycle_id));
  const pending = cycle.participants
    .flatMap((pt) => pt.requests)
    .filter((r) => r.reviewer?.id === p.user_id && r.status === 'PENDING')
    .map((r) => r.id);
  async function onRemind() {
    try {
      showAlert(reminderText(await remind.mutateAsync(pending[0]!)), 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }
  return (
    <li className="tp-person" aria-label={p.full_name}>
      <span className="tp-name">{p.full_name}</span>
      <CompletionMeter completion={p.completion} label={p.full_name} />
      <span className={p.late > 0 ? 'rc-overdue' : 'muted'}>{p.late === 0 ? 'None late' : `${p.late} late`}</span>
      {active && pending.length > 0 && (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={remind.isPending}
          aria-label={`Remind ${p.full_name}`}
          onClick={() => void onRemind()}
        >
          Remind
        </button>
      )}
    </li>
  );
}
