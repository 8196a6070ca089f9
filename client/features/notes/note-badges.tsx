import type { NoteCard } from './notes.api.js';

/** Pinned, shared with me by…, shared with / 1:1 with… (the list and the dashboard card). */
export function NoteBadges({ note }: { note: NoteCard }) {
  return (
    <>
      {note.pinned && <span className="note-badge note-badge-pin">Pinned</span>}
      {!note.mine && <span className="note-badge note-badge-shared">Shared with you by {note.author.full_name}</span>}
      {note.mine && note.about && (
        <span className="note-badge">{note.shared ? `Shared with ${note.about.full_name}` : `1:1 with ${note.about.full_name} · private`}</span>
      )}
    </>
  );
}
