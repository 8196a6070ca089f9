import { describe, expect, it } from 'vitest';
import { COMPLETION_BANDS, COMPLETION_COLOURS, COMPLETION_TRACK, completionStatus, completionStyle } from './completion.js';

describe("completionStatus at the bands' boundaries", () => {
  it.each([
    // done, total, percent, band
    [0, 10, 0, 'behind'],
    [79, 100, 79, 'behind'],
    [794, 1000, 79, 'behind'], // 79.4 % shows 79: behind
    [796, 1000, 80, 'almost'], // 79.6 % shows 80, and the band is the shown number's (docs/decisions/0070)
    [3, 7, 43, 'behind'], // nearest whole percent, as every page writes it
    [80, 100, 80, 'almost'],
    [4, 5, 80, 'almost'],
    [99, 100, 99, 'almost'],
    [9999, 10000, 99, 'almost'], // 99.99 % is not complete
    [996, 1000, 99, 'almost'], // 99.6 % stays 99
    [100, 100, 100, 'complete'],
    [7, 7, 100, 'complete'],
  ] as const)('%d of %d is %d%% (%s)', (done, total, percent, band) => {
    const status = completionStatus(done, total);
    expect(status.percent).toBe(percent);
    expect(status.band).toBe(band);
  });

  it('works on amounts that are not counts (goal progress), without float noise moving a percent', () => {
    expect(completionStatus(0.29, 1)).toMatchObject({ percent: 29, band: 'behind' });
    expect(completionStatus(0.8, 1)).toMatchObject({ percent: 80, band: 'almost' });
    expect(completionStatus(79.4, 100)).toMatchObject({ percent: 79, band: 'behind' });
    expect(completionStatus(0.2, 100)).toMatchObject({ percent: 1, band: 'behind' }); // something done is never 0 %
    expect(completionStatus(99.99, 100)).toMatchObject({ percent: 99, band: 'almost' });
    expect(completionStatus(99.9999999999, 100)).toMatchObject({ percent: 99, band: 'almost' });
  });

  it('gives 100 only when everything is done; more than the total counts as complete', () => {
    const wrong: string[] = [];
    for (let total = 1; total <= 300; total++) {
      for (let done = 0; done < total; done++) if (completionStatus(done, total).percent === 100) wrong.push(`${done}/${total}`);
      if (completionStatus(total, total).percent !== 100) wrong.push(`${total}/${total}`);
    }
    expect(wrong).toEqual([]);
    expect(completionStatus(12, 10)).toMatchObject({ percent: 100, band: 'complete' });
  });

  it('treats nothing to do as its own neutral band, neither green nor red', () => {
    expect(completionStatus(0, 0)).toEqual({ done: 0, total: 0, percent: null, band: 'none', label: 'Nothing to do', text: 'Nothing to do' });
  });

  it('labels every band in words and says the whole thing in one sentence', () => {
    expect(completionStatus(8, 10)).toMatchObject({ label: 'Almost', text: '8 of 10 done (80%): Almost' });
    expect(completionStatus(3, 10)).toMatchObject({ label: 'Behind', text: '3 of 10 done (30%): Behind' });
    expect(completionStatus(10, 10)).toMatchObject({ label: 'Complete', text: '10 of 10 done (100%): Complete' });
  });

  it('refuses negative or non-finite input', () => {
    expect(() => completionStatus(-1, 10)).toThrow(RangeError);
    expect(() => completionStatus(1, -10)).toThrow(RangeError);
    expect(() => completionStatus(Number.NaN, 10)).toThrow(RangeError);
    expect(() => completionStatus(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('completion colours', () => {
  it.each(COMPLETION_BANDS)('%s: badge text meets AA (4.5:1) on its background and on white', (band) => {
    const c = COMPLETION_COLOURS[band];
    expect(contrast(c.text, c.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(COMPLETION_BANDS)('%s: bar fill stands out (3:1) from white and from the track', (band) => {
    const c = COMPLETION_COLOURS[band];
    expect(contrast(c.fill, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(c.fill, COMPLETION_TRACK)).toBeGreaterThanOrEqual(3);
  });

  it('uses a different colour per band and sets the custom properties one CSS rule reads', () => {
    const texts = new Set(COMPLETION_BANDS.map((b) => COMPLETION_COLOURS[b].text));
    expect(texts.size).toBe(COMPLETION_BANDS.length);
    expect(completionStyle('behind')).toEqual({
      '--completion-text': '#b42318',
      '--completion-background': '#fef3f2',
      '--completion-fill': '#d92d20',
      '--completion-track': COMPLETION_TRACK,
    });
  });
});
