/**
 * A note's Markdown as one plain line, for the list's excerpt and the search snippet: what a
 * reader sees rendered, without the marks that write it (headings, quotes, list bullets, emphasis,
 * code fences, link and image syntax, table bars). Words keep their own characters (snake_case,
 * well-known); the search's match marks (U+0002, U+0003) pass through untouched.
 */
export function plainMarkdown(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/^[ \t]{0,3}(?:#{1,6}|>+|[-*+](?: \[[ xX]\])?|\d+[.)])[ \t]+/gm, '')
    .replace(/(\*\*|~~|`)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(^|[^\w])(__|[*_])(?=\S)([^\n]*?\S)\2(?!\w)/g, '$1$3')
    .replace(/^[ \t]*\|?[-:| \t]+\|[-:| \t]*$/gm, ' ')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The start of a note's text as one plain line when there is no search snippet. */
export function excerpt(body: string, max = 160): string {
  const plain = plainMarkdown(body);
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
