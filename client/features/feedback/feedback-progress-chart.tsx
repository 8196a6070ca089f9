import { useId } from 'react';
import { ChartBox } from '../../components/ui/chart-box.js';
import type { FeedbackPersonProgress } from './feedback.types.js';
import { ProgressTable } from '../../components/ui/progress-table.js';

/**
 * Feedback given and received per person of a team as a hand-written SVG (like the retro charts):
 * two horizontal bars a person, told apart by colour and by fill (solid against hatched), with a
 * title, a text summary, a legend, and the same numbers as a table beneath.
 */

const ROW = 34;
const PAD = { top: 8, right: 40, bottom: 24 };
/** The names' column: 150 px, down to 96 px in a narrow box (about 7 px a character at 13 px). */
const nameColumn = (width: number) => Math.round(Math.max(96, Math.min(150, width * 0.34)));
const GIVEN = '#1d4ed8';
const RECEIVED = '#146c2e';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A name cut to fit its column; the whole name is in the bar's tooltip and in the table. */
const short = (name: string, room: number) => {
  const chars = Math.max(6, Math.floor((room - 8) / 7));
  return name.length > chars ? `${name.slice(0, chars - 1)}…` : name;
};

function summaryOf(people: FeedbackPersonProgress[]): string {
  if (!people.length) return 'Nobody in this team.';
  const most = (key: 'given' | 'received') => people.reduce((best, p) => (p[key] > best[key] ? p : best), people[0]!);
  const given = people.reduce((n, p) => n + p.given, 0);
  const received = people.reduce((n, p) => n + p.received, 0);
  const none = people.filter((p) => p.received === 0).length;
  const g = most('given');
  const r = most('received');
  return (
    `${plural(people.length, 'person', 'people')}: ${given} given, ${received} received in the period. ` +
    (given ? `Most given: ${g.user.full_name} (${g.given}). ` : '') +
    (received ? `Most received: ${r.user.full_name} (${r.received}). ` : '') +
    `${none} received none.`
  );
}

export function GivenReceivedChart({ team, people }: { team: string; people: FeedbackPersonProgress[] }) {
  const id = useId();
  const patternId = `${id}-hatch`.replace(/:/g, '');
  const title = `Feedback given and received in ${team}`;
  const nothing = people.every((p) => p.given === 0 && p.received === 0);
  return (
    <figure className="fp-chart">
      <ChartBox fallbackWidth={520} maxWidth={640} empty={nothing}>
        {(width) => <Bars people={people} width={width} title={title} descId={`${id}-desc`} patternId={patternId} />}
      </ChartBox>
      <ul className="fp-legend" aria-label={`Legend of ${team}`}>
        <li>
          <svg width="22" height="12" aria-hidden="true">
            <rect width="22" height="12" fill={GIVEN} />
          </svg>
          Given (solid)
        </li>
        <li>
          <svg width="22" height="12" aria-hidden="true">
            <rect width="22" height="12" fill={`url(#${patternId})`} stroke={RECEIVED} />
          </svg>
          Received (hatched)
        </li>
      </ul>
      <figcaption>
        <details>
          <summary>Show as table</summary>
          <ProgressTable
            label={`${title}, table`}
            caption={title}
            stack={false}
            rows={people}
            rowKey={(p) => p.user.id}
            columns={[
              { header: 'Person', cell: (p) => p.user.full_name },
              { header: 'Given', cell: (p) => p.given },
              { header: 'Received', cell: (p) => p.received },
            ]}
          />
        </details>
      </figcaption>
    </figure>
  );
}

function Bars({
  people,
  width,
  title,
  descId,
  patternId,
}: {
  people: FeedbackPersonProgress[];
  width: number;
  title: string;
  descId: string;
  patternId: string;
}) {
  const left = nameColumn(width);
  const innerW = width - left - PAD.right;
  const max = Math.max(1, ...people.map((p) => Math.max(p.given, p.received)));
  const height = PAD.top + PAD.bottom + people.length * ROW;
  const x = (n: number) => (n / max) * innerW;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} aria-describedby={descId}>
      <title>{title}</title>
      <desc id={descId}>{summaryOf(people)}</desc>
      <defs>
        <pattern id={patternId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#e7f6ec" />
          <line x1="0" y1="0" x2="0" y2="6" stroke={RECEIVED} strokeWidth="3" />
        </pattern>
      </defs>
      <line x1={left} x2={left} y1={PAD.top} y2={height - PAD.bottom} className="fp-axis" />
      {people.map((p, i) => {
        const top = PAD.top + i * ROW;
        return (
          <g key={p.user.id} data-person={p.user.full_name}>
            <text x={left - 8} y={top + ROW / 2 + 5} textAnchor="end" className="fp-tick">
              {short(p.user.full_name, left)}
            </text>
            <rect x={left} y={top + 4} width={x(p.given)} height={12} fill={GIVEN} data-kind="given" data-mark="">
              <title>{`${p.user.full_name}: ${p.given} given`}</title>
            </rect>
            <text x={left + x(p.given) + 4} y={top + 14} className="fp-value">
              {p.given}
            </text>
            <rect
              x={left}
              y={top + 17}
              width={x(p.received)}
              height={12}
              fill={`url(#${patternId})`}
              stroke={RECEIVED}
              strokeWidth={p.received ? 1 : 0}
              data-kind="received"
              data-mark=""
            >
              <title>{`${p.user.full_name}: ${p.received} received`}</title>
            </rect>
            <text x={left + x(p.received) + 4} y={top + 27} className="fp-value">
              {p.received}
            </text>
          </g>
        );
      })}
      <text x={left} y={height - 6} className="fp-tick">
        0
      </text>
      <text x={width - PAD.right} y={height - 6} textAnchor="end" className="fp-tick">
        {max}
      </text>
    </svg>
  );
}
