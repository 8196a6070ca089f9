import { useId } from 'react';
import { ChartBox } from '../../components/ui/chart-box.js';
import { ASSESSMENT_RATING_LABELS, MEETS_RATING, type AssessmentRatingValue } from '../../../shared/growth.js';
import { gapInWords } from './assessment.api.js';
import type { AssessmentComparisonRow } from './growth.types.js';

/**
 * Self against manager against the level's expectation (3, meets) per competency, as a hand-written
 * SVG radar (docs/decisions/0020): one axis a competency, rings 1 to 4; self a solid blue line,
 * manager a dashed green line with square points, the level a dotted grey ring. A title, a text
 * summary read with it, a legend, and the same numbers as a table beside it. Drawn at its box's
 * width (ChartBox, docs/decisions/0060): the rings shrink on a phone, the labels keep 12 px and wrap.
 */

/** Label text: 12 px, about 6.6 px a character; at most three lines a label. */
const CHAR = 6.6;
const LINE_HEIGHT = 14;
const MAX_LINES = 3;
/** Room above and below the rings for the top and bottom spokes' labels. */
const V_ROOM = MAX_LINES * LINE_HEIGHT + 8;
const MAX = 4;
const SELF = '#1d4ed8';
const MANAGER = '#146c2e';
const LEVEL = '#6b7280';

const ratingText = (r: number | null) => (r === null ? 'not rated' : `${r} (${ASSESSMENT_RATING_LABELS[r as AssessmentRatingValue]?.label ?? r})`);

/**
 * A competency's name in lines of at most `chars` characters, broken between words; a word longer
 * than a line, or a fourth line, is cut with "…" (the whole name is the label's tooltip and is in
 * the summary and the table).
 */
export function labelLines(name: string, chars: number): string[] {
  const lines: string[] = [];
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const lastLine = lines.at(-1);
    if (lastLine !== undefined && lastLine.length + 1 + word.length <= chars) lines[lines.length - 1] = `${lastLine} ${word}`;
    else lines.push(word.length > chars ? `${word.slice(0, chars - 1)}…` : word);
  }
  if (lines.length > MAX_LINES) {
    const kept = lines.slice(0, MAX_LINES);
    const lastKept = kept[MAX_LINES - 1]!;
    kept[MAX_LINES - 1] = lastKept.length < chars ? `${lastKept}…` : `${lastKept.slice(0, chars - 1)}…`;
    return kept;
  }
  return lines;
}

/** The radar's geometry at a box width: rings as large as the width leaves after the side labels. */
function layout(width: number) {
  const r = Math.round(Math.max(52, Math.min(130, width / 2 - 100)));
  return { r, width, cx: width / 2, cy: V_ROOM + r, height: 2 * (V_ROOM + r) };
}
type Layout = ReturnType<typeof layout>;

function point(g: Layout, i: number, n: number, value: number, extra = 0): [number, number] {
  const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 1);
  const r = (value / MAX) * g.r + extra;
  return [g.cx + r * Math.cos(angle), g.cy + r * Math.sin(angle)];
}
const path = (g: Layout, values: Array<number | null>) =>
  values
    .map((v, i) =>
      point(g, i, values.length, v ?? 0)
        .map((x) => x.toFixed(1))
        .join(','),
    )
    .join(' ');

export function radarSummary(rows: readonly AssessmentComparisonRow[]): string {
  if (!rows.length) return 'No competencies to compare.';
  const parts = rows.map(
    (r) =>
      `${r.competency.name}: self ${ratingText(r.self)}, manager ${ratingText(r.manager)}${r.gap !== null && r.gap !== 0 ? ` (${gapInWords(r.gap).toLowerCase()})` : ''}`,
  );
  const below = rows.filter((r) => (r.manager ?? r.self ?? MEETS_RATING) < MEETS_RATING).map((r) => r.competency.name);
  return (
    `${rows.length} competencies against the level's expectation (${MEETS_RATING}, meets). ${parts.join('; ')}.` +
    (below.length ? ` Below the level (by the manager's rating, else the self rating): ${below.join(', ')}.` : ' None below the level.')
  );
}

