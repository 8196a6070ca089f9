import { ChartBox } from '../../components/ui/chart-box.js';
import type { EngagementDay } from './api.js';
import { formatDay, formatShortDay } from '../../../shared/format.js';

const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 24, left: 32 };

/** Events per day as an SVG bar chart drawn at its box's width (ChartBox), with the same numbers as a table. */
export function EngagementChart({ days }: { days: EngagementDay[] }) {
  const busiest = Math.max(0, ...days.map((d) => d.events));
  const total = days.reduce((sum, d) => sum + d.events, 0);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last ? `${total} engagement events from ${formatDay(first.day)} to ${formatDay(last.day)}; the busiest day had ${busiest}.` : 'No days.';

  return (
    <figure className="dash-chart">
      <ChartBox fallbackWidth={600} empty={busiest === 0}>
        {(width) => <Bars days={days} width={width} summary={summary} />}
      </ChartBox>
      <figcaption>
        <details>
          <summary>Show the numbers as a table</summary>
          <div className="dash-table-wrap" role="region" aria-label="Engagement per day table" tabIndex={0}>
            <table className="dash-table">
              <caption className="sr-only">Engagement events per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Events</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.day}>
                    <td>{formatShortDay(d.day)}</td>
                    <td>{d.events}</td>
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

function Bars({ days, width, summary }: { days: EngagementDay[]; width: number; summary: string }) {
  const max = Math.max(1, ...days.map((d) => d.events));
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, days.length);
  const first = days[0];
  const last = days.at(-1);
  return (
    <svg
      width={width}
      height={HEIGHT}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      role="img"
      aria-label="Engagement events per day, last 30 days"
      aria-describedby="engagement-chart-desc"
    >
      <title id="engagement-chart-title">Engagement events per day, last 30 days</title>
      <desc id="engagement-chart-desc">{summary}</desc>
      <line x1={PAD.left} x2={width - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className="dash-axis" />
      <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="dash-tick">
        {max}
      </text>
      <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" className="dash-tick">
        0
      </text>
      {days.map((d, i) => {
        const h = (d.events / max) * innerH;
        return (
          <rect key={d.day} x={PAD.left + i * step + step * 0.15} width={step * 0.7} y={PAD.top + innerH - h} height={h} className="dash-bar" data-mark="">
            <title>{`${formatDay(d.day)}: ${d.events}`}</title>
          </rect>
        );
      })}
      {first && (
        <text x={PAD.left} y={HEIGHT - 6} className="dash-tick">
          {formatShortDay(first.day)}
        </text>
      )}
      {last && (
        <text x={width - PAD.right} y={HEIGHT - 6} textAnchor="end" className="dash-tick">
          {formatShortDay(last.day)}
        </text>
      )}
    </svg>
  );
}
