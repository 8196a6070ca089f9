import { useId } from 'react';
import { ChartBox } from '../../components/ui/chart-box.js';
import { COMPLETION_COLOURS, COMPLETION_LABELS, COMPLETION_THRESHOLDS } from '../../../shared/completion.js';
import { retroLabel, type RetroHealthTrend, type RetroSprintProgress } from './retro-progress.api.js';
import { formatDay, formatPercent, formatRatio, formatShortDay } from '../../../shared/format.js';
import { ProgressTable } from '../../components/ui/progress-table.js';

/**
 * Hand-written SVG charts of a team's retros (like the admin dashboard's engagement chart): each
 * is an image with a title and a text summary, and the same numbers as a table beneath. Each is
 * drawn at its box's width (ChartBox), so its text keeps its size on a phone.
 */

const HEIGHT = 230;
const PAD = { top: 14, right: 14, bottom: 30, left: 46 };
const innerH = HEIGHT - PAD.top - PAD.bottom;

const bandOf = (s: RetroSprintProgress) => s.completion?.band ?? 'none';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Action-item completion per retro (oldest first) as bars coloured by the shared bands, with the 80 % and 100 % lines. */
export function CompletionChart({ sprints }: { sprints: RetroSprintProgress[] }) {
  const id = useId();
  const y = (percent: number) => PAD.top + innerH - (percent / 100) * innerH;
  const counts = { behind: 0, almost: 0, complete: 0, none: 0 };
  for (const s of sprints) counts[bandOf(s)] += 1;
  const first = sprints[0];
  const last = sprints.at(-1);
  const summary =
    first && last
      ? `Action-item completion of ${plural(sprints.length, 'retro')} from ${formatDay(first.held_at)} to ${formatDay(last.held_at)}. ` +
        `Latest: ${last.completion ? `${formatPercent(last.completion.percent)} (${COMPLETION_LABELS[last.completion.band]})` : 'no action items'}. ` +
        `${counts.complete} complete, ${counts.almost} almost, ${counts.behind} behind, ${counts.none} without action items.`
      : 'No retros.';
  const title = 'Action-item completion per retro';
  return (
    <figure className="rp-chart">
      <ChartBox fallbackWidth={520} maxWidth={704} empty={!sprints.some((s) => s.completion)}>
        {(width) => {
          const step = (width - PAD.left - PAD.right) / Math.max(1, sprints.length);
          return (
            <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={title} aria-describedby={`${id}-desc`}>
              <title>{title}</title>
              <desc id={`${id}-desc`}>{summary}</desc>
              {[0, COMPLETION_THRESHOLDS.almost, COMPLETION_THRESHOLDS.complete].map((p) => (
                <g key={p}>
                  <line x1={PAD.left} x2={width - PAD.right} y1={y(p)} y2={y(p)} className={p === 0 ? 'rp-axis' : 'rp-grid'} />
                  <text x={PAD.left - 6} y={y(p) + 4} textAnchor="end" className="rp-tick">
                    {formatPercent(p)}
                  </text>
                </g>
              ))}
              {sprints.map((s, i) => {
                const percent = s.completion?.percent ?? 0;
                const h = Math.max(percent === 0 && s.completion ? 2 : 0, (percent / 100) * innerH);
                return (
                  <rect
                    key={s.retro_id}
                    x={PAD.left + i * step + step * 0.15}
                    width={step * 0.7}
                    y={PAD.top + innerH - h}
                    height={h}
                    fill={COMPLETION_COLOURS[bandOf(s)].fill}
                    data-band={bandOf(s)}
                    data-mark=""
                  >
                    <title>{`${retroLabel(s)}: ${s.completion ? `${formatRatio(s.action_items_done, s.action_items_total, 'done')}, ${COMPLETION_LABELS[s.completion.band]}` : 'no action items'}`}</title>
                  </rect>
                );
              })}
              {first && (
                <text x={PAD.left} y={HEIGHT - 8} className="rp-tick">
                  {formatShortDay(first.held_at)}
                </text>
              )}
              {last && sprints.length > 1 && (
                <text x={width - PAD.right} y={HEIGHT - 8} textAnchor="end" className="rp-tick">
                  {formatShortDay(last.held_at)}
                </text>
              )}
            </svg>
          );
        }}
      </ChartBox>
      <figcaption>
        <details>
          <summary>Show as table</summary>
          <ProgressTable
            label="Action-item completion per retro table"
            caption="Action-item completion per retro"
            stack={false}
            rows={sprints}
            rowKey={(s) => s.retro_id}
            columns={[
              { header: 'Retro', cell: (s) => retroLabel(s) },
              { header: 'Held', cell: (s) => formatDay(s.held_at) },
              { header: 'Done', cell: (s) => `${s.action_items_done} of ${s.action_items_total}` },
              {
                header: 'Completion',
                cell: (s) => (s.completion ? `${formatPercent(s.completion.percent)} (${COMPLETION_LABELS[s.completion.band]})` : 'No action items'),
              },
            ]}
          />
        </details>
      </figcaption>
    </figure>
  );
}

