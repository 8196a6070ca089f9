import { useId } from 'react';
import { ChartBox } from '../../components/ui/chart-box.js';
import type { GoalCheckIn } from './goal.types.js';
import { formatDay, formatPercent, formatShortDay } from '../../../shared/format.js';

/**
 * A goal's progress over time from its check-ins as a hand-written SVG line (docs/decisions/0020):
 * a title, a text summary, points with their own titles, and the same numbers as a table.
 */

const HEIGHT = 200;
const PAD = { top: 12, right: 16, bottom: 28, left: 40 };
const innerH = HEIGHT - PAD.top - PAD.bottom;
const LINE = '#1d4ed8';

export function GoalProgressChart({ title, checkIns }: { title: string; checkIns: GoalCheckIn[] }) {
  const id = useId();
  const points = [...checkIns].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const label = `Progress of “${title}” over time`;
  if (!points.length) return <p className="muted">No check-ins yet: the chart of progress over time starts with the first one.</p>;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const summary = `${points.length} ${points.length === 1 ? 'check-in' : 'check-ins'} from ${formatDay(first.created_at)} to ${formatDay(last.created_at)}: progress went from ${formatPercent(first.progress)} to ${formatPercent(last.progress)}.`;
  return (
    <figure className="goal-chart">
      <ChartBox fallbackWidth={520} maxWidth={640}>
        {(width) => <Line points={points} width={width} label={label} descId={`${id}-desc`} summary={summary} />}
      </ChartBox>
      <figcaption>
        <p className="muted">{summary}</p>
        <details>
          <summary>Show as a table</summary>
          <div className="goal-table-wrap" role="region" aria-label={`${label}, table`} tabIndex={0}>
            <table className="goal-table">
              <caption className="sr-only">{label}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Progress</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{formatDay(p.created_at)}</th>
                    <td>{formatPercent(p.progress)}</td>
                    <td>{p.author?.full_name ?? 'A former member'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}

function Line({ points, width, label, descId, summary }: { points: GoalCheckIn[]; width: number; label: string; descId: string; summary: string }) {
  const innerW = width - PAD.left - PAD.right;
  const t0 = new Date(points[0]!.created_at).getTime();
  const t1 = new Date(points[points.length - 1]!.created_at).getTime();
  const x = (iso: string, i: number) =>
    PAD.left + (t1 === t0 ? (points.length === 1 ? innerW / 2 : (i / (points.length - 1)) * innerW) : ((new Date(iso).getTime() - t0) / (t1 - t0)) * innerW);
  const y = (p: number) => PAD.top + innerH - (Math.max(0, Math.min(100, p)) / 100) * innerH;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={label} aria-describedby={descId}>
      <title>{label}</title>
      <desc id={descId}>{summary}</desc>
      {[0, 50, 100].map((p) => (
        <g key={p}>
          <line x1={PAD.left} x2={width - PAD.right} y1={y(p)} y2={y(p)} className="goal-chart-grid" />
          <text x={PAD.left - 6} y={y(p) + 4} textAnchor="end" className="goal-chart-tick">
            {formatPercent(p)}
          </text>
        </g>
      ))}
      <polyline data-mark="" fill="none" stroke={LINE} strokeWidth={2} points={points.map((p, i) => `${x(p.created_at, i)},${y(p.progress)}`).join(' ')} />
      {points.map((p, i) => (
        <circle key={p.id} cx={x(p.created_at, i)} cy={y(p.progress)} r={4} fill={LINE} data-mark="">
          <title>{`${formatDay(p.created_at)}: ${formatPercent(p.progress)}`}</title>
        </circle>
      ))}
      <text x={PAD.left} y={HEIGHT - 8} className="goal-chart-tick">
        {formatShortDay(first.created_at)}
      </text>
      <text x={width - PAD.right} y={HEIGHT - 8} textAnchor="end" className="goal-chart-tick">
        {formatShortDay(last.created_at)}
      </text>
    </svg>
  );
}
