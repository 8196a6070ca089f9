import type { ReactNode } from 'react';
import './team-progress.css';

/** A column of a progress table: its header, and a cell per row (the first column heads its row). */
export type ProgressColumn<R> = { header: ReactNode; cell: (row: R) => ReactNode; className?: string | ((row: R) => string | undefined); key?: string };

/**
 * The table of a team-progress page (docs/decisions/0075): people or teams in rows, what they did in
 * columns. It scrolls sideways in its own labelled region; on a phone (`stack`) each row becomes a
 * card whose cells say their column's name.
 */
export function ProgressTable<R>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  className,
  stack = true,
}: {
  /** The scrolling region's name: "People of Platform". */
  label: string;
  /** Read by screen readers before the table. */
  caption?: string;
  columns: ReadonlyArray<ProgressColumn<R>>;
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowClassName?: (row: R) => string | undefined;
  /** The area's own class on the table (a column's width). */
  className?: string;
  /** Rows become labelled cards on narrow screens. Default true; a chart's table of numbers stays a table. */
  stack?: boolean;
}) {
  const [first, ...rest] = columns;
  const labelOf = (c: ProgressColumn<R>) => (typeof c.header === 'string' ? c.header : undefined);
  const classOf = (c: ProgressColumn<R>, row: R) => (typeof c.className === 'function' ? c.className(row) : c.className);
  return (
    <div className="progress-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={['progress-table', stack ? 'progress-stack' : null, className].filter(Boolean).join(' ')}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={c.key ?? i} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {first && (
                <th scope="row" data-label={labelOf(first)} className={classOf(first, row)}>
                  {first.cell(row)}
                </th>
              )}
              {rest.map((c, i) => (
                <td key={c.key ?? i} data-label={labelOf(c)} className={classOf(c, row)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
