import { useId } from 'react';
import { ChartFigure, COLORS } from '../insights/insights-chart.js';
import '../insights/insights.css';
import type { Billing } from './api.js';
import { formatNumber } from '../../../shared/format.js';

/** The summary a screen reader reads with the chart: the range of the year and where it ends. */
export function historySummary(history: Billing['history'], limit: number | null): string {
  const known = history.filter((m) => m.highest !== null);
  if (!known.length) return 'No seats recorded in the last 12 months yet: the count is kept once a day from now on.';
  const seats = (n: number) => `${formatNumber(n)} ${n === 1 ? 'seat' : 'seats'}`;
  const limitText = limit === null ? '' : ` The limit is ${seats(limit)}.`;
  if (known.length === 1) return `${seats(known[0]!.highest!)} in ${known[0]!.label}, the first month with a count.${limitText}`;
  const highest = Math.max(...known.map((m) => m.highest!));
  const first = known[0]!;
  const last = known.at(-1)!;
  return `From ${seats(first.highest!)} in ${first.label} to ${last.highest} in ${last.label}; at most ${highest} in one month.${limitText}`;
}

/**
 * Seats over the last 12 months: the highest daily count of each month, as a bar chart (the app's
 * recharts chart, loaded lazily) with its table view (docs/decisions/0020: every chart has its table).
 */
export function BillingHistory({ billing }: { billing: Billing }) {
  const headingId = useId();
  const rows = billing.history.map((m) => ({ label: m.label, highest: m.highest, latest: m.latest }));
  return (
    <section className="settings-section billing-history" aria-labelledby={headingId}>
      <h2 id={headingId}>Seats over the last 12 months</h2>
      <ChartFigure
        kind="bar"
        title="Seats used, highest in each month"
        unit=""
        rows={rows}
        series={[{ key: 'highest', label: 'Highest seats', color: COLORS.blue, count: true }]}
        extraColumns={[{ key: 'latest', label: 'Seats at the last count', color: COLORS.teal, count: true }]}
        summary={historySummary(billing.history, billing.seat_limit)}
      />
      {billing.history_is_demo && (
        <p className="muted">The months before today are sample history of the demo organization; it is removed with the demo data.</p>
      )}
    </section>
  );
}