/** Line colours (AA against white) and dash patterns, so lines differ by more than colour. */
const LINE_STYLES = [
  { stroke: '#1d4ed8', dash: '' },
  { stroke: '#b42318', dash: '6 4' },
  { stroke: '#146c2e', dash: '2 3' },
  { stroke: '#7a2e9c', dash: '10 3 2 3' },
  { stroke: '#8a5300', dash: '12 4' },
  { stroke: '#0f5f73', dash: '3 6' },
];
export const healthLineStyle = (index: number) => LINE_STYLES[index % LINE_STYLES.length]!;

type HealthColumn = { retro_id: string; held_at: string };

/** The retros that asked any statement, oldest first (the chart's x axis). */
export function healthColumns(trends: RetroHealthTrend[]): HealthColumn[] {
  const byId = new Map<string, HealthColumn>();
  for (const t of trends) for (const p of t.points) byId.set(p.retro_id, { retro_id: p.retro_id, held_at: p.held_at });
  return [...byId.values()].sort((a, b) => a.held_at.localeCompare(b.held_at) || a.retro_id.localeCompare(b.retro_id));
}

const averageText = (average: number | null, answers: number) =>
  average === null ? (answers === 0 ? 'No answers' : `Fewer than 3 answers (${answers})`) : `${average.toFixed(2)} (${plural(answers, 'answer')})`;

/**
 * Average health score (1-5) per statement over the retros, one line each. A retro with fewer
 * than 3 answers has no average (the line breaks there; never drawn as 0).
 */
