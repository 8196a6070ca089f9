import type { WinkMethods } from 'wink-nlp';

/**
 * wink-nlp with its shipped English model (docs/decisions/0066): sentence boundaries and tone, on the
 * server, offline. Loading the model takes tens of milliseconds and memory, so it is imported on
 * first use rather than when the server starts (docs/decisions/0062, warm start): what reads texts
 * awaits loadNlp() first (the ask route, the history), and the server warms it once it listens.
 */
let nlp: WinkMethods | null = null;
let loading: Promise<WinkMethods> | null = null;

export function loadNlp(): Promise<WinkMethods> {
  loading ??= Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]).then(
    ([wink, model]) => (nlp = wink.default(model.default)),
    (err: unknown) => {
      loading = null; // tried again by the next question
      throw err;
    },
  );
  return loading;
}

function loaded(): WinkMethods {
  if (!nlp) throw new Error('wink-nlp is not loaded yet: await loadNlp() before reading texts.');
  return nlp;
}

export type Analysed = { sentences: string[]; sentiment: number };

/** The sentences of a text as written (trimmed), and its tone from -1 (negative) to 1 (positive). */
export function analyse(text: string): Analysed {
  const n = loaded();
  const doc = n.readDoc(text);
  const sentences = doc.sentences().out() as string[];
  return { sentences: sentences.map((s) => s.trim()).filter(Boolean), sentiment: doc.out(n.its.sentiment) as unknown as number };
}

/** Above this a text reads positive, below its negative the other way; between: neutral. */
export const TONE_THRESHOLD = 0.05;
export const toneOf = (sentiment: number): 'positive' | 'negative' | 'neutral' =>
  sentiment > TONE_THRESHOLD ? 'positive' : sentiment < -TONE_THRESHOLD ? 'negative' : 'neutral';
