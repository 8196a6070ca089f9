import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartProps } from './insights-chart.js';

/**
 * Every recharts import of the app lives here: this module is loaded with React.lazy by
 * insights-chart.tsx only, so the entry chunk and the other pages never carry the chart library.
 * The chart is a picture for sighted readers (role img with a summary); the numbers are in the
 * "Show as a table" view beside it, which keyboard and screen-reader users use.
 */

const AXIS = { fontSize: 12, fill: '#4a5468' };
/** "Week of Mar 3, 2025" -> "Mar 3" under the bars (the table keeps the whole label). */
const shortLabel = (label: unknown) =>
  String(label)
    .replace(/^Week of /, '')
    .replace(/,? \d{4}$/, '');

/** Nothing to draw: every value of every series is missing or zero (the browser tests expect no bar or line then). */
const nothingToDraw = (rows: ChartProps['rows'], series: ChartProps['series']) => rows.every((r) => series.every((s) => !r[s.key]));

export default function InsightsChart({ kind, rows, series, unit, title, summary }: ChartProps) {
  // data-chart: the box the browser tests' chart check measures (e2e/harness.ts).
  const marks = { 'data-chart': '', 'data-chart-empty': nothingToDraw(rows, series) ? '' : undefined };
  if (kind === 'spark') {
    return (
      <div className="ins-spark" role="img" aria-label={`${title}. ${summary}`} {...marks}>
        <ResponsiveContainer width="100%" height={40} initialDimension={{ width: 160, height: 40 }}>
          <LineChart data={rows} margin={{ top: 4, right: 4, bottom: 4, left: 4 }} accessibilityLayer={false}>
            {series.map((s) => (
              <Line key={s.key} type="monotone" dataKey={s.key} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    );
  }
  const common = { data: rows, margin: { top: 8, right: 8, bottom: 4, left: 0 }, accessibilityLayer: false } as const;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#dde1ea" />
      <XAxis dataKey="label" tick={AXIS} tickFormatter={shortLabel} interval="preserveStartEnd" minTickGap={8} />
      {/* Counts (people, seats) have no fractions between their ticks. */}
      <YAxis
        tick={AXIS}
        width={44}
        allowDecimals={!series.every((s) => s.count)}
        label={unit ? { value: unit, angle: -90, position: 'insideLeft', style: AXIS } : undefined}
      />
      <Tooltip />
      {/* In the order of the series (coding, pickup, review, deploy), not sorted by name. */}
      {series.length > 1 && <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />}
    </>
  );
  return (
    <div className="ins-chart" role="img" aria-label={`${title}. ${summary}`} {...marks}>
      <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 520, height: 220 }}>
        {kind === 'line' ? (
          <LineChart {...common}>
            {axes}
            {series.map((s) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} isAnimationActive={false} connectNulls />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common}>
            {axes}
            {series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.color}
                stackId={kind === 'stacked' ? 'a' : undefined}
                isAnimationActive={false}
                stroke={i % 2 ? '#fff' : undefined}
              />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
