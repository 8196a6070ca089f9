import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GroupTitle, ReflectionBody } from './retro-board-parts.js';
import { LiveError, meetingOutcome, plural, useMeeting } from './retro-meeting-context.js';
import { ActionItemForm } from './retro-meeting-actions.js';
import { ActionItemRow } from './retro-phase-checkin.js';
import { TopicComments } from './retro-topic-comments.js';
import type { Retro, RetroGroup, RetroReflection } from './retro.types.js';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The current topic's seconds: the server's count when the state arrived, plus the local seconds since (re-synced on every state). */
export function useTopicSeconds(discussion: Retro['discussion']): number {
  // Local seconds counted for one state: a new state starts again from the server's count.
  const [local, setLocal] = useState({ discussion, seconds: 0 });
  useEffect(() => {
    if (!discussion.started_at) return undefined;
    const syncedAt = Date.now();
    const timer = setInterval(() => setLocal({ discussion, seconds: Math.max(0, Math.floor((Date.now() - syncedAt) / 1000)) }), 1000);
    return () => clearInterval(timer);
  }, [discussion]);
  return discussion.elapsed_seconds + (discussion.started_at && local.discussion === discussion ? local.seconds : 0);
}

/** DISCUSS: topics in vote order, the current one with its timer, each person's comments and action items; the retro's action items below. */
export function DiscussPhase() {
  const { retro, api } = useMeeting();
  const chooseTopic = useMutation({ mutationFn: (groupId: string) => api.setTopic(groupId) });
  const deleteItem = useMutation({ mutationFn: (itemId: string) => api.deleteActionItem(itemId) });
  const { error, busy } = meetingOutcome([chooseTopic, deleteItem]);
  const current = retro.discussion.group_id;
  const at = retro.groups.findIndex((g) => g.id === current);
  const next = retro.groups[at + 1] ?? null;
  return (
    <div className="retro-phase-body">
      {retro.viewer_is_facilitator && (
        <div className="retro-row">
          {next && (
            <button type="button" className="button" disabled={busy} onClick={() => chooseTopic.mutate(next.id)}>
              Discuss next: {next.title}
            </button>
          )}
          {!next && retro.groups.length > 0 && <span className="muted">This is the last topic. Move on to the summary when the team is done.</span>}
          <LiveError error={error} />
        </div>
      )}
      {retro.groups.length === 0 && <p className="muted">There is nothing to discuss: nobody wrote a reflection.</p>}
      <ol className="retro-topics">
        {retro.groups.map((g, i) => (
          <Topic key={g.id} group={g} rank={i + 1} current={g.id === current} onChoose={() => chooseTopic.mutate(g.id)} busy={busy} />
        ))}
      </ol>
      <section aria-labelledby="retro-all-actions" className="retro-section">
        <h3 id="retro-all-actions">Action items of this retro ({retro.action_items.length})</h3>
        {retro.action_items.length === 0 ? (
          <p className="muted">No action items yet. Add them under each topic.</p>
        ) : (
          <ul className="retro-action-list">
            {retro.action_items.map((a) => (
              <ActionItemRow key={a.id} item={a} onDelete={() => deleteItem.mutate(a.id)} />
            ))}
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
          <span className="retro-rank" aria-hidden="true">
            {rank}
          </span>
          <GroupTitle group={group} />
          {current && <span className="retro-badge">Discussing now</span>}
        </div>
        <div className="retro-row">
          <span className="retro-votes">{plural(group.votes ?? 0, 'vote')}</span>
          {current ? <TopicTimer /> : group.discussed_seconds > 0 && <span className="muted">Discussed {clock(group.discussed_seconds)}</span>}
          {!current && retro.viewer_is_facilitator && (
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={busy}
              onClick={onChoose}
              aria-label={`Discuss this topic: ${group.title}`}
            >
              Discuss this
            </button>
          )}
        </div>
      </div>
      <ul className="retro-cards" aria-label={`Reflections in ${group.title}`}>
        {cards.map((r) => (
          <li key={r.id} className="retro-card">
            <ReflectionBody reflection={r} />
          </li>
        ))}
      </ul>
      {expanded ? (
        <>
          <TopicComments group={group} />
          {items.length > 0 && <p className="muted">{plural(items.length, 'action item')} on this topic (listed below).</p>}
          <ActionItemForm groupId={group.id} topic={group.title} />
        </>
      ) : (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-expanded={false}
          onClick={() => setOpen(true)}
          aria-label={`Comments and action items for ${group.title}`}
        >
          {group.comments.length ? `${plural(group.comments.length, 'comment')} and action items` : 'Comments and action items'}
        </button>
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
    <span
      className={`retro-timer${over ? ' retro-timer-over' : ''}`}
      role="timer"
      aria-label={`Time on this topic: ${clock(seconds)} of ${retro.discussion.topic_minutes} minutes`}
    >
      {clock(seconds)} / {clock(limit)}
      {over ? ' · over time' : ''}
    </span>
  );
}
