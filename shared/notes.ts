import { z } from 'zod';
import { isoDay } from './iso-day.js';
import { NOTE_LIMITS } from './notes.limits.js';
import { formatNumber } from './format.js';

/** Notes and 1:1 notes: input rules shared by the server and the editor (docs/decisions/0048). */
const L = NOTE_LIMITS;

/** Search matches come back with these around each highlighted part (never HTML): the screen turns them into <mark>. */
export const NOTE_MATCH_START = '\u0002';
export const NOTE_MATCH_END = '\u0003';

const tag = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(L.tagMax, `Each tag: at most ${L.tagMax} characters.`)
  .transform((t) => t.toLowerCase());

export const noteInputSchema = z.object({
  title: z.string().trim().max(L.titleMax, `Title: at most ${L.titleMax} characters.`).optional(),
  body: z
    .string()
    .max(L.bodyMax, `The note is too long: at most ${formatNumber(L.bodyMax)} characters.`)
    .optional(),
  tags: z.array(tag).max(L.tagsMax, `At most ${L.tagsMax} tags.`).optional(),
  about_user_id: z.string().min(1).nullish(),
  next_one_on_one: isoDay.nullish(),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

export const agendaItemTextSchema = z
  .string()
  .trim()
  .min(1, 'A talking point cannot be empty.')
  .max(L.agendaItemMax, `A talking point: at most ${L.agendaItemMax} characters.`);
