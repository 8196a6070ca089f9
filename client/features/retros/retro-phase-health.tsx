import { useMutation } from '@tanstack/react-query';
import { HEALTH_SCALE_LABELS, RETRO_LIMITS } from '../../../shared/retros.js';
import { LiveError, meetingOutcome, plural, useMeeting } from './retro-meeting-context.js';
import type { RetroHealthResult } from './retro.types.js';

/** HEALTH: each statement rated 1-5; the team's aggregate only once enough people answered (the server decides). */
export function HealthPhase() {
  const { retro } = useMeeting();
  const statements = retro.health_statements ?? [];
  const byIndex = new Map(retro.health.map((h) => [h.index, h]));
  return (
    <div className="retro-phase-body">
      <p className="muted">
        From 1 ({HEALTH_SCALE_LABELS[0].toLowerCase()}) to 5 ({HEALTH_SCALE_LABELS[4].toLowerCase()}). Nobody sees your own answer: the team sees the average
        once {RETRO_LIMITS.healthMinAnswers} people have answered.
      </p>
      <ol className="retro-health-list">
        {statements.map((statement, index) => (
          <HealthStatement key={index} index={index} statement={statement} result={byIndex.get(index)} />
        ))}
      </ol>
    </div>
  );
}

function HealthStatement({ index, statement, result }: { index: number; statement: string; result: RetroHealthResult | undefined }) {
  const { retro, api } = useMeeting();
  const answer = useMutation({ mutationFn: (score: number) => api.answerHealth(index, score) });
  const { error, busy } = meetingOutcome([answer]);
  const name = `retro-health-${retro.id}-${index}`;
  const mine = result?.my_score ?? null;
  return (
    <li className="tile retro-health-item">
      <fieldset className="retro-scale" aria-busy={busy || undefined}>
        <legend className="retro-text">{statement}</legend>
        <div className="retro-scale-options">
          {HEALTH_SCALE_LABELS.map((label, i) => (
            <label key={label} className={`retro-scale-option${mine === i + 1 ? ' retro-scale-chosen' : ''}`}>
              <input type="radio" name={name} value={i + 1} checked={mine === i + 1} onChange={() => answer.mutate(i + 1)} />
              <span className="retro-scale-number">{i + 1}</span> <span className="retro-scale-label">{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <LiveError error={error} />
      <HealthAggregate result={result} />
    </li>
  );
}

function HealthAggregate({ result }: { result: RetroHealthResult | undefined }) {
  const answers = result?.answers ?? 0;
  if (!result || result.average === null) {
    return (
      <p className="muted">
        {plural(answers, 'answer')} so far. Shown once {RETRO_LIMITS.healthMinAnswers} people have answered.
      </p>
    );
  }
  const distribution = result.distribution ?? [];
  const total = distribution.reduce((a, b) => a + b, 0) || 1;
  return (
    <div className="retro-aggregate">
      <p>
        Average <strong>{result.average.toFixed(1)}</strong> of 5 from {plural(answers, 'answer')}
      </p>
      {distribution.length > 0 && (
        <>
          <div className="retro-dist-bar" aria-hidden="true">
            {distribution.map(
              (n, i) => n > 0 && <span key={i} className={`retro-dist-${i + 1}`} style={{ width: `${(n / total) * 100}%` }} title={`${i + 1}: ${n}`} />,
            )}
          </div>
          <p className="sr-only">{distribution.map((n, i) => `${HEALTH_SCALE_LABELS[i]}: ${n}`).join(', ')}</p>
        </>
      )}
    </div>
  );
}
