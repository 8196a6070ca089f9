import { expect, it } from 'vitest';
import { excerpt, plainMarkdown } from './note-plain.js';

it.each([
  ['## Agenda for **Monday**', 'Agenda for Monday'],
  ['- [x] ship the _new_ onboarding\n- [ ] write `docs`', 'ship the new onboarding write docs'],
  ['> quoted ~~old~~ plan', 'quoted old plan'],
  ['See [the RFC](https://example.com/rfc) and ![chart](/c.png)', 'See the RFC and chart'],
  ['| a | b |\n|---|---|\n| 1 | 2 |', 'a b 1 2'],
  ['```ts\nconst secret = 1;\n```\nafter the code', 'after the code'],
  ['snake_case and well-known words stay, 3 * 4 too', 'snake_case and well-known words stay, 3 * 4 too'],
  ['1. first\n2) second', 'first second'],
])('%j reads %j', (markdown, plain) => {
  expect(plainMarkdown(markdown)).toBe(plain);
});

it('keeps the search match marks around the matched words', () => {
  expect(plainMarkdown('…the **\u0002roadmap\u0003** for _Q3_')).toBe('…the \u0002roadmap\u0003 for Q3');
});

it('cuts a long excerpt to its length with an ellipsis', () => {
  expect(excerpt(`# Title\n${'word '.repeat(60)}`, 20)).toBe('Title word word wor…');
});

it('leaves unpaired marks and code-like text as typed', () => {
  expect(plainMarkdown('window.__xss = a*b; 2 ** 3')).toBe('window.__xss = a*b; 2 ** 3');
});
