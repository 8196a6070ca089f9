import { expect, it } from 'vitest';
import { labelLines } from './assessment-radar.js';

/** The radar's labels wrap between words in the room they have; only a word longer than a line is cut (docs/decisions/0060). */
it('wraps a competency name between words, cuts only what cannot fit, and keeps three lines at most', () => {
  expect(labelLines('People development', 11)).toEqual(['People', 'development']);
  expect(labelLines('People development', 30)).toEqual(['People development']);
  expect(labelLines('Collaboration and mentoring', 13)).toEqual(['Collaboration', 'and mentoring']);
  expect(labelLines('Internationalization', 10)).toEqual(['Internati…']);
  expect(labelLines('one two three four five', 5)).toEqual(['one', 'two', 'thre…']);
});
