// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { COLORS, LazyInsightsChart } from './insights-chart.js';

// jsdom measures nothing: the charts' container needs a ResizeObserver to exist.
beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

/** An IntersectionObserver whose targets come into view when the test says so. */
function observedViewport() {
  const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[]; margin?: string }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, targets: [], margin: options?.rootMargin };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  return {
    observers,
    scrollNear: () =>
      act(() => {
        for (const o of observers)
          o.callback(
            o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            {} as IntersectionObserver,
          );
      }),
  };
}

it('a chart is drawn once its place comes near the viewport, and until then keeps its size', async () => {
  const viewport = observedViewport();
  render(
    <LazyInsightsChart
      kind="bar"
      title="Deployments per week"
      summary="3 in all."
      unit=""
      rows={[{ label: 'Week of Mar 3, 2025', n: 3, value: 3 }]}
      series={[{ key: 'value', label: 'Deployments', color: COLORS.green }]}
    />,
  );
  const placeholder = screen.getByRole('status');
  expect(placeholder.textContent).toBe('Loading chart…');
  expect(placeholder.style.height).toBe('220px');
  expect(viewport.observers.map((o) => o.margin)).toEqual(['200px']);

  await viewport.scrollNear();
  expect(await screen.findByRole('img', { name: 'Deployments per week. 3 in all.' }, { timeout: 8000 })).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});
