import type { Cell, Question } from './review-results.api.js';
import { Distribution, formatAverage, formatGap, othersRow, perspectiveLabel, RatingBars, type BarRow } from './review-results-bars.js';

const RATED = new Set(['RATING', 'RATING_COMMENT', 'COMPETENCY_RATING']);
const CHOICE = new Set(['SINGLE_CHOICE', 'MULTIPLE_CHOICE']);

export const isRated = (q: { kind: string }) => RATED.has(q.kind);

/** Self minus others, in words as well as the number. */
export function GapLine({ self, others, gap }: { self: number | null | undefined; others: number | null | undefined; gap: number | null }) {
  if (gap === null) return null;
  const words = gap > 0 ? 'the self rating is higher than others' : gap < 0 ? 'the self rating is lower than others' : 'self and others agree';
  return (
    <p className="rr-gap" data-testid="self-others-gap">
      Self {formatAverage(self)} vs others {formatAverage(others)}: gap <strong>{formatGap(gap)}</strong> ({words})
    </p>
  );
}

function cellRows(q: Question): BarRow[] {
  const rows: BarRow[] = q.cells.map((c) => ({ key: c.perspective, label: perspectiveLabel(c.perspective), rating: c.rating, withheld: c.withheld }));
  const others = othersRow(q.others);
  return others ? [...rows, others] : rows;
}

/** One question: bars per perspective, self vs others, distributions, choices and comments. */
export function ResultQuestion({ question: q }: { question: Question }) {
  const self = q.cells.find((c) => c.perspective === 'SELF');
  return (
    <article className="rr-question" aria-labelledby={`rr-q-${q.id}`}>
      <h4 id={`rr-q-${q.id}`}>{q.prompt}</h4>
      {(q.competency || q.private) && (
        <p className="rc-meta">
          {q.competency && <span>Competency: {q.competency}</span>}
          {q.private && <span>Private question: shown to the manager and admins only</span>}
        </p>
      )}
      {isRated(q) && (
        <>
          <RatingBars title={`Average rating per perspective: ${q.prompt}`} rows={cellRows(q)} />
          <GapLine self={self?.rating?.average} others={q.others?.average} gap={q.self_others_gap} />
          <details className="rr-dists">
            <summary>Distribution of ratings</summary>
            {q.cells
              .filter((c) => c.rating && c.rating.count > 0)
              .map((c) => (
                <div key={c.perspective}>
                  <p className="rr-dist-title">{perspectiveLabel(c.perspective)}</p>
                  <Distribution label={perspectiveLabel(c.perspective)} rating={c.rating!} points={q.options} />
                </div>
              ))}
          </details>
        </>
      )}
      {!isRated(q) &&
        q.cells
          .filter((c) => c.withheld)
          .map((c) => (
            <p key={c.perspective} className="rr-withheld">
              <strong>{perspectiveLabel(c.perspective)}:</strong> {c.withheld!.message}
            </p>
          ))}
      {CHOICE.has(q.kind) && q.cells.filter((c) => c.choices).map((c) => <Choices key={c.perspective} cell={c} />)}
      <Comments cells={q.cells} />
      {q.kind === 'TEXT' && q.cells.every((c) => !c.withheld && c.comments.length === 0) && <p className="muted">Nobody answered this question.</p>}
    </article>
  );
}

function Choices({ cell }: { cell: Cell }) {
  if (!cell.respondents)
    return (
      <p className="muted">
        <strong>{perspectiveLabel(cell.perspective)}:</strong> nobody answered this question.
      </p>
    );
  const total = Math.max(1, ...cell.choices!.map((c) => c.count));
  return (
    <div className="rr-choices">
      <p className="rr-dist-title">
        {perspectiveLabel(cell.perspective)} ({cell.respondents ?? 0} answered)
      </p>
      <ul className="rr-dist" aria-label={`${perspectiveLabel(cell.perspective)}: choices`}>
        {cell.choices!.map((c) => (
          <li key={c.option} className="rr-dist-row">
            <span className="rr-dist-label">{c.option}</span>
            <span className="rr-bar-track rr-dist-track" aria-hidden="true">
              <span className="rr-bar-fill" style={{ width: `${(c.count / total) * 100}%` }} />
            </span>
            <span className="rr-dist-count">{c.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Self and manager comments carry the reviewer's name; peers and direct reports stay unsigned. */
function Comments({ cells }: { cells: Cell[] }) {
  const withComments = cells.filter((c) => c.comments.length > 0);
  if (withComments.length === 0) return null;
  return (
    <div className="rr-comments">
      {withComments.map((c) => (
        <section key={c.perspective} aria-label={`Comments: ${perspectiveLabel(c.perspective)}`}>
          <h5>
            {perspectiveLabel(c.perspective)} comments{c.signed ? '' : ' (anonymous)'}
          </h5>
          <ul className="rr-comment-list">
            {c.comments.map((comment, i) => (
              <li key={i} className="rr-comment">
                <blockquote>{comment.text}</blockquote>
                <p className="rr-comment-by muted">
                  {c.signed ? `— ${comment.reviewer?.full_name ?? 'A former colleague'}` : `— a ${perspectiveLabel(c.perspective).toLowerCase()} (unsigned)`}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
