import { Component, startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { INSIGHT_METRICS, type InsightMetricKey } from '../../../shared/insights.js';
import { useNearViewport } from '../../lib/near-viewport.js';

/**
 * A chart of the insights pages: the picture (recharts, loaded lazily: insights-charts.tsx), a text
 * summary, and "Show as a table" with the same numbers and n, which keyboard and screen-reader users
 * read (docs/decisions/0020: every chart has its table).
 */

export type ChartKind = 'bar' | 'stacked' | 'line' | 'spark';
/** `count`: a column of counts (n), shown without the chart's unit. */
export type ChartSeries = { key: string; label: string; color: string; count?: boolean };
export type ChartRow = { label: string; n?: number | null } & Record<string, number | string | null | undefined>;
export type ChartProps = { kind: ChartKind; rows: ChartRow[]; series: ChartSeries[]; unit: string; title: string; summary: string };

export const COLORS = { blue: '#1d4ed8', amber: '#b45309', violet: '#6d28d9', green: '#146c2e', red: '#b91c1c', teal: '#0f766e' } as const;

/** A chart that fails to draw leaves the table, which has the same numbers. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="muted">The chart could not be loaded. The table has the same numbers.</p> : this.props.children;
  }
}

type ChartComponent = (props: ChartProps) => ReactNode;
let loadedChart: ChartComponent | null = null;

/**
 * Only the picture (the dashboard's sparkline): lazy, with a quiet placeholder of its size until it
 * is drawn. A chart is drawn once its place comes near the viewport (docs/decisions/0077): drawing
 * one takes recharts 50-100 ms of script, and a page of a dozen charts held a phone's main thread
 * for seconds while it loaded, for charts below the fold. The chart library itself is downloaded
 * with the first chart drawn; the chart is then drawn in a transition, which React renders in
 * slices of a few milliseconds between which the page stays responsive (docs/decisions/0083),
 * where a lazy component's first render is one piece.
 */
export function LazyInsightsChart(props: ChartProps) {
  const height = props.kind === 'spark' ? 40 : 220;
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const [Chart, setChart] = useState<ChartComponent | null>(() => loadedChart);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!near || Chart) return;
    let live = true;
    import('./insights-charts.js').then(
      (module) => {
        loadedChart = module.default;
        if (live) startTransition(() => setChart(() => module.default));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [near, Chart]);
  if (failed) return <p className="muted">The chart could not be loaded. The table has the same numbers.</p>;
  // data-chart-pending: a chart not drawn yet, which the browser tests' chart check scrolls to (e2e/harness.ts).
  if (!near || !Chart)
    return (
      <div ref={box} className="ins-chart-loading" style={{ height }} role="status" data-chart-pending="">
        Loading chart…
      </div>
    );
  return (
    <ChartBoundary>
      <Chart {...props} />
    </ChartBoundary>
  );
}

const cell = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** The chart with its summary and its table view; `extraColumns` adds columns to the table only. */
export function ChartFigure({ caption, extraColumns = [], ...props }: ChartProps & { caption?: ReactNode; extraColumns?: ChartSeries[] }) {
  const id = useId();
  const withN = props.rows.some((r) => typeof r.n === 'number');
  const columns = [...props.series, ...extraColumns];
  const unit = props.unit ? ` (${props.unit})` : '';
  return (
    <figure className="ins-figure" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} className="ins-figure-title">
        {props.title}
      </figcaption>
      {props.rows.length === 0 ? <p className="muted">No periods in this window.</p> : <LazyInsightsChart {...props} />}
      <p className="muted ins-figure-summary">{props.summary}</p>
      {caption}
      {props.rows.length > 0 && (
        <details className="ins-table-details">
          <summary>Show as a table</summary>
          <div className="ins-table-wrap" role="region" aria-label={`${props.title}, table`} tabIndex={0}>
            <table className="ins-table">
              <caption className="sr-only">{props.title}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  {columns.map((s) => (
                    <th key={s.key} scope="col">
                      {s.label}
                      {s.count ? '' : unit}
                    </th>
                  ))}
                  {withN && <th scope="col">n</th>}
                </tr>
              </thead>
              <tbody>
                {props.rows.map((r, i) => (
                  <tr key={`${r.label}-${i}`}>
                    <th scope="row">{r.label}</th>
                    {columns.map((s) => (
                      <td key={s.key}>{cell(r[s.key])}</td>
                    ))}
                    {withN && <td>{cell(r.n)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}

/** "How is this measured?": the definition of shared/insights.ts, the one registry. */
export function MetricDefinition({ metric }: { metric: InsightMetricKey | InsightMetricKey[] }) {
  const keys = Array.isArray(metric) ? metric : [metric];
  return (
    <details className="ins-def">
      <summary>How is this measured?</summary>
      <dl>
        {keys.map((k) => (
          <div key={k}>
            <dt>{INSIGHT_METRICS[k].label}</dt>
            <dd>{INSIGHT_METRICS[k].definition}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        Medians are interpolated and shown with p75, the mean and n. What cannot be computed is left out and counted, never counted as zero.
      </p>
    </details>
  );
}
