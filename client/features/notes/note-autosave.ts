import { useCallback, useEffect, useRef, useState } from 'react';
import { noteInputSchema } from '../../../shared/notes.js';
import { GraphqlError } from '../../lib/graphql.js';
import type { Note } from './note.types.js';
import type { NoteFields, NotesApi } from './notes.api.js';

export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; reason: string }
  | { kind: 'conflict' };

/** What the author saves: the title, their private notes (the body), tags and the person. */
export const fieldsOf = (note: Note): NoteFields => ({ title: note.title, body: note.body, tags: note.tags, about_user_id: note.about?.id ?? null });
/** What the person a shared 1:1 note is about saves: their own private notes on it. */
export type PrivateFields = { body: string };
export const privateFieldsOf = (note: Note): PrivateFields => ({ body: note.body });
type SavedFields = Partial<NoteFields> & { body: string };
const same = (a: SavedFields, b: SavedFields) => JSON.stringify(a) === JSON.stringify(b);
const sentence = (text: string) => text.trim().replace(/[.!]+$/, '');

/**
 * Autosave of what the viewer writes on a note (`pick`: the author's title, body, tags and person,
 * or the other person's own private notes): ~800 ms after the last change, one save at a time,
 * each with the version the text is based on (the viewer's own version). A save that fails (network, too long, changed
 * elsewhere) never touches the text on screen: it says why and waits for a retry or a new change.
 * On CONFLICT it stops until the author loads the latest version (their text kept aside) or keeps
 * theirs (saved over the latest version). A newer version from another tab is taken only while
 * nothing here is unsaved. Between a change and its save the status says so ("Unsaved changes",
 * never an older "Saved at"), and a page that goes out of view (another tab, a phone locked, a
 * reload or a closed tab) sends what is unsaved at once instead of waiting for the delay.
 */
export function useNoteAutosave<F extends SavedFields>(note: Note, api: NotesApi, pick: (note: Note) => F) {
  const [fields, setFieldsState] = useState<F>(() => pick(note));
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  /** What the viewer had when they loaded the latest version after a conflict (kept visible). */
  const [keptCopy, setKeptCopy] = useState<F | null>(null);
  /** Grows when the fields are replaced from the server (components keyed on it start over). */
  const [generation, setGeneration] = useState(0);
  const current = useRef(fields);
  const saved = useRef(fields);
  /** What the server has, for rendering (`saved` is the same, for the callbacks). */
  const [savedFields, setSavedFields] = useState<F>(fields);
  const markSaved = useCallback((value: F) => {
    saved.current = value;
    setSavedFields(value);
  }, []);
  const base = useRef(note.version);
  const inFlight = useRef(false);
  const conflict = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const noteId = note.id;
  const saveRef = useRef<() => Promise<void>>(async () => undefined);
  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS);
  }, []);

  const save = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current || conflict.current) return;
    const sending = current.current;
    if (same(sending, saved.current)) return;
    const checked = noteInputSchema.safeParse(sending);
    if (!checked.success) {
      setStatus({ kind: 'error', reason: sentence(checked.error.issues[0]?.message ?? 'the note is not valid') });
      return;
    }
    inFlight.current = true;
    setStatus({ kind: 'saving' });
    try {
      const answer = await api.updateNote(noteId, sending, base.current);
      base.current = answer.version;
      markSaved(sending);
      setStatus({ kind: 'saved', at: new Date() });
    } catch (err) {
      if (err instanceof GraphqlError && err.code === 'CONFLICT') {
        conflict.current = true;
        setStatus({ kind: 'conflict' });
      } else {
        setStatus({ kind: 'error', reason: sentence(err instanceof Error ? err.message : 'something went wrong') });
      }
      return;
    } finally {
      inFlight.current = false;
    }
    // Typed on while the save was on its way: save that too.
    if (!same(current.current, saved.current)) schedule();
  }, [api, noteId, schedule, markSaved]);
  useEffect(() => { saveRef.current = save; }, [save]);

  const setFields = useCallback((patch: Partial<F>) => {
    const next = { ...current.current, ...patch };
    current.current = next;
    setFieldsState(next);
    if (conflict.current) return;
    if (!inFlight.current) setStatus({ kind: 'unsaved' });
    schedule();
  }, [schedule]);

  /** Replaces the fields with the server's note (its version becomes the base). */
  const adopt = useCallback((latest: Note) => {
    const theirs = pick(latest);
    base.current = latest.version;
    markSaved(theirs);
    current.current = theirs;
    setFieldsState(theirs);
    setGeneration((g) => g + 1);
  }, [pick, markSaved]);

  // A newer version saved elsewhere (another tab) while nothing here is unsaved: show it.
  useEffect(() => {
    if (note.version > base.current && !inFlight.current && !conflict.current && same(current.current, saved.current)) adopt(note);
  }, [note, adopt]);

  const loadLatest = useCallback(async () => {
    const mine = current.current;
    const latest = await api.fetchLatest(noteId);
    conflict.current = false;
    adopt(latest);
    setKeptCopy(mine);
    setStatus({ kind: 'idle' });
  }, [api, noteId, adopt]);

  const keepMine = useCallback(async () => {
    const latest = await api.fetchLatest(noteId);
    base.current = latest.version;
    markSaved(pick(latest));
    conflict.current = false;
    await save();
  }, [api, noteId, save, pick, markSaved]);

  // The page goes out of view (or away): send what is unsaved now, not after the delay.
  useEffect(() => {
    const flush = () => {
      if (timer.current) void saveRef.current();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', flush);
    };
  }, []);

  // Leaving the page with unsaved text: send it now rather than drop it.
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
    if (!inFlight.current && !conflict.current && !same(current.current, saved.current) && noteInputSchema.safeParse(current.current).success) {
      void api.updateNote(noteId, current.current, base.current).catch(() => undefined);
    }
  }, [api, noteId]);

  const dirty = !same(fields, savedFields);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { fields, setFields, status, retry: save, loadLatest, keepMine, keptCopy, dismissKeptCopy: () => setKeptCopy(null), generation, dirty };
}
