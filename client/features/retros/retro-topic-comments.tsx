import { useMutation } from '@tanstack/react-query';
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { RETRO_LIMITS } from '../../../shared/retros.js';
import { LiveError, meetingOutcome, plural, useMeeting } from './retro-meeting-context.js';
import { useTypingSignal } from './retro-typing.js';
import type { Retro, RetroComment, RetroGroup } from './retro.types.js';
import { formatNumber } from '../../../shared/format.js';

const MAX = RETRO_LIMITS.commentMax;
const sendsOnEnter = (e: KeyboardEvent<HTMLTextAreaElement>) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);

/** Who wrote a comment, as this viewer may know it (docs/decisions/0059). */
export function commentAuthor(retro: Pick<Retro, 'anonymous'>, c: RetroComment): string {
  if (c.from_notes) return 'Notes from before comments';
  if (c.mine) return 'You';
  if (retro.anonymous) return 'Anonymous';
  return c.author?.full_name ?? 'A former colleague';
}

/**
 * A topic's comments (docs/decisions/0059): everyone's in the order written, each person's own
 * box below. What someone types stays in their own box until they add it, whatever arrives from
 * others meanwhile; their own comments they edit or delete.
 */
export function TopicComments({ group }: { group: RetroGroup }) {
  const { retro } = useMeeting();
  const headingId = useId();
  return (
    <section className="retro-comments" aria-labelledby={headingId}>
      <h4 id={headingId}>Comments ({group.comments.length})</h4>
      {group.comments.length === 0 ? (
        <p className="muted retro-hint">No comments yet. Each person adds their own: nobody writes over anyone else.</p>
      ) : (
        <ul className="retro-comment-list" aria-label={`Comments on ${group.title}`}>
          {group.comments.map((c) => (
            <CommentItem key={c.id} retro={retro} comment={c} />
          ))}
        </ul>
      )}
      <AddComment group={group} />
    </section>
  );
}

function CommentText({
  id,
  label,
  value,
  onChange,
  onSend,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  autoFocus?: boolean;
}) {
  const over = value.length > MAX;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        autoFocus={autoFocus}
        aria-invalid={over || undefined}
        placeholder="Add your comment…"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (sendsOnEnter(e)) {
            e.preventDefault();
            onSend();
          }
        }}
      />
      {over && (
        <span className="retro-counter retro-counter-over">
          {formatNumber(value.length)} / {formatNumber(MAX)} · too long
        </span>
      )}
    </>
  );
}

/** "Ada is writing…" / "2 people are writing…" for a topic; the viewer's own typing is left out. */
function writingLine(retro: Retro, groupId: string, meId: string, iAmWriting: boolean): string {
  const here = retro.typing.per_group.find((g) => g.group_id === groupId);
  if (!here) return '';
  if (!retro.anonymous && here.people.length) {
    const names = here.people.filter((p) => p.id !== meId).map((p) => p.full_name);
    if (!names.length) return '';
    return `${names.length > 2 ? `${names.slice(0, 2).join(', ')} and ${names.length - 2} more` : names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} writing…`;
  }
  const others = here.count - (iAmWriting ? 1 : 0);
  return others > 0 ? `${plural(others, 'person is', 'people are')} writing…` : '';
}

function AddComment({ group }: { group: RetroGroup }) {
  const { retro, api, me } = useMeeting();
  const [text, setText] = useState('');
  const addComment = useMutation({ mutationFn: (writing: string) => api.addComment(group.id, writing) });
  const { error, busy } = meetingOutcome([addComment]);
  const id = useId();
  const send = useCallback((writing: boolean) => api.setTyping(writing, group.id), [api, group.id]);
  const signal = useTypingSignal(send);
  const valid = text.trim().length > 0 && text.length <= MAX;
  const add = () => {
    if (!valid || busy) return;
    addComment.mutate(text.trim(), {
      onSuccess: () => {
        signal.sent();
        setText('');
      },
    });
  };
  const writing = writingLine(retro, group.id, me.id, text.trim().length > 0);
  return (
    <form
      className="retro-add retro-comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <CommentText
        id={id}
        label={`Your comment on ${group.title}`}
        value={text}
        onSend={add}
        onChange={(v) => {
          setText(v);
          signal.typed(v);
        }}
      />
      <div className="retro-row">
        <button type="submit" className="button button-small" disabled={!valid || busy} aria-label={`Add comment on ${group.title}`}>
          Add comment
        </button>
        <span className="muted retro-hint">Ctrl+Enter or ⌘+Enter adds</span>
        <span className="muted retro-hint retro-typing" aria-live="polite">
          {writing}
        </span>
      </div>
      <LiveError error={error} />
    </form>
  );
}

function CommentItem({ retro, comment }: { retro: Retro; comment: RetroComment }) {
  const { api } = useMeeting();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.text);
  const update = useMutation({ mutationFn: (changed: string) => api.updateComment(comment.id, changed) });
  const remove = useMutation({ mutationFn: () => api.deleteComment(comment.group_id, comment.id) });
  const { error, busy } = meetingOutcome([update, remove]);
  const id = useId();
  const who = commentAuthor(retro, comment);
  const save = () => {
    if (!text.trim() || text.length > MAX || busy) return;
    update.mutate(text.trim(), { onSuccess: () => setEditing(false) });
  };
  if (editing) {
    return (
      <li className="retro-comment">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <CommentText id={id} label="Edit your comment" value={text} onChange={setText} onSend={save} autoFocus />
          <div className="retro-row">
            <button type="submit" className="button button-small" disabled={busy || !text.trim() || text.length > MAX}>
              Save
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => {
                setEditing(false);
                setText(comment.text);
              }}
            >
              Cancel
            </button>
          </div>
          <LiveError error={error} />
        </form>
      </li>
    );
  }
  return (
    <li className={`retro-comment${comment.mine ? ' retro-comment-mine' : ''}`}>
      <p className="retro-comment-author">
        {who}
        {comment.edited ? <span className="muted"> · edited</span> : null}
      </p>
      <p className="retro-text">{comment.text}</p>
      {comment.mine && (
        <div className="retro-row">
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`Edit your comment “${comment.text}”`}
            onClick={() => {
              setText(comment.text);
              setEditing(true);
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={busy}
            aria-label={`Delete your comment “${comment.text}”`}
            onClick={() => remove.mutate()}
          >
            Delete
          </button>
        </div>
      )}
      <LiveError error={error} />
    </li>
  );
}
