import { formatNumber } from '../../shared/format.js';

let asked = false;

/**
 * The first Intl formatter a page makes loads the browser's locale data: 20-30 ms on this machine,
 * four times that on Lighthouse's simulated phone, wherever it happens (docs/decisions/0077). Every
 * signed-in page formats numbers or dates, and shared schemas format their limits into messages
 * as their modules load; asked for here (the signed-in layout, as its route starts loading), that
 * cost runs in a task of its own while the page's data is on its way, instead of lengthening the
 * task that evaluates a chunk or renders the page.
 */
export function loadLocaleDataSoon(): void {
  if (asked) return;
  asked = true;
  setTimeout(() => void formatNumber(0), 0);
}
