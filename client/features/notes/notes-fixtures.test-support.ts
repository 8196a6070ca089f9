import type { Note } from './note.types.js';

/** Notes as the server answers them, for the notes screen tests. */
export const ada = { id: 'user-1', full_name: 'Ada Lovelace' };
export const grace = { id: 'grace', full_name: 'Grace Hopper' };

export function note(patch: Partial<Note> = {}): Note {
  return {
    id: 'n1',
    author: ada,
    title: 'Roadmap thoughts',
    body: 'Plan the **Q1 roadmap**.',
    tags: ['planning'],
    pinned: false,
    about: null,
    shared: false,
    shared_at: null,
    mine: true,
    next_one_on_one: null,
    agenda: [],
    version: 3,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-24T09:00:00.000Z',
    ...patch,
  };
}

export const page = (notes: Array<Note | { note: Note; title_match?: string | null; snippet?: string | null }>, next_cursor: string | null = null) => ({
  items: notes.map((n) => ('note' in n ? { title_match: null, snippet: null, ...n } : { note: n, title_match: null, snippet: null })),
  total: notes.length,
  next_cursor,
});

export const emptyOverview = { pinned: [], recent: [], next_one_on_ones: [] };
