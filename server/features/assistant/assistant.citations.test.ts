import { describe, expect, it } from 'vitest';
import { checkCitations, CitationFilter } from './assistant.citations.js';

/** The sentences of a streamed answer, fed in small pieces, as [text, kept]. */
function judged(text: string, given: number, noRatings = false, piece = 3): Array<[string, boolean]> {
  const filter = new CitationFilter(given, { noRatings });
  const out = [];
  for (let i = 0; i < text.length; i += piece) out.push(...filter.push(text.slice(i, i + piece)));
  out.push(...filter.end());
  return out.map((v) => [v.text, v.kept]);
}

describe("a model's sentences against the sources it was given (docs/decisions/0066)", () => {
  it('keeps given citations, drops invented ones, and a sentence left without one', () => {
    expect(judged('Deploys got faster [1]. The CEO approved it [4]. Nobody complained.', 2)).toEqual([
      ['Deploys got faster [1].', true],
      ['The CEO approved it.', false],
      ['Nobody complained.', false],
    ]);
    expect(checkCitations('Both agree [1][2] and more [S3; 9].', 3)).toEqual({ text: 'Both agree [1][2] and more [3].', cites: [1, 2, 3] });
  });

  it('splits at sentence ends and line breaks whatever the pieces, keeping citations after the full stop', () => {
    const text = 'First point. [1] Second point [2]!\n- a list item [1]\nLast one, no stop [2]';
    for (const piece of [1, 2, 5, 100]) {
      expect(judged(text, 2, false, piece)).toEqual([
        ['First point. [1]', true],
        ['Second point [2]!', true],
        ['- a list item [1]', true],
        ['Last one, no stop [2]', true],
      ]);
    }
  });

  it('for review evidence, drops a sentence about a rating even with a citation', () => {
    expect(judged('Rate them 4 out of 5 [1]. They fixed the pipeline [1]. A score of 3 fits [2]. Meets expectations [1].', 2, true)).toEqual([
      ['Rate them 4 out of 5 [1].', false],
      ['They fixed the pipeline [1].', true],
      ['A score of 3 fits [2].', false],
      ['Meets expectations [1].', false],
    ]);
  });
});
