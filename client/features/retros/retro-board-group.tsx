import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { GroupTitle, MoveToMenu, NEW_GROUP, ReflectionBody, SuggestGroups } from './retro-board-parts.js';
import { LiveError, meetingOutcome, plural, useMeeting } from './retro-meeting-context.js';
import type { RetroGroup, RetroReflection } from './retro.types.js';

const dropId = (groupId: string) => `group:${groupId}`;
const groupOf = (id: UniqueIdentifier | undefined | null): string | null | undefined =>
  id === NEW_GROUP ? null : typeof id === 'string' && id.startsWith('group:') ? id.slice(6) : undefined;

/** The pointer's drop target when there is a pointer, else (keyboard) the target the card's rectangle overlaps most. */
const collisions: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/** Arrow keys jump the dragged card from one drop target to the next (in reading order) instead of 25 px at a time. */
export const jumpBetweenTargets: KeyboardCoordinateGetter = (event, { context: { droppableContainers, droppableRects, over, collisionRect } }) => {
  const forward = event.code === 'ArrowRight' || event.code === 'ArrowDown';
  if (!forward && event.code !== 'ArrowLeft' && event.code !== 'ArrowUp') return undefined;
  event.preventDefault();
  if (!collisionRect) return undefined;
  const targets = droppableContainers
    .getEnabled()
    .flatMap((c) => {
      const rect = droppableRects.get(c.id);
      return rect ? [{ id: c.id, rect }] : [];
    })
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (!targets.length) return undefined;
  const at = targets.findIndex((t) => t.id === over?.id);
  const next = targets[at < 0 ? (forward ? 0 : targets.length - 1) : (at + (forward ? 1 : -1) + targets.length) % targets.length]!.rect;
  return { x: next.left + next.width / 2 - collisionRect.width / 2, y: next.top + Math.min(next.height / 2, 40) - collisionRect.height / 2 };
};

