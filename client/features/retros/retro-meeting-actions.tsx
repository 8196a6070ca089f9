import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RETRO_LIMITS, actionItemInputSchema } from '../../../shared/retros.js';
import { LiveError, meetingOutcome, useMeeting } from './retro-meeting-context.js';
import type { ActionItemInput } from './retro-meeting.api.js';

/** A new action item for a topic: what, who (from the team) and by when. */
export function ActionItemForm({ groupId, topic }: { groupId: string | null; topic: string }) {
  const { api, people } = useMeeting();
  const [text, setText] = useState('');
  const [owner, setOwner] = useState('');
  const [due, setDue] = useState('');
  const addItem = useMutation({ mutationFn: (input: ActionItemInput) => api.addActionItem(input) });
  const outcome = meetingOutcome([addItem]);
  /** Why the action item typed here is refused before it is sent. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? outcome.error;
  const [added, setAdded] = useState('');
  const id = useId();
  const submit = () => {
    const parsed = actionItemInputSchema.safeParse({ text, owner_id: owner || null, due_on: due || null, group_id: groupId });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the action item.');
    setInvalid(null);
    setAdded('');
    addItem.mutate(parsed.data, {
      onSuccess: () => {
        setAdded(`Action item added: ${parsed.data.text}`);
        setText('');
        setOwner('');
        setDue('');
      },
    });
  };
  return (
    <form
      className="retro-action-form"
      aria-label={`New action item for ${topic}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="retro-action-text">
        <label htmlFor={`${id}-text`}>Action item</label>
        <input id={`${id}-text`} value={text} maxLength={RETRO_LIMITS.actionTextMax} onChange={(e) => setText(e.target.value)} placeholder="What will we do?" />
      </div>
      <div>
        <label htmlFor={`${id}-owner`}>Owner</label>
        <select id={`${id}-owner`} value={owner} onChange={(e) => setOwner(e.target.value)}>
          <option value="">Nobody yet</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.full_name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-due`}>Due</label>
        <input id={`${id}-due`} type="date" value={due} onChange={(e) => setDue(e.target.value)} />
      </div>
      <button type="submit" className="button" disabled={outcome.busy || !text.trim()}>
        Add action item
      </button>
      <p className="retro-live muted" role="status">
        {added}
      </p>
      <LiveError error={error} />
    </form>
  );
}
