import { useEffect, useId, useRef, useState } from 'react';
import { RETRO_LIMITS } from '../../../shared/retros.js';
import { GroupTitle, ReflectionBody } from './retro-board-parts.js';
import { LiveError, plural, useMeeting, useRun } from './retro-meeting-context.js';
import { ActionItemForm } from './retro-meeting-actions.js';
import { ActionItemRow } from './retro-phase-checkin.js';
import type { Retro, RetroGroup, RetroReflection } from './retro.types.js';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The current topic's seconds: the server's count when the state arrived, plus the local seconds since (re-synced on every state). */
export function useTopicSeconds(discussion: Retro['discussion']): number {
  const [syncedAt, setSyncedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = Date.now();
    setSyncedAt(t);
    setNow(t);
  }, [discussion]);
  useEffect(() => {
    if (!discussion.started_at) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [discussion]);
  return discussion.elapsed_seconds + (discussion.started_at ? Math.max(0, Math.floor((now - syncedAt) / 1000)) : 0);
}

/** DISCUSS: topics in vote order, the current one with its timer, notes and action items; the retro's action items below. */
export function DiscussPhase() {
  const { retro, api } = useMeeting();
  const { run, error, busy } = useRun();
  const current = retro.discussion.group_id;
  const at = retro.groups.findIndex((g) => g.id === current);
  const next = retro.groups[at + 1] ?? null;
  return (
    <div className="retro-phase-body">
      {retro.viewer_is_facilitator && (
        <div className="retro-row">
          {next && <button type="button" className="button" disabled={busy} onClick={() => void run(() => api.setTopic(next.id))}>Discuss next: {next.title}</button>}
          {!next && retro.groups.length > 0 && <span className="muted">This is the last topic. Move on to the summary when the team is done.</span>}
          <LiveError error={error} />
        </div>
      )}
      {retro.groups.length === 0 && <p className="muted">There is nothing to discuss: nobody wrote a reflection.</p>}
      <ol className="retro-topics">
        {retro.groups.map((g, i) => <Topic key={g.id} group={g} rank={i + 1} current={g.id === current} onChoose={() => void run(() => api.setTopic(g.id))} busy={busy} />)}
      </ol>
      <section aria-labelledby="retro-all-actions" className="retro-section">
        <h3 id="retro-all-actions">Action items of this retro ({retro.action_items.length})</h3>
        {retro.action_items.length === 0 ? <p className="muted">No action items yet. Add them under each topic.</p> : (
          <ul className="retro-action-list">
            {retro.action_items.map((a) => <ActionItemRow key={a.id} item={a} onDelete={() => void run(() => api.deleteActionItem(a.id))} />)}
          </ul>
        )}
      </section>
    </div>
  );
}

function Topic({ group, rank, current, onChoose, busy }: { group: RetroGroup; rank: number; current: boolean; onChoose: () => void; busy: boolean }) {
  const { retro } = useMeeting();
  const [open, setOpen] = useState(false);
  const byId = new Map(retro.reflections.map((r) => [r.id, r]));
  const cards = group.reflection_ids.map((id) => byId.get(id)).filter((r): r is RetroReflection => !!r);
  const items = retro.action_items.filter((a) => a.group_id === group.id);
  const expanded = current || open;
  return (
    <li className={`tile retro-topic${current ? ' retro-topic-current' : ''}`} aria-current={current ? 'true' : undefined}>
      <div className="row-between">
        <div className="retro-topic-head">
          <span className="retro-rank" aria-hidden="true">{rank}</span>
          <GroupTitle group={group} />
          {current && <span className="retro-badge">Discussing now</span>}
        </div>
        <div className="retro-row">
          <span className="retro-votes">{plural(group.votes ?? 0, 'vote')}</span>
          {current ? <TopicTimer /> : group.discussed_seconds > 0 && <span className="muted">Discussed {clock(group.discussed_seconds)}</span>}
          {!current && retro.viewer_is_facilitator && <button type="button" className="button button-secondary button-small" disabled={busy} onClick={onChoose} aria-label={`Discuss this topic: ${group.title}`}>Discuss this</button>}
        </div>
      </div>
      <ul className="retro-cards" aria-label={`Reflections in ${group.title}`}>
        {cards.map((r) => <li key={r.id} className="retro-card"><ReflectionBody reflection={r} /></li>)}
      </ul>
      {expanded ? (
        <>
          <TopicNotes group={group} />
          {items.length > 0 && <p className="muted">{plural(items.length, 'action item')} on this topic (listed below).</p>}
          <ActionItemForm groupId={group.id} topic={group.title} />
        </>
      ) : (
        <button type="button" className="button button-ghost button-small" aria-expanded={false} onClick={() => setOpen(true)} aria-label={`Notes and action items for ${group.title}`}>Notes and action items</button>
      )}
    </li>
  );
}

function TopicTimer() {
  const { retro } = useMeeting();
  const seconds = useTopicSeconds(retro.discussion);
  const limit = retro.discussion.topic_minutes * 60;
  const over = seconds > limit;
  return (
    <span className={`retro-timer${over ? ' retro-timer-over' : ''}`} role="timer" aria-label={`Time on this topic: ${clock(seconds)} of ${retro.discussion.topic_minutes} minutes`}>
      {clock(seconds)} / {clock(limit)}{over ? ' · over time' : ''}
    </span>
  );
}

/** Notes of a topic, saved a moment after typing stops; a change by someone else shows unless I am typing. */
function TopicNotes({ group }: { group: RetroGroup }) {
  const { api } = useMeeting();
  const [text, setText] = useState(group.notes);
  const [state, setState] = useState<'' | 'saving' | 'saved'>('');
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { run, error } = useRun();
  const id = useId();
  useEffect(() => {
    if (!dirty.current) setText(group.notes);
  }, [group.notes]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  const save = (value: string) => {
    setState('saving');
    void run(() => api.updateNotes(group.id, value)).then((ok) => {
      dirty.current = false;
      setState(ok ? 'saved' : '');
    });
  };
  return (
    <div className="retro-notes-field">
      <label htmlFor={id}>Notes</label>
      <textarea id={id} aria-label={`Notes on ${group.title}`} rows={3} maxLength={RETRO_LIMITS.notesMax} value={text} onChange={(e) => {
        const value = e.target.value;
        setText(value);
        dirty.current = true;
        setState('');
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => save(value), 800);
      }} />
      <span className="muted retro-hint" role="status">{state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved' : ''}</span>
      <LiveError error={error} />
    </div>
  );
}
