import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { alertOutcome } from '../../lib/alerts.js';
import { useParticipantAction } from '../review-cycles/review-cycle-actions.api.js';
import { reviewCycleQueryOptions } from '../review-cycles/review-cycles.api.js';
import { formatDay } from '../review-cycles/review-cycles.search.js';
import { ReleaseControls } from '../review-cycles/review-cycle-release.js';
import { downloadResultsCsv, reviewResultsQueryOptions, type PooledCell, type ReviewResults, type Section } from './review-results.api.js';
import type { Perspective } from '../../../shared/review-template.schemas.js';
import { othersRow, perspectiveLabel, RatingBars, type BarRow } from './review-results-bars.js';
import { GapLine, ResultQuestion } from './review-results-question.js';
import './review-results.css';

function pooledRows(cells: PooledCell[], others: ReviewResults['overall']['others']): BarRow[] {
  const rows: BarRow[] = cells.map((c) => ({
    key: c.perspective,
    label: perspectiveLabel(c.perspective),
    rating: c.rating,
    withheld: c.withheld,
    note: !c.withheld && c.excluded_questions > 0 ? `${c.excluded_questions} question${c.excluded_questions === 1 ? '' : 's'} left out: too few answers` : null,
  }));
  const o = othersRow(others);
  return o ? [...rows, o] : rows;
}

/** /reviews?id=<cycle>&results=<participant>: one reviewee's results, as the viewer may see them. */
export function ReviewResultsPage({ cycleId, participantId, onBack }: { cycleId: string; participantId: string; onBack: () => void }) {
  const { data: results } = useSuspenseQuery(reviewResultsQueryOptions(participantId));
  const { data: cycle } = useSuspenseQuery(reviewCycleQueryOptions(cycleId));
  const participant = cycle.participants.find((p) => p.id === participantId);
  const name = results.reviewee?.full_name ?? 'A former colleague';
  const acknowledge = useParticipantAction('acknowledgeResults');
  const [downloading, setDownloading] = useState(false);
  const isReviewee = results.viewer_role === 'REVIEWEE';
  async function download() {
    setDownloading(true);
    await alertOutcome(downloadResultsCsv(results.csv_path, 'review-results.csv'), 'The results were downloaded as CSV.');
    setDownloading(false);
  }
  const self = results.overall.cells.find((c) => c.perspective === 'SELF');
  return (
    <section className="page rr-page">
      <div className="row-between">
        <h1>{isReviewee ? 'Your results' : `Results of ${name}`}</h1>
        <div className="rc-actions rr-no-print">
          <button type="button" className="button button-secondary" disabled={downloading} onClick={() => void download()}>
            {downloading ? 'Downloading…' : 'Download CSV'}
          </button>
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            Print
          </button>
          <button type="button" className="button button-ghost" onClick={onBack}>
            Back to the cycle
          </button>
        </div>
      </div>
      <p className="rc-meta">
        <span>{results.cycle_name}</span>
        {!isReviewee && <span>Reviewee: {name}</span>}
        <span>Anonymity threshold: {results.threshold}</span>
        {participant?.results_released_at ? <span>Released {formatDay(participant.results_released_at)}</span> : <span>Not released to {name} yet</span>}
        {participant?.acknowledged_at && <span>Acknowledged {formatDay(participant.acknowledged_at)}</span>}
      </p>
      <div className="rc-actions rr-no-print">
        {participant && <ReleaseControls cycle={cycle} participant={participant} variant="large" />}
        {isReviewee && participant?.results_released_at && !participant.acknowledged_at && (
          <button
            type="button"
            className="button"
            disabled={acknowledge.isPending}
            onClick={() => void alertOutcome(acknowledge.mutateAsync({ participantId }), 'You acknowledged your results.')}
          >
            Acknowledge my results
          </button>
        )}
      </div>
      <h2 className="section-title">Who answered</h2>
      <ul className="rr-perspectives" aria-label="Perspectives">
        {results.perspectives.map((p) => (
          <li key={p.perspective} className="tile">
            <strong>{perspectiveLabel(p.perspective)}</strong> <span className="muted">{p.signed ? '(signed)' : '(anonymous)'}</span>
            <p>{p.withheld ? <span className="rr-withheld">{p.withheld.message}</span> : answeredText(p.perspective, p.respondents ?? 0, p.asked)}</p>
          </li>
        ))}
      </ul>
      <h2 className="section-title">Overall</h2>
      <RatingBars title="Average rating over all questions, per perspective" rows={pooledRows(results.overall.cells, results.overall.others)} />
      <GapLine self={self?.rating?.average} others={results.overall.others?.average} gap={results.overall.self_others_gap} />
      {results.sections.length === 0 && <p className="muted">This review has no questions.</p>}
      {results.sections.map((s) => (
        <ResultSection key={s.id} section={s} />
      ))}
    </section>
  );
}

function ResultSection({ section: s }: { section: Section }) {
  const self = s.cells.find((c) => c.perspective === 'SELF');
  const rows = pooledRows(s.cells, s.others);
  return (
    <section className="rr-section" aria-labelledby={`rr-s-${s.id}`}>
      <h3 id={`rr-s-${s.id}`}>{s.title}</h3>
      {rows.some((r) => r.rating?.count || r.withheld) && <RatingBars title={`Section average per perspective: ${s.title}`} rows={rows} />}
      <GapLine self={self?.rating?.average} others={s.others?.average} gap={s.self_others_gap} />
      {s.questions.map((q) => (
        <ResultQuestion key={q.id} question={q} />
      ))}
    </section>
  );
}

/** "3 of 4 asked submitted a review"; with none: why the perspective has no figures. */
function answeredText(perspective: Perspective, respondents: number, asked: number | null): string {
  const reviews = `${respondents} review${respondents === 1 ? '' : 's'}`;
  if (asked === null) return reviews;
  if (perspective === 'SELF' && respondents === 0) return 'No self review was submitted.';
  if (respondents === 0)
    return `No reviews: ${asked === 1 ? 'the one person asked has not submitted a review' : `none of the ${asked} people asked submitted a review`}.`;
  return respondents < asked ? `${reviews} (${asked} asked)` : reviews;
}
