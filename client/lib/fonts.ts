/**
 * Inter, the product's font, without delaying a first visit and without moving text that is
 * already on the screen (docs/decisions/0053 and 0065).
 *
 * The faces are declared with the first stylesheet (client/fonts.css), but text is set in Inter
 * only when <html> has the class `fonts-inter`. On a first visit the files (49 kB) are asked for
 * once the first content is painted, so they never share a slow line with the page's scripts and
 * data; that page keeps the stand-in font, sized to Inter's widths, because swapping fonts under
 * text already shown makes lines wrap differently and the page jump. A note in local storage then
 * says the browser has the files: later visits set the class at start and ask for both weights at
 * once, read from the cache long before the page has content to paint.
 */
const LOADED = 'teamlens.fonts-loaded';
const USE_INTER = 'fonts-inter';

const loadInter = () => Promise.all([document.fonts.load('1em Inter'), document.fonts.load('600 1em Inter')]);

function loadedBefore(): boolean {
  try {
    return localStorage.getItem(LOADED) === '1';
  } catch {
    return false;
  }
}

function noteLoaded(): void {
  try {
    localStorage.setItem(LOADED, '1');
  } catch {
    // Storage off: every visit is a first visit (the stand-in font).
  }
}

export function loadFonts(): void {
  if (loadedBefore()) {
    document.documentElement.classList.add(USE_INTER);
    void loadInter().catch(() => undefined);
    return;
  }
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(() => void loadInter().then(noteLoaded, () => undefined), 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}
