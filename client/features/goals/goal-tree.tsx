import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { GOAL_OWNER_KINDS } from '../../../shared/goals.js';
import { formatDay } from '../../../shared/format.js';
import { EmptyState, PendingView } from '../../components/ui/states.js';
import type { GoalTreeNode } from './goal.types.js';
import { GoalProgress, GoalStatusBadge } from './goal-progress.js';
import { GOAL_TREE_DEPTH, goalTreeQueryOptions } from './goals-tree.api.js';
import './goals.css';
import './goal-tree.css';

/**
 * The alignment tree (WAI-ARIA treeview): company and team goals at the top, the goals aligned under
 * them below. One item is in the Tab order (roving tabindex); arrows move, Right opens (loading the
 * children when they are not there yet), Left closes or goes to the parent, Home/End, Enter opens the
 * goal's page.
 */

const OWNER_KIND_WORD: Record<(typeof GOAL_OWNER_KINDS)[number], string> = { COMPANY: 'Company', TEAM: 'Team', PERSON: 'Personal' };

type Visible = { node: GoalTreeNode; level: number; parentId: string | null };
type Loads = Record<string, { status: 'loading' | 'error' | 'done'; nodes: GoalTreeNode[] }>;

const GOAL_PATH = '/goals/my-goals/$id';

