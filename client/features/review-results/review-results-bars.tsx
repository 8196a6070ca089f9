import { PERSPECTIVE_LABELS, RATING_POINTS, type Perspective } from '../../../shared/review-template.schemas.js';
import type { Combined, Rating, Withheld } from './review-results.api.js';

/** One row of a chart: a perspective (or "Others") with its ratings, or why they are withheld. */
export type BarRow = { key: string; label: string; rating: Rating | null; withheld: Withheld | null; note?: string | null };

export const perspectiveLabel = (p: Perspective) => PERSPECTIVE_LABELS[p];
export const formatAverage = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toFixed(2));
export const formatGap = (gap: number) => `${gap > 0 ? '+' : gap < 0 ? '−' : '±'}${Math.abs(gap).toFixed(2)}`;

/** "Others" row of a chart: every shown non-self perspective added up. */
export function othersRow(others: Combined | null): BarRow | null {
  if (!others) return null;
  const left = others.excluded.map((e) => perspectiveLabel(e.perspective));
  const note = `${others.includes.map(perspectiveLabel).join(', ') || 'nobody'}${left.length ? `; without ${left.join(', ')} (withheld)` : ''}`;
  return { key: 'OTHERS', label: 'Others', rating: others, withheld: null, note };
}

const countText = (r: Rating) => `${r.count} rating${r.count === 1 ? '' : 's'}`;

/**
 * Horizontal bars of average ratings on the 1 to 5 scale, one per perspective, each with its value
 * as text; a withheld perspective shows the server's sentence instead of a bar. A table with the
 * same figures and the distributions is one click away for those who would rather read.
 */
export function RatingBars({ title, rows }: { title: string; rows: BarRow[] }) {
  if (rows.length === 0) return null;
  const drawn = rows.some((row) => !row.withheld && row.rating?.average);
  // data-chart: the box the browser tests' chart check measures (e2e/harness.ts, docs/decisions/0060).
  return (
    <figure className="rr-chart" data-chart="" data-chart-empty={drawn ? undefined : ''}>
      <figcaption className="rr-chart-title">{title}</figcaption>
      <ul className="rr-bars" aria-label={title}>
        {rows.map((row) => (
          <li key={row.key} className="rr-bar-row" data-perspective={row.key}>
            <span className="rr-bar-label">{row.label}</span>
            {row.withheld ? (
              <span className="rr-withheld">{row.withheld.message}</span>
            ) : row.rating && row.rating.average !== null ? (
              <>
                <span className="rr-bar-track" aria-hidden="true">
                  <span className="rr-bar-fill" style={{ width: `${(row.rating.average / RATING_POINTS) * 100}%` }} data-mark="" />
                </span>
                <span className="rr-bar-value">
                  {formatAverage(row.rating.average)} / {RATING_POINTS} <span className="muted">({countText(row.rating)})</span>
                </span>
              </>
            ) : (
              <span className="muted">No rating given</span>
            )}
            {row.note && <span className="rr-bar-note muted">{row.note}</span>}
          </li>
        ))}
      </ul>
      <details className="rr-table-alt">
        <summary>Show as a table</summary>
        <div className="rr-table-wrap">
          <table className="rr-table">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Perspective</th>
                <th scope="col">Average</th>
                <th scope="col">Ratings</th>
                {[1, 2, 3, 4, 5].map((n) => (
                  <th key={n} scope="col">
                    Gave {n}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {row.withheld ? (
                    <td colSpan={7}>{row.withheld.message}</td>
                  ) : (
                    <>
                      <td>{formatAverage(row.rating?.average)}</td>
                      <td>{row.rating?.count ?? 0}</td>
                      {[0, 1, 2, 3, 4].map((i) => (
                        <td key={i}>{row.rating?.distribution[i] ?? 0}</td>
                      ))}
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** How many gave each point of the scale, as small bars with counts. */
export function Distribution({ label, rating, points }: { label: string; rating: Rating; points: string[] }) {
  const max = Math.max(1, ...rating.distribution);
  return (
    <ul
      className="rr-dist"
      aria-label={`${label}: how many gave each rating`}
      data-chart=""
      data-chart-empty={rating.distribution.some((n) => n > 0) ? undefined : ''}
    >
      {rating.distribution.map((n, i) => (
        <li key={i} className="rr-dist-row">
          <span className="rr-dist-label">
            {i + 1}
            {points[i] ? ` · ${points[i]}` : ''}
          </span>
          <span className="rr-bar-track rr-dist-track" aria-hidden="true">
            <span className="rr-bar-fill" style={{ width: `${(n / max) * 100}%` }} data-mark="" />
          </span>
          <span className="rr-dist-count">{n}</span>
        </li>
      ))}
    </ul>
  );
}