/** GROUP: every card in its group; drag a card (pointer, touch or keyboard) or use its "Move to…" menu. */
export function GroupPhase() {
  const { retro, api } = useMeeting();
  const [dragging, setDragging] = useState<string | null>(null);
  const [pending, setPending] = useState<{ id: string; group: string } | null>(null);
  // Every move's own outcome (the callbacks here run for each one, also while another move is on its way).
  const moveCard = useMutation({
    mutationFn: ({ reflectionId, groupId }: { reflectionId: string; groupId: string | null; keepFocus: boolean }) => api.moveReflection(reflectionId, groupId),
    onSettled: () => setPending(null),
    onSuccess: (_retro, { reflectionId, keepFocus }) => {
      if (keepFocus) setTimeout(() => document.querySelector<HTMLElement>(`[data-move-for="${CSS.escape(reflectionId)}"]`)?.focus(), 0);
    },
  });
  const { error } = meetingOutcome([moveCard]);
  const byId = useMemo(() => new Map(retro.reflections.map((r) => [r.id, r])), [retro.reflections]);
  const groups = useMemo(() => {
    if (!pending) return retro.groups;
    // Shown in its new group at once while the server confirms (the answer then replaces this).
    return retro.groups
      .map((g) => ({
        ...g,
        reflection_ids:
          g.id === pending.group ? [...g.reflection_ids.filter((x) => x !== pending.id), pending.id] : g.reflection_ids.filter((x) => x !== pending.id),
      }))
      .filter((g) => g.reflection_ids.length > 0);
  }, [retro.groups, pending]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpBetweenTargets }),
  );

  const textOf = (id: UniqueIdentifier) => byId.get(String(id))?.text ?? 'reflection';
  const targetName = (id: UniqueIdentifier) => {
    const g = groupOf(id);
    return g === null ? 'a new group' : `group ${retro.groups.find((x) => x.id === g)?.title ?? ''}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${textOf(active.id)}”. Arrow keys move it between groups; Space or Enter drops it; Escape cancels.`,
    onDragOver: ({ active, over }) => (over ? `“${textOf(active.id)}” is over ${targetName(over.id)}.` : `“${textOf(active.id)}” is not over a group.`),
    onDragEnd: ({ active, over }) =>
      over ? `“${textOf(active.id)}” was dropped into ${targetName(over.id)}.` : `“${textOf(active.id)}” was dropped outside the groups: nothing changed.`,
    onDragCancel: ({ active }) => `Moving “${textOf(active.id)}” was cancelled: nothing changed.`,
  };

  /** Moves a card; from the "Move to…" menu, focus follows the card to its new group. */
  const move = (reflectionId: string, groupId: string | null, keepFocus = false) => {
    const card = byId.get(reflectionId);
    if (!card || card.group_id === groupId) return;
    if (groupId) setPending({ id: reflectionId, group: groupId });
    moveCard.mutate({ reflectionId, groupId, keepFocus });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const target = groupOf(over?.id);
    if (target !== undefined) move(String(active.id), target);
  };

  return (
    <div className="retro-phase-body">
      <SuggestGroups />
      <p className="muted">
        Drag a card onto another group (or press Space on its handle, then the arrow keys), or use its “Move to…” menu. Everyone sees the same board live.
      </p>
      <LiveError error={error} />
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To pick up a card, press Space or Enter. Use the arrow keys to move it from group to group. Press Space or Enter again to drop it, or Escape to cancel.',
          },
        }}
        onDragStart={({ active }) => setDragging(String(active.id))}
        onDragCancel={() => setDragging(null)}
        onDragEnd={onDragEnd}
      >
        <div className="retro-board">
          {groups.map((g) => (
            <GroupBox key={g.id} group={g} groups={groups} byId={byId} onMove={move} />
          ))}
          <NewGroupArea />
        </div>
        <DragOverlay>
          {dragging && byId.get(dragging) ? (
            <div className="retro-card retro-card-overlay">
              <ReflectionBody reflection={byId.get(dragging)!} />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

type Move = (id: string, group: string | null, keepFocus?: boolean) => void;

function GroupBox({ group, groups, byId, onMove }: { group: RetroGroup; groups: RetroGroup[]; byId: Map<string, RetroReflection>; onMove: Move }) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId(group.id) });
  const cards = group.reflection_ids.map((id) => byId.get(id)).filter((r): r is RetroReflection => !!r);
  return (
    <section ref={setNodeRef} className={`retro-group${isOver ? ' retro-drop-over' : ''}`} aria-label={`Group ${group.title}, ${plural(cards.length, 'card')}`}>
      <GroupTitle group={group} />
      <ul className="retro-cards">
        {cards.map((r) => (
          <DraggableCard key={r.id} reflection={r} groups={groups} alone={cards.length === 1} onMove={onMove} />
        ))}
      </ul>
    </section>
  );
}

function DraggableCard({ reflection, groups, alone, onMove }: { reflection: RetroReflection; groups: RetroGroup[]; alone: boolean; onMove: Move }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: reflection.id });
  return (
    <li className={`retro-card${isDragging ? ' retro-card-dragging' : ''}`}>
      <button type="button" ref={setNodeRef} className="retro-drag-handle" {...attributes} {...listeners} aria-label={`Drag “${reflection.text}”`}>
        <span aria-hidden="true">⠿</span>
      </button>
      <ReflectionBody reflection={reflection} />
      <MoveToMenu reflection={reflection} groups={groups} alone={alone} onMove={(g) => onMove(reflection.id, g, true)} />
    </li>
  );
}

function NewGroupArea() {
  const { setNodeRef, isOver } = useDroppable({ id: NEW_GROUP });
  return (
    <section ref={setNodeRef} className={`retro-group retro-new-group${isOver ? ' retro-drop-over' : ''}`} aria-label="New group">
      <p>Drop a card here to start a new group</p>
    </section>
  );
}