export function GoalTree({ label = 'Goal alignment tree' }: { label?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const top = useQuery(goalTreeQueryOptions(null));
  const [loads, setLoads] = useState<Loads>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const items = useRef(new Map<string, HTMLLIElement>());
  const moveFocus = useRef(false);

  const { roots, childrenOf, loaded } = useMemo(() => {
    const childrenOf = new Map<string, GoalTreeNode[]>();
    const seen = new Set<string>();
    const loaded = new Set<string>();
    const add = (list: GoalTreeNode[], rootId: string | null) => {
      if (rootId) loaded.add(rootId);
      for (const n of list) {
        // A node's children are all there when the answer went one level below it.
        if (n.depth < GOAL_TREE_DEPTH - 1) loaded.add(n.id);
        if (seen.has(n.id) || (n.depth === 0 && !rootId)) continue;
        seen.add(n.id);
        const parent = n.parent_id ?? '';
        childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), n]);
      }
    };
    const roots = (top.data ?? []).filter((n) => n.depth === 0);
    add(top.data ?? [], null);
    for (const [id, load] of Object.entries(loads)) if (load.status === 'done') add(load.nodes, id);
    return { roots, childrenOf, loaded };
  }, [top.data, loads]);

  const visible = useMemo(() => {
    const out: Visible[] = [];
    const walk = (list: GoalTreeNode[], level: number, parentId: string | null) => {
      for (const n of list) {
        out.push({ node: n, level, parentId });
        if (expanded.has(n.id) && loaded.has(n.id)) walk(childrenOf.get(n.id) ?? [], level + 1, n.id);
      }
    };
    walk(roots, 1, null);
    return out;
  }, [roots, childrenOf, loaded, expanded]);

  const current = focusedId && visible.some((v) => v.node.id === focusedId) ? focusedId : (visible[0]?.node.id ?? null);

  useEffect(() => {
    if (!moveFocus.current || !current) return;
    moveFocus.current = false;
    items.current.get(current)?.focus();
  }, [current]);

  const focus = (id: string | undefined) => {
    if (!id) return;
    moveFocus.current = true;
    setFocusedId(id);
  };

  async function expand(node: GoalTreeNode) {
    setExpanded((s) => new Set(s).add(node.id));
    if (loaded.has(node.id) || loads[node.id]?.status === 'loading') return;
    setLoads((l) => ({ ...l, [node.id]: { status: 'loading', nodes: [] } }));
    setAnnouncement(`Loading the goals aligned under ${node.title}…`);
    try {
      const nodes = await queryClient.fetchQuery(goalTreeQueryOptions(node.id));
      setLoads((l) => ({ ...l, [node.id]: { status: 'done', nodes } }));
      const n = nodes.filter((c) => c.depth === 0).length;
      setAnnouncement(`${n} ${n === 1 ? 'goal' : 'goals'} aligned under ${node.title}.`);
    } catch {
      setLoads((l) => ({ ...l, [node.id]: { status: 'error', nodes: [] } }));
      setExpanded((s) => {
        const next = new Set(s);
        next.delete(node.id);
        return next;
      });
      setAnnouncement(`The goals aligned under ${node.title} could not be loaded. Press Right arrow to try again.`);
    }
  }

  const collapse = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });
  const toggle = (node: GoalTreeNode) => (expanded.has(node.id) ? collapse(node.id) : void expand(node));

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const i = visible.findIndex((v) => v.node.id === current);
    const item = visible[i];
    if (!item) return;
    const { node } = item;
    const isOpen = expanded.has(node.id) && loaded.has(node.id);
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        focus(visible[i + 1]?.node.id);
        break;
      case 'ArrowUp':
        focus(visible[i - 1]?.node.id);
        break;
      case 'Home':
        focus(visible[0]?.node.id);
        break;
      case 'End':
        focus(visible.at(-1)?.node.id);
        break;
      case 'ArrowRight':
        if (node.child_count === 0) break;
        if (!expanded.has(node.id) || loads[node.id]?.status === 'error') void expand(node);
        else if (isOpen) focus(visible[i + 1]?.parentId === node.id ? visible[i + 1]!.node.id : undefined);
        break;
      case 'ArrowLeft':
        if (expanded.has(node.id)) collapse(node.id);
        else focus(item.parentId ?? undefined);
        break;
      case 'Enter':
        void navigate({ to: GOAL_PATH, params: { id: node.id } });
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  }

  if (top.isPending) return <PendingView label="Loading the alignment tree…" />;
  if (top.isError) {
    return (
      <div className="state-card" role="alert">
        <h2>The alignment tree could not be loaded</h2>
        <p>{top.error.message}</p>
        <button type="button" className="button" onClick={() => void top.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (roots.length === 0) {
    return (
      <EmptyState title="No company or team goals yet">
        <p>When your organization sets company goals and teams set theirs, they show here with the goals aligned under them.</p>
      </EmptyState>
    );
  }

  const renderLevel = (list: GoalTreeNode[], level: number) =>
    list.map((node, index) => {
      const open = expanded.has(node.id) && loaded.has(node.id);
      const load = loads[node.id];
      const titleId = `goal-tree-${node.id}`;
      return (
        <li
          key={node.id}
          ref={(el) => {
            if (el) items.current.set(node.id, el);
            else items.current.delete(node.id);
          }}
          role="treeitem"
          className="goal-tree-item"
          aria-level={level}
          aria-setsize={list.length}
          aria-posinset={index + 1}
          aria-expanded={node.child_count > 0 ? open : undefined}
          aria-busy={load?.status === 'loading' || undefined}
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-meta`}
          tabIndex={node.id === current ? 0 : -1}
          onFocus={(e) => {
            if (e.target === e.currentTarget) setFocusedId(node.id);
          }}
        >
          <div className="goal-tree-row">
            {node.child_count > 0 ? (
              <button
                type="button"
                tabIndex={-1}
                className="goal-tree-toggle"
                aria-label={`${open ? 'Collapse' : 'Expand'} ${node.title}`}
                onClick={() => {
                  setFocusedId(node.id);
                  toggle(node);
                }}
              >
                <span aria-hidden="true">{open ? '▾' : '▸'}</span>
              </button>
            ) : (
              <span className="goal-tree-toggle" aria-hidden="true" />
            )}
            <div className="goal-tree-main">
              <Link id={titleId} to={GOAL_PATH} params={{ id: node.id }} tabIndex={-1} className="goal-tree-title">
                {node.title}
              </Link>
              <span id={`${titleId}-meta`} className="goal-tree-meta muted">
                {OWNER_KIND_WORD[node.owner_kind]} · {node.owner_name}
                {node.due_date ? ` · due ${formatDay(node.due_date)}` : ''}
                {node.child_count > 0 ? ` · ${node.child_count} aligned` : ''}
                {load?.status === 'loading' ? ' · loading…' : ''}
                {load?.status === 'error' ? ' · could not load the aligned goals' : ''}
              </span>
            </div>
            <GoalStatusBadge status={node.status} />
            <div className="goal-tree-progress">
              <GoalProgress progress={node.progress} label={node.title} compact />
            </div>
          </div>
          {open && (childrenOf.get(node.id)?.length ?? 0) > 0 && (
            <ul role="group" className="goal-tree-group">
              {renderLevel(childrenOf.get(node.id)!, level + 1)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <>
      <ul role="tree" aria-label={label} className="goal-tree" onKeyDown={onKeyDown}>
        {renderLevel(roots, 1)}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <p className="muted goal-tree-help">Use the arrow keys to move and open goals, Enter to open a goal’s page.</p>
    </>
  );
}
