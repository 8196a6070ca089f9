import { useId } from 'react';
import { ASSESSMENT_RATING_LABELS, MEETS_RATING, type AssessmentRatingValue } from '../../../shared/growth.js';
import { gapInWords } from './assessment.api.js';
import type { AssessmentComparisonRow } from './growth.types.js';

/**
 * Self against manager against the level's expectation (3, meets) per competency, as a hand-written
 * SVG radar (docs/decisions/0020): one axis a competency, rings 1 to 4; self a solid blue line,
 * manager a dashed green line with square points, the level a dotted grey ring. A title, a text
 * summary read with it, a legend, and the same numbers as a table beside it.
 */

const SIZE = 360;
/** Room either side for the labels of the left and right spokes (up to 16 characters). */
const LABEL_ROOM = 70;
const C = SIZE / 2;
const R = 120;
const MAX = 4;
const SELF = '#1d4ed8';
const MANAGER = '#146c2e';
const LEVEL = '#6b7280';

const short = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);
const ratingText = (r: number | null) => (r === null ? 'not rated' : `${r} (${ASSESSMENT_RATING_LABELS[r as AssessmentRatingValue]?.label ?? r})`);

function point(i: number, n: number, value: number): [number, number] {
  const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 1);
  const r = (value / MAX) * R;
  return [C + r * Math.cos(angle), C + r * Math.sin(angle)];
}
const path = (values: Array<number | null>) => values.map((v, i) => point(i, values.length, v ?? 0).map((x) => x.toFixed(1)).join(',')).join(' ');

export function radarSummary(rows: readonly AssessmentComparisonRow[]): string {
  if (!rows.length) return 'No competencies to compare.';
  const parts = rows.map((r) => `${r.competency.name}: self ${ratingText(r.self)}, manager ${ratingText(r.manager)}${r.gap !== null && r.gap !== 0 ? ` (${gapInWords(r.gap).toLowerCase()})` : ''}`);
  const below = rows.filter((r) => (r.manager ?? r.self ?? MEETS_RATING) < MEETS_RATING).map((r) => r.competency.name);
  return `${rows.length} competencies against the level's expectation (${MEETS_RATING}, meets). ${parts.join('; ')}.`
    + (below.length ? ` Below the level (by the manager's rating, else the self rating): ${below.join(', ')}.` : ' None below the level.');
}

export function AssessmentRadar({ rows, title }: { rows: readonly AssessmentComparisonRow[]; title: string }) {
  const id = useId().replace(/:/g, '');
  const n = rows.length;
  const hasSelf = rows.some((r) => r.self !== null);
  const hasManager = rows.some((r) => r.manager !== null);
  return (
    <figure className="as-radar">
      <svg viewBox={`${-LABEL_ROOM} 0 ${SIZE + 2 * LABEL_ROOM} ${SIZE}`} role="img" aria-label={title} aria-describedby={`${id}-summary`}>
        <title>{title}</title>
        {[1, 2, 3, 4].map((ring) => (
          <polygon key={ring} points={path(rows.map(() => ring))} className={ring === MAX ? 'as-ring as-ring-outer' : 'as-ring'} />
        ))}
        {rows.map((r, i) => {
          const [x, y] = point(i, n, MAX);
          const [lx, ly] = point(i, n, MAX + 0.55);
          return (
            <g key={r.competency.id}>
              <line x1={C} y1={C} x2={x} y2={y} className="as-spoke" />
              <text x={lx} y={ly} textAnchor={Math.abs(lx - C) < 8 ? 'middle' : lx > C ? 'start' : 'end'} dominantBaseline="middle" className="as-axis-label">{short(r.competency.name)}</text>
            </g>
          );
        })}
        <polygon points={path(rows.map(() => MEETS_RATING))} fill="none" stroke={LEVEL} strokeWidth={2} strokeDasharray="2 4" data-series="level" />
        {hasSelf && <polygon points={path(rows.map((r) => r.self))} fill={SELF} fillOpacity={0.12} stroke={SELF} strokeWidth={2.5} data-series="self" />}
        {hasManager && <polygon points={path(rows.map((r) => r.manager))} fill={MANAGER} fillOpacity={0.1} stroke={MANAGER} strokeWidth={2.5} strokeDasharray="8 4" data-series="manager" />}
        {rows.map((r, i) => (
          <g key={`p-${r.competency.id}`}>
            {r.self !== null && (() => { const [x, y] = point(i, n, r.self); return <circle cx={x} cy={y} r={4.5} fill={SELF}><title>{`${r.competency.name}: self ${ratingText(r.self)}`}</title></circle>; })()}
            {r.manager !== null && (() => { const [x, y] = point(i, n, r.manager); return <rect x={x - 4} y={y - 4} width={8} height={8} fill={MANAGER}><title>{`${r.competency.name}: manager ${ratingText(r.manager)}`}</title></rect>; })()}
          </g>
        ))}
      </svg>
      <ul className="as-legend" aria-label="Legend">
        <li><svg width="26" height="12" aria-hidden="true"><line x1="0" y1="6" x2="26" y2="6" stroke={SELF} strokeWidth="3" /><circle cx="13" cy="6" r="4" fill={SELF} /></svg>Self (solid, round points)</li>
        <li><svg width="26" height="12" aria-hidden="true"><line x1="0" y1="6" x2="26" y2="6" stroke={MANAGER} strokeWidth="3" strokeDasharray="6 3" /><rect x="9" y="2" width="8" height="8" fill={MANAGER} /></svg>Manager (dashed, square points)</li>
        <li><svg width="26" height="12" aria-hidden="true"><line x1="0" y1="6" x2="26" y2="6" stroke={LEVEL} strokeWidth="2" strokeDasharray="2 3" /></svg>Level expectation ({MEETS_RATING}, dotted)</li>
      </ul>
      <figcaption id={`${id}-summary`} className="as-summary">{radarSummary(rows)}</figcaption>
    </figure>
  );
}