export function AssessmentRadar({ rows, title }: { rows: readonly AssessmentComparisonRow[]; title: string }) {
  const id = useId().replace(/:/g, '');
  const anything = rows.some((r) => r.self !== null || r.manager !== null);
  return (
    <figure className="as-radar">
      <ChartBox fallbackWidth={420} maxWidth={480} className="as-radar-box" empty={!anything}>
        {(width) => <Radar rows={rows} title={title} width={width} summaryId={`${id}-summary`} />}
      </ChartBox>
      <ul className="as-legend" aria-label="Legend">
        <li>
          <svg width="26" height="12" aria-hidden="true">
            <line x1="0" y1="6" x2="26" y2="6" stroke={SELF} strokeWidth="3" />
            <circle cx="13" cy="6" r="4" fill={SELF} />
          </svg>
          Self (solid, round points)
        </li>
        <li>
          <svg width="26" height="12" aria-hidden="true">
            <line x1="0" y1="6" x2="26" y2="6" stroke={MANAGER} strokeWidth="3" strokeDasharray="6 3" />
            <rect x="9" y="2" width="8" height="8" fill={MANAGER} />
          </svg>
          Manager (dashed, square points)
        </li>
        <li>
          <svg width="26" height="12" aria-hidden="true">
            <line x1="0" y1="6" x2="26" y2="6" stroke={LEVEL} strokeWidth="2" strokeDasharray="2 3" />
          </svg>
          Level expectation ({MEETS_RATING}, dotted)
        </li>
      </ul>
      <figcaption id={`${id}-summary`} className="as-summary">
        {radarSummary(rows)}
      </figcaption>
    </figure>
  );
}

/** A spoke's label: beside the rings, anchored away from them, its lines stacked away from the centre. */
function AxisLabel({ g, i, n, name }: { g: Layout; i: number; n: number; name: string }) {
  const [x, y] = point(g, i, n, MAX, 10);
  const anchor = Math.abs(x - g.cx) < 8 ? 'middle' : x > g.cx ? 'start' : 'end';
  // The room a label has runs from its point to the edge of the box (both edges for a centred one).
  const room = anchor === 'middle' ? 2 * Math.min(x, g.width - x) : anchor === 'start' ? g.width - x : x;
  const lines = labelLines(name, Math.max(6, Math.floor((room - 2) / CHAR)));
  // Above the centre the last line sits next to the ring; below it the first; beside it they are centred.
  const dy = Math.abs(y - g.cy) < 8 ? -((lines.length - 1) * LINE_HEIGHT) / 2 : y < g.cy ? -(lines.length - 1) * LINE_HEIGHT : 0;
  return (
    <text x={x} y={y + dy} textAnchor={anchor} dominantBaseline={Math.abs(y - g.cy) < 8 ? 'middle' : y < g.cy ? 'auto' : 'hanging'} className="as-axis-label">
      <title>{name}</title>
      {lines.map((line, k) => (
        <tspan key={k} x={x} dy={k === 0 ? 0 : LINE_HEIGHT}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function Radar({ rows, title, width, summaryId }: { rows: readonly AssessmentComparisonRow[]; title: string; width: number; summaryId: string }) {
  const g = layout(width);
  const n = rows.length;
  const hasSelf = rows.some((r) => r.self !== null);
  const hasManager = rows.some((r) => r.manager !== null);
  return (
    <svg width={width} height={g.height} viewBox={`0 0 ${width} ${g.height}`} role="img" aria-label={title} aria-describedby={summaryId}>
      <title>{title}</title>
      {[1, 2, 3, 4].map((ring) => (
        <polygon
          key={ring}
          points={path(
            g,
            rows.map(() => ring),
          )}
          className={ring === MAX ? 'as-ring as-ring-outer' : 'as-ring'}
        />
      ))}
      {rows.map((r, i) => {
        const [x, y] = point(g, i, n, MAX);
        return (
          <g key={r.competency.id}>
            <line x1={g.cx} y1={g.cy} x2={x} y2={y} className="as-spoke" />
            <AxisLabel g={g} i={i} n={n} name={r.competency.name} />
          </g>
        );
      })}
      <polygon
        points={path(
          g,
          rows.map(() => MEETS_RATING),
        )}
        fill="none"
        stroke={LEVEL}
        strokeWidth={2}
        strokeDasharray="2 4"
        data-series="level"
      />
      {hasSelf && (
        <polygon
          points={path(
            g,
            rows.map((r) => r.self),
          )}
          fill={SELF}
          fillOpacity={0.12}
          stroke={SELF}
          strokeWidth={2.5}
          data-series="self"
          data-mark=""
        />
      )}
      {hasManager && (
        <polygon
          points={path(
            g,
            rows.map((r) => r.manager),
          )}
          fill={MANAGER}
          fillOpacity={0.1}
          stroke={MANAGER}
          strokeWidth={2.5}
          strokeDasharray="8 4"
          data-series="manager"
          data-mark=""
        />
      )}
      {rows.map((r, i) => (
        <g key={`p-${r.competency.id}`}>
          {r.self !== null &&
            (() => {
              const [x, y] = point(g, i, n, r.self);
              return (
                <circle cx={x} cy={y} r={4.5} fill={SELF}>
                  <title>{`${r.competency.name}: self ${ratingText(r.self)}`}</title>
                </circle>
              );
            })()}
          {r.manager !== null &&
            (() => {
              const [x, y] = point(g, i, n, r.manager);
              return (
                <rect x={x - 4} y={y - 4} width={8} height={8} fill={MANAGER}>
                  <title>{`${r.competency.name}: manager ${ratingText(r.manager)}`}</title>
                </rect>
              );
            })()}
        </g>
      ))}
    </svg>
  );
}
