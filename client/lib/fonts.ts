/**
 * Inter (the product's font, spec section "Fonts") without delaying a first visit
 * (docs/decisions/0053). Its two files (49 kB) were asked for at the first layout and, on a slow
 * connection, shared the line with the page's scripts and data before anything was painted. On a
 * first visit they are now asked for once the first content is painted (the text shows in the
 * system font, then in Inter: `font-display: swap`, no layout shift measured); once they have been
 * loaded, later visits take them from the browser's cache at start, before the first paint.
 */
const LOADED = 'teamlens.fonts-loaded';

function load(): void {
  void import('../fonts.css').then(() => document.fonts.load('1em Inter')).then(() => {
    try {
      localStorage.setItem(LOADED, '1');
    } catch {
      // Storage off: the next visit waits for its first paint again.
    }
  }, () => undefined);
}

function loadedBefore(): boolean {
  try {
    return localStorage.getItem(LOADED) === '1';
  } catch {
    return false;
  }
}

export function loadFonts(): void {
  if (loadedBefore() || typeof PerformanceObserver === 'undefined') return load();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(load, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}
