import { useCallback, useEffect, useState } from 'react';
import { noteInputSchema } from '../../../shared/notes.js';
import { useAutosave, type AutosaveStatus } from '../../lib/use-autosave.js';
import type { Note } from './note.types.js';
import type { NoteFields, NotesApi } from './notes.api.js';

export type SaveStatus = AutosaveStatus;

/** What the author saves: the title, their private notes (the body), tags and the person. */
export const fieldsOf = (note: Note): NoteFields => ({ title: note.title, body: note.body, tags: note.tags, about_user_id: note.about?.id ?? null });
/** What the person a shared 1:1 note is about saves: their own private notes on it. */
export type PrivateFields = { body: string };
export const privateFieldsOf = (note: Note): PrivateFields => ({ body: note.body });
type SavedFields = Partial<NoteFields> & { body: string };

const invalid = (fields: SavedFields) => {
  const checked = noteInputSchema.safeParse(fields);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'the note is not valid');
};

/**
 * Autosave of what the viewer writes on a note (`pick`: the author's title, body, tags and person,
 * or the other person's own private notes), through the client's one autosave (client/lib/use-autosave.ts),
 * each save with the viewer's own version. On CONFLICT it stops until the viewer loads the latest
 * version (their text kept aside) or keeps theirs (saved over the latest version). A newer version
 * from another tab is taken only while nothing here is unsaved.
 */
export function useNoteAutosave<F extends SavedFields>(note: Note, api: NotesApi, pick: (note: Note) => F) {
  const noteId = note.id;
  const send = useCallback((fields: F, base: number) => api.updateNote(noteId, fields, base), [api, noteId]);
  const save = useAutosave<F>({ initial: pick(note), version: note.version, send, invalid });
  const { replace, rebase, canTake, change, value } = save;
  /** What the viewer had when they loaded the latest version after a conflict (kept visible). */
  const [keptCopy, setKeptCopy] = useState<F | null>(null);
  /** Grows when the fields are replaced from the server (components keyed on it start over). */
  const [generation, setGeneration] = useState(0);

  const adopt = useCallback(
    (latest: Note) => {
      replace(pick(latest), latest.version);
      setGeneration((g) => g + 1);
    },
    [pick, replace],
  );

  // A newer version saved elsewhere (another tab) while nothing here is unsaved: show it. The server's
  // note is the outside system this effect follows (whether it may be taken depends on saves under way).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above: taken from the server's newer version
    if (canTake(note.version)) adopt(note);
  }, [note, adopt, canTake]);

  const loadLatest = useCallback(async () => {
    const mine = value;
    adopt(await api.fetchLatest(noteId));
    setKeptCopy(mine);
  }, [api, noteId, adopt, value]);

  const keepMine = useCallback(async () => {
    const latest = await api.fetchLatest(noteId);
    await rebase(pick(latest), latest.version);
  }, [api, noteId, rebase, pick]);

  const setFields = useCallback((patch: Partial<F>) => change((latest) => ({ ...latest, ...patch })), [change]);

  return {
    fields: save.value,
    setFields,
    status: save.status,
    retry: save.flush,
    loadLatest,
    keepMine,
    keptCopy,
    dismissKeptCopy: () => setKeptCopy(null),
    generation,
    dirty: save.dirty,
  };
}
