/**
 * A model's answer, sentence by sentence, as it streams (docs/decisions/0066): each finished sentence
 * keeps only citations of sources that were given ([n], 1 <= n <= the number sent); a sentence left
 * without one is dropped, and so is, for review evidence, a sentence about a rating. The caller falls
 * back to the sources-only answer when no sentence is kept.
 */
/** `end`: how many characters of the model's raw text this sentence and those before it took (the screen drops them from what is still being written). */
export type SentenceVerdict = { index: number; text: string; cites: number[]; kept: boolean; end: number };

/** A sentence ends at . ! ? (with closing quotes and the citations after it) before a space and the next sentence, or at a line break. */
const BOUNDARY = /[.!?…]+["”’')]*(?:\s*\[[^\]\n]{1,40}\])*\s+(?=[^\s[])|\n+(?=\S)/g;
const CITATION = /\[\s*(?:S(?:ource)?\s*)?(\d{1,3}(?:\s*[,;]\s*(?:S(?:ource)?\s*)?\d{1,3})*)\s*\]/gi;
const RATING =
  /\b(?:ratings?|rated?|rates|scores?|scored|grades?|graded)\b|\b[1-5](?:\.\d)?\s*(?:\/|out of)\s*(?:4|5|10)\b|\b(?:meets|exceeds|below) expectations\b/i;

export function mentionsRating(text: string): boolean {
  return RATING.test(text);
}

/** The sentence with unknown citations removed, and the known ones it cites. */
export function checkCitations(sentence: string, given: number): { text: string; cites: number[] } {
  const cites = new Set<number>();
  const text = sentence
    .replace(CITATION, (_, list: string) => {
      const valid = list
        .split(/[,;]/)
        .map((x) => Number(x.replace(/\D/g, '')))
        .filter((n) => Number.isInteger(n) && n >= 1 && n <= given);
      for (const n of valid) cites.add(n);
      return valid.length ? `[${valid.join(', ')}]` : '';
    })
    .replace(/\s+([.!?,;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { text, cites: [...cites].sort((a, b) => a - b) };
}

export class CitationFilter {
  private buffer = '';
  private index = 0;
  private consumed = 0;
  private readonly verdicts: SentenceVerdict[] = [];

  constructor(
    private readonly given: number,
    private readonly options: { noRatings: boolean },
  ) {}

  private judge(raw: string): SentenceVerdict | null {
    this.consumed += raw.length;
    const trimmed = raw.trim();
    if (!trimmed) return null;
    const { text, cites } = checkCitations(trimmed, this.given);
    const kept = cites.length > 0 && !(this.options.noRatings && mentionsRating(text));
    const verdict = { index: this.index++, text, cites, kept, end: this.consumed };
    this.verdicts.push(verdict);
    return verdict;
  }

  /** Adds streamed text; answers the sentences it finished. */
  push(chunk: string): SentenceVerdict[] {
    this.buffer += chunk;
    const out: SentenceVerdict[] = [];
    for (;;) {
      BOUNDARY.lastIndex = 0;
      const match = BOUNDARY.exec(this.buffer);
      if (!match) break;
      const end = match.index + match[0].length;
      const verdict = this.judge(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end);
      if (verdict) out.push(verdict);
    }
    return out;
  }

  /** The last sentence, when the answer ends. */
  end(): SentenceVerdict[] {
    const verdict = this.judge(this.buffer);
    this.buffer = '';
    return verdict ? [verdict] : [];
  }

  /** The kept sentences with their citations: what is stored and shown again. */
  kept(): Array<{ text: string; cites: number[] }> {
    return this.verdicts.filter((v) => v.kept).map((v) => ({ text: v.text, cites: v.cites }));
  }

  get keptCount(): number {
    return this.verdicts.filter((v) => v.kept).length;
  }
}
