import { useMutation } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useId, useState } from 'react';
import { groupTitleSchema } from '../../../shared/retros.js';
import { LiveError, meetingOutcome, useMeeting } from './retro-meeting-context.js';
import type { RetroGroup, RetroReflection } from './retro.types.js';

/** A group's title, renamed in place (Enter saves, Escape cancels; an empty title says why it is refused). */
export function GroupTitle({ group, level = 3, editable = true }: { group: RetroGroup; level?: 3 | 4; editable?: boolean }) {
  const { api } = useMeeting();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(group.title);
  const rename = useMutation({ mutationFn: (renamed: string) => api.renameGroup(group.id, renamed) });
  const outcome = meetingOutcome([rename]);
  /** Why the title typed here is refused before it is sent. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? outcome.error;
  const busy = outcome.busy;
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  const stop = () => {
    setEditing(false);
    setInvalid(null);
    rename.reset();
  };
  const save = () => {
    const parsed = groupTitleSchema.safeParse(title);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Group title cannot be empty.');
    setInvalid(null);
    rename.mutate(parsed.data, { onSuccess: () => setEditing(false) });
  };
  if (editing) {
    return (
      <form
        className="retro-title-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label htmlFor={id} className="sr-only">
          Group title
        </label>
        <input
          id={id}
          value={title}
          autoFocus
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              stop();
            }
          }}
        />
        <button type="submit" className="button button-small" disabled={busy}>
          Save
        </button>
        <button type="button" className="button button-ghost button-small" onClick={stop}>
          Cancel
        </button>
        <p id={`${id}-error`} className="field-error" role="alert">
          {error ?? ''}
        </p>
      </form>
    );
  }
  return (
    <div className="retro-group-title">
      <Heading>{group.title}</Heading>
      {editable && (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Rename group ${group.title}`}
          onClick={() => {
            setTitle(group.title);
            setEditing(true);
          }}
        >
          Rename
        </button>
      )}
    </div>
  );
}

/** A reflection's text with its prompt colour (and, in signed retros, its author). */
export function ReflectionBody({ reflection }: { reflection: RetroReflection }) {
  const { retro } = useMeeting();
  const prompt = retro.prompts.find((p) => p.id === reflection.prompt_id);
  return (
    <div className="retro-card-body" style={prompt ? { borderLeftColor: prompt.colour } : undefined}>
      {prompt && <span className="retro-prompt-tag">{prompt.title}</span>}
      <span className="retro-text">{reflection.text}</span>
      {!retro.anonymous && reflection.author && <span className="muted retro-author"> · {reflection.author.full_name}</span>}
    </div>
  );
}

export const NEW_GROUP = 'new-group';

/** The non-drag way to group: a menu of the other groups and "A new group" (keyboard and touch friendly). */
export function MoveToMenu({
  reflection,
  groups,
  alone,
  onMove,
}: {
  reflection: RetroReflection;
  groups: RetroGroup[];
  alone: boolean;
  onMove: (groupId: string | null) => void;
}) {
  const targets = groups.filter((g) => g.id !== reflection.group_id);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="button button-ghost button-small"
          data-move-for={reflection.id}
          aria-label={`Move to… (reflection “${reflection.text}”)`}
        >
          Move to…
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="retro-menu" align="end" sideOffset={4} aria-label="Move the reflection to">
          {targets.map((g) => (
            <DropdownMenu.Item key={g.id} className="retro-menu-item" onSelect={() => onMove(g.id)}>
              {g.title}
            </DropdownMenu.Item>
          ))}
          {!alone && (
            <DropdownMenu.Item className="retro-menu-item" onSelect={() => onMove(null)}>
              A new group
            </DropdownMenu.Item>
          )}
          {targets.length === 0 && alone && <DropdownMenu.Label className="retro-menu-item muted">No other group yet</DropdownMenu.Label>}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Suggest groups: regroups every card by text similarity on the server. */
export function SuggestGroups() {
  const { api } = useMeeting();
  const suggest = useMutation({ mutationFn: () => api.suggestGroups() });
  const { error, busy } = meetingOutcome([suggest]);
  const [done, setDone] = useState('');
  return (
    <div className="retro-row">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => {
          setDone('');
          suggest.mutate(undefined, { onSuccess: () => setDone('Groups suggested from similar words. Move cards or rename groups as you like.') });
        }}
      >
        {busy ? 'Suggesting…' : 'Suggest groups'}
      </button>
      <span className="muted">Regroups all cards by similar words; titles come from their key words.</span>
      <p className="retro-live muted" role="status">
        {done}
      </p>
      <LiveError error={error} />
    </div>
  );
}
