/**
 * Words for ranking and themes (docs/decisions/0066): a tokenizer close to the index's (lower case,
 * diacritics folded, letters and digits), English stop words, and a light suffix stemmer so that
 * "deploys", "deployed" and "deploying" count as one word. Fast enough to run over every readable
 * candidate of a question (wink-nlp is kept for sentences and tone, where it earns its cost).
 */
export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between
both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further get got had hadn't has hasn't
have haven't having he her here hers herself him himself his how i if in into is isn't it it's its itself just let's lot lots me more most mustn't my
myself no nor not now of off on once only or other ought our ours ourselves out over own same shan't she should shouldn't so some such than that the
their theirs them themselves then there these they this those through to too under until up very was wasn't we were weren't what when where which
while who whom why will with won't would wouldn't you your yours yourself yourselves ve ll re s t d m us many much via per yet still ever even really
thing things something anything everything came come comes coming go goes going went say says said tell told show summarize summarise summary
give gave given please want know think thought like make made way lately recently recent since last past week weeks month months year years day days
quarter today yesterday ago new one two three people folks someone anyone everyone mention mentioned mentions discuss discussed
write wrote written ask asked`
    .split(/\s+/)
    .map((w) => w.replace(/'/g, '')),
);

/** Letters and digits in lower case, diacritics folded; apostrophes inside words dropped ("don't" → "dont"). */
export function tokenize(text: string): string[] {
  // Plain ASCII (most text) needs no folding: the cheap path.
  const folded = /[\u0080-\uffff]/.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text;
  return (
    folded
      .toLowerCase()
      .replace(/([a-z\p{L}])['’]([a-z\p{L}])/gu, '$1$2')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A light English stemmer: plural and verb endings, consistent for a word and its forms. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  // "planning" → "plann" → "plan"; "mentoring" → "mentor"
  if (w.length > 4 && w.at(-1) === w.at(-2) && !/[aeiousl]/.test(w.at(-1)!)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** The content words of a text (stop words, one-letter words and bare numbers left out). */
export const contentWords = (text: string): string[] => tokenize(text).filter((t) => t.length > 1 && !STOP_WORDS.has(t) && !/^\d+$/.test(t));

/** The content words of a text, stemmed. */
export const contentStems = (text: string): string[] => contentWords(text).map(stem);