export function HealthChart({ trends, labels }: { trends: RetroHealthTrend[]; labels: Map<string, string> }) {
  const id = useId();
  const columns = healthColumns(trends);
  const index = new Map(columns.map((c, i) => [c.retro_id, i]));
  const y = (score: number) => PAD.top + innerH - ((score - 1) / 4) * innerH;
  const title = 'Team health per statement over retros';
  const summary = trends
    .map((t) => {
      const shown = t.points.filter((p) => p.average !== null);
      if (!shown.length) return `${t.statement}: no retro had 3 or more answers.`;
      const firstAvg = shown[0]!.average!;
      const lastAvg = shown.at(-1)!.average!;
      return shown.length === 1
        ? `${t.statement}: ${lastAvg.toFixed(2)} out of 5 in one retro.`
        : `${t.statement}: from ${firstAvg.toFixed(2)} to ${lastAvg.toFixed(2)} out of 5 over ${plural(shown.length, 'retro')} with 3 or more answers.`;
    })
    .join(' ');
  const first = columns[0];
  const last = columns.at(-1);
  return (
    <figure className="rp-chart">
      <ChartBox fallbackWidth={520} maxWidth={704} empty={!trends.some((t) => t.points.some((p) => p.average !== null))}>
        {(width) => {
          const innerW = width - PAD.left - PAD.right;
          const x = (i: number) => PAD.left + (columns.length === 1 ? innerW / 2 : (i / (columns.length - 1)) * innerW);
          return (
            <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={title} aria-describedby={`${id}-desc`}>
              <title>{title}</title>
              <desc id={`${id}-desc`}>{summary}</desc>
              {[1, 2, 3, 4, 5].map((score) => (
                <g key={score}>
                  <line x1={PAD.left} x2={width - PAD.right} y1={y(score)} y2={y(score)} className={score === 1 ? 'rp-axis' : 'rp-grid'} />
                  <text x={PAD.left - 6} y={y(score) + 4} textAnchor="end" className="rp-tick">
                    {score}
                  </text>
                </g>
              ))}
              {trends.map((t, s) => {
                const style = healthLineStyle(s);
                // Runs of consecutive shown points: a retro without an average breaks the line.
                const runs: Array<Array<{ i: number; average: number }>> = [[]];
                const points = [...t.points].sort((a, b) => index.get(a.retro_id)! - index.get(b.retro_id)!);
                let previous = -2;
                for (const p of points) {
                  const i = index.get(p.retro_id)!;
                  if (p.average === null) {
                    runs.push([]);
                    previous = -2;
                    continue;
                  }
                  if (i !== previous + 1 && runs.at(-1)!.length) runs.push([]);
                  runs.at(-1)!.push({ i, average: p.average });
                  previous = i;
                }
                return (
                  <g key={t.statement} data-statement={t.statement} stroke={style.stroke} fill={style.stroke}>
                    {runs
                      .filter((r) => r.length > 1)
                      .map((r) => (
                        <polyline
                          key={r[0]!.i}
                          data-mark=""
                          points={r.map((p) => `${x(p.i)},${y(p.average)}`).join(' ')}
                          fill="none"
                          strokeWidth={2}
                          strokeDasharray={style.dash || undefined}
                          vectorEffect="non-scaling-stroke"
                        />
                      ))}
                    {runs.flat().map((p) => (
                      <circle key={p.i} cx={x(p.i)} cy={y(p.average)} r={3.5} data-mark="">
                        <title>{`${t.statement} ${labels.get(columns[p.i]!.retro_id) ?? formatDay(columns[p.i]!.held_at)}: ${p.average.toFixed(2)}`}</title>
                      </circle>
                    ))}
                  </g>
                );
              })}
              {first && (
                <text x={PAD.left} y={HEIGHT - 8} className="rp-tick">
                  {formatShortDay(first.held_at)}
                </text>
              )}
              {last && columns.length > 1 && (
                <text x={width - PAD.right} y={HEIGHT - 8} textAnchor="end" className="rp-tick">
                  {formatShortDay(last.held_at)}
                </text>
              )}
            </svg>
          );
        }}
      </ChartBox>
      <ul className="rp-legend" aria-label="Statements">
        {trends.map((t, s) => (
          <li key={t.statement}>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" x2="28" y1="5" y2="5" stroke={healthLineStyle(s).stroke} strokeWidth="2.5" strokeDasharray={healthLineStyle(s).dash || undefined} />
            </svg>
            <span>{t.statement}</span>
          </li>
        ))}
      </ul>
      <figcaption>
        <details>
          <summary>Show as table</summary>
          <ProgressTable
            label="Team health per retro table"
            caption="Average health score (1 to 5) per statement and retro"
            stack={false}
            rows={columns}
            rowKey={(c) => c.retro_id}
            columns={[
              { header: 'Retro', cell: (c) => labels.get(c.retro_id) ?? formatDay(c.held_at) },
              ...trends.map((t) => ({
                key: t.statement,
                header: t.statement,
                cell: (c: (typeof columns)[number]) => {
                  const p = t.points.find((q) => q.retro_id === c.retro_id);
                  return p ? averageText(p.average, p.answers) : 'Not asked';
                },
              })),
            ]}
          />
        </details>
      </figcaption>
    </figure>
  );
}
