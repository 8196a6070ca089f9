import { useCallback, useRef, useState, type ReactNode } from 'react';
import './chart-box.css';

/**
 * The box of a hand-drawn SVG chart (docs/decisions/0060). The chart is drawn at the box's real
 * width in CSS pixels (its viewBox as wide as the box), never scaled: a 12 px tick stays 12 px at
 * 375 px, and the drawing fills the box instead of keeping the proportions of a desktop layout.
 *
 * `data-chart` marks the box for the browser tests' chart check (e2e/harness.ts); `empty` says the
 * chart has nothing to draw (every value zero or missing), so no bar or line is expected in it.
 */

/** The width of an element in CSS pixels, followed with a ResizeObserver; `fallback` until measured (and in jsdom). */
export function useBoxWidth<T extends Element>(fallback: number): [(node: T | null) => void, number] {
  const [width, setWidth] = useState(fallback);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = (w: number) => {
      if (w > 0) setWidth(Math.floor(w));
    };
    measure(node.getBoundingClientRect().width);
    observer.current = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.current.observe(node);
  }, []);
  return [ref, width];
}

export function ChartBox({
  fallbackWidth,
  maxWidth,
  empty = false,
  className,
  children,
}: {
  /** The width drawn before the box is measured. */
  fallbackWidth: number;
  /** The widest the chart grows, in CSS pixels (the box is never wider). */
  maxWidth?: number;
  empty?: boolean;
  className?: string;
  children: (width: number) => ReactNode;
}) {
  const [ref, width] = useBoxWidth<HTMLDivElement>(fallbackWidth);
  return (
    <div
      ref={ref}
      className={className ? `chart-box ${className}` : 'chart-box'}
      style={maxWidth ? { maxWidth } : undefined}
      data-chart=""
      data-chart-empty={empty ? '' : undefined}
    >
      {children(width)}
    </div>
  );
}
