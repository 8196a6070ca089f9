import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * wink-nlp with its shipped English model (docs/decisions/0066): sentence boundaries and tone, on the
 * server, offline. The model takes a few hundred milliseconds to load: once per process, on first use
 * or when the assistant starts (warmNlp).
 */
let nlp: WinkMethods | null = null;
const load = (): WinkMethods => (nlp ??= winkNLP(model));

export function warmNlp(): void {
  load();
}

export type Analysed = { sentences: string[]; sentiment: number };

/** The sentences of a text as written (trimmed), and its tone from -1 (negative) to 1 (positive). */
export function analyse(text: string): Analysed {
  const n = load();
  const doc = n.readDoc(text);
  const sentences = doc.sentences().out() as string[];
  return { sentences: sentences.map((s) => s.trim()).filter(Boolean), sentiment: doc.out(n.its.sentiment) as unknown as number };
}

/** Above this a text reads positive, below its negative the other way; between: neutral. */
export const TONE_THRESHOLD = 0.05;
export const toneOf = (sentiment: number): 'positive' | 'negative' | 'neutral' =>
  sentiment > TONE_THRESHOLD ? 'positive' : sentiment < -TONE_THRESHOLD ? 'negative' : 'neutral';
