import { formatRatio, ratioPercent } from './format.js';

/**
 * The one rule for completion and progress colours everywhere (review cycles, feedback
 * requests, goals, retro action items): below 80 % "behind" (red), 80 to 99 % "almost" (amber),
 * 100 % "complete" (green), of the whole percentage shown. See docs/decisions/0017 and 0070.
 */

export const COMPLETION_BANDS = ['behind', 'almost', 'complete', 'none'] as const;
export type CompletionBand = (typeof COMPLETION_BANDS)[number];

/** Lowest whole percentage of each band (behind starts at 0). */
export const COMPLETION_THRESHOLDS = { almost: 80, complete: 100 } as const;

export const COMPLETION_LABELS: Record<CompletionBand, string> = {
  behind: 'Behind',
  almost: 'Almost',
  complete: 'Complete',
  none: 'Nothing to do',
};

export interface CompletionStatus {
  done: number;
  total: number;
  /** Whole percentage as shown (shared/format.ts ratioPercent): 100 only when everything is done; null when there is nothing to do. */
  percent: number | null;
  band: CompletionBand;
  /** The band's word ("Behind"): colour never carries the meaning alone. */
  label: string;
  /** A full sentence for a screen reader or a tooltip: "8 of 10 done (80%): Almost". */
  text: string;
}

/**
 * Completion of `done` out of `total` (counts, or any non-negative amounts such as goal
 * progress against a target). The percentage is the one pages show (ratioPercent: the nearest
 * whole number, but 99.6 % stays 99 %), and the band is that percentage's, so the word and the
 * number agree; "complete" always means everything is done. More done than total counts as complete.
 * A total of 0 is band "none" with a null percent: not green (nothing was achieved) and not
 * red (nobody is late). Negative or non-finite input is a programming error and throws.
 */
export function completionStatus(done: number, total: number): CompletionStatus {
  if (!Number.isFinite(done) || !Number.isFinite(total) || done < 0 || total < 0) {
    throw new RangeError(`completionStatus needs finite, non-negative numbers (got ${done} of ${total}).`);
  }
  const percent = ratioPercent(done, total);
  if (percent === null) return status(done, total, null, 'none');
  if (percent === 100) return status(done, total, 100, 'complete');
  return status(done, total, percent, percent >= COMPLETION_THRESHOLDS.almost ? 'almost' : 'behind');
}

function status(done: number, total: number, percent: number | null, band: CompletionBand): CompletionStatus {
  const label = COMPLETION_LABELS[band];
  const text = percent === null ? label : `${formatRatio(done, total, 'done')}: ${label}`;
  return { done, total, percent, band, label, text };
}

/**
 * Colours per band. `text` on `background` is a badge (WCAG AA: at least 4.5:1); `fill` is a
 * progress bar's filled part, at least 3:1 against white and against `COMPLETION_TRACK`
 * (WCAG 1.4.11, non-text contrast). Reds, ambers and greens follow client/styles.css
 * (--error, --warning, --success).
 */
export const COMPLETION_COLOURS: Record<CompletionBand, { text: string; background: string; fill: string }> = {
  behind: { text: '#b42318', background: '#fef3f2', fill: '#d92d20' },
  almost: { text: '#8a5300', background: '#fff4e0', fill: '#b54708' },
  complete: { text: '#146c2e', background: '#e7f6ec', fill: '#15803d' },
  none: { text: '#566074', background: '#f2f4f7', fill: '#667085' },
};

/** The unfilled part of a progress bar. */
export const COMPLETION_TRACK = '#eef1f6';

/** CSS custom properties a completion badge or bar reads (`color: var(--completion-text)`). */
export const COMPLETION_CSS_PROPERTIES = {
  text: '--completion-text',
  background: '--completion-background',
  fill: '--completion-fill',
  track: '--completion-track',
} as const;

/**
 * Inline style for the element showing one status: sets the custom properties so one CSS
 * rule serves every band, e.g. `.completion-badge { color: var(--completion-text);
 * background: var(--completion-background) }`.
 */
export function completionStyle(band: CompletionBand): Record<string, string> {
  const colours = COMPLETION_COLOURS[band];
  return {
    [COMPLETION_CSS_PROPERTIES.text]: colours.text,
    [COMPLETION_CSS_PROPERTIES.background]: colours.background,
    [COMPLETION_CSS_PROPERTIES.fill]: colours.fill,
    [COMPLETION_CSS_PROPERTIES.track]: COMPLETION_TRACK,
  };
}
