/**
 * Cumulative layout shift of a page load, measured in the page (docs/decisions/0065): every
 * 'layout-shift' entry without recent input, grouped in session windows as Lighthouse and Chrome
 * do (a window closes after 1 s without a shift or 5 s after it opened); the score is the largest
 * window's sum. Each shift keeps the elements that moved, to say what jumped.
 */
import type { BrowserContext, Page } from 'playwright-core';

export type Shift = { value: number; at: number; sources: string[] };
export type LayoutShift = { cls: number; shifts: Shift[] };

/**
 * Runs in the page before its own scripts (an init script, given as source text so that no
 * transpiler helper leaks into it): collects the shifts from the first paint on.
 */
const OBSERVE_SHIFTS = `(() => {
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : '(removed)';
    const classes = [...node.classList].slice(0, 3).map((c) => '.' + c).join('');
    const text = (node.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return node.tagName.toLowerCase() + classes + (text ? ' "' + text + '"' : '');
  };
  const shifts = [];
  window.__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: (entry.sources || []).map((s) => describe(s.node) + ' y ' + Math.round(s.previousRect.y) + '->' + Math.round(s.currentRect.y) + ' h ' + Math.round(s.previousRect.height) + '->' + Math.round(s.currentRect.height)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** Adds the observer to every page of the context (call once, before the visits). */
export async function observeLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: OBSERVE_SHIFTS });
}

/** The largest session window's sum (Lighthouse's CLS). */
export function sessionWindowCls(shifts: ReadonlyArray<Pick<Shift, 'value' | 'at'>>): number {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.at - last > 1000 || s.at - first > 5000) {
      sum = 0;
      first = s.at;
    }
    sum += s.value;
    last = s.at;
    best = Math.max(best, sum);
  }
  return best;
}

/**
 * Loads `url` in `page` as a first visit, as Lighthouse does (the origin's local storage emptied
 * first, where the web app notes that its fonts are cached: client/lib/fonts.ts), waits until the
 * page has settled (the network quiet for 500 ms, then two frames) and returns its layout shift.
 * The page must be on the app's origin already, and its context observe shifts
 * ({@link observeLayoutShifts}).
 */
export async function loadAndMeasureShift(page: Page, url: string): Promise<LayoutShift> {
  await page.evaluate(() => localStorage.clear());
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts?: Shift[] }).__layoutShifts ?? []);
  return { cls: sessionWindowCls(shifts), shifts };
}
