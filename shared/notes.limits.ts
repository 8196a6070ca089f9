/**
 * Notes and 1:1 notes: limits shared by the server and the editor (docs/decisions/0048). Without
 * zod, so that the notes page's search rule (in every page's first script) builds no schema.
 */
export const NOTE_LIMITS = {
  titleMax: 200,
  /** Markdown body. Bigger bodies are refused with a clear error; the editor keeps the text. */
  bodyMax: 100_000,
  tagMax: 40,
  tagsMax: 10,
  agendaItemMax: 500,
  agendaItemsMax: 50,
  searchMax: 200,
  pageMax: 100,
} as const;
