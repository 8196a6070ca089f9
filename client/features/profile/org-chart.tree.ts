/**
 * The organization chart as data: a forest of managers and reports built from the
 * people list in linear passes (no per-person scan of everyone), and the rows a tree
 * widget shows: only expanded branches, children in pages, so 5,000 people stay fast.
 */
export type ChartInput = { id: string; full_name: string; manager: { id: string } | null };

export type ChartNode<P extends ChartInput> = { person: P; parentId: string | null; children: string[] };
export type Chart<P extends ChartInput> = { nodes: Map<string, ChartNode<P>>; roots: string[] };

const byName =
  <P extends ChartInput>(nodes: Map<string, ChartNode<P>>) =>
  (a: string, b: string) =>
    nodes.get(a)!.person.full_name.localeCompare(nodes.get(b)!.person.full_name);

/** People without a (known) manager are roots; a loop of managers is broken at one of its people. */
export function buildChart<P extends ChartInput>(people: readonly P[]): Chart<P> {
  const nodes = new Map<string, ChartNode<P>>();
  for (const person of people) nodes.set(person.id, { person, parentId: null, children: [] });
  const roots: string[] = [];
  for (const node of nodes.values()) {
    const managerId = node.person.manager?.id;
    const manager = managerId && managerId !== node.person.id ? nodes.get(managerId) : undefined;
    if (manager) {
      node.parentId = managerId!;
      manager.children.push(node.person.id);
    } else {
      roots.push(node.person.id);
    }
  }
  // Everyone reachable from a root is placed; whoever is left sits in a loop (A manages B manages A).
  const placed = new Set<string>();
  const walk = (start: string) => {
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (placed.has(id)) continue;
      placed.add(id);
      stack.push(...nodes.get(id)!.children);
    }
  };
  for (const id of roots) walk(id);
  if (placed.size < nodes.size) {
    for (const node of nodes.values()) {
      if (placed.has(node.person.id)) continue;
      const parent = nodes.get(node.parentId!)!;
      parent.children = parent.children.filter((c) => c !== node.person.id);
      node.parentId = null;
      roots.push(node.person.id);
      walk(node.person.id);
    }
  }
  const order = byName(nodes);
  roots.sort(order);
  for (const node of nodes.values()) if (node.children.length > 1) node.children.sort(order);
  return { nodes, roots };
}

/** Lower case without accents, so "zoe" finds "Zoë". */
export function normalizeName(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Ids of people whose name contains the query, in chart order (roots first, then by name). */
export function findMatches<P extends ChartInput>(chart: Chart<P>, query: string): string[] {
  const needle = normalizeName(query);
  if (!needle) return [];
  const out: string[] = [];
  const stack = [...chart.roots].reverse();
  while (stack.length) {
    const id = stack.pop()!;
    const node = chart.nodes.get(id)!;
    if (normalizeName(node.person.full_name).includes(needle)) out.push(id);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

/** The managers above these people (to expand), and the people with those managers (to keep shown). */
export function pathsTo<P extends ChartInput>(chart: Chart<P>, ids: readonly string[]): { ancestors: Set<string>; pinned: Set<string> } {
  const ancestors = new Set<string>();
  const pinned = new Set<string>();
  for (const id of ids) {
    pinned.add(id);
    let parent = chart.nodes.get(id)?.parentId ?? null;
    while (parent && !ancestors.has(parent)) {
      ancestors.add(parent);
      pinned.add(parent);
      parent = chart.nodes.get(parent)?.parentId ?? null;
    }
  }
  return { ancestors, pinned };
}

export const PAGE_SIZE = 100;
export const ROOT_KEY = '';

export type ChartRow =
  | {
      kind: 'person';
      key: string;
      id: string;
      level: number;
      setSize: number;
      posInSet: number;
      parentId: string | null;
      childCount: number;
      expanded: boolean;
    }
  | { kind: 'more'; key: string; parentKey: string; level: number; remaining: number; setSize: number; posInSet: number; parentId: string | null };

/**
 * The rows to show: roots, then the children of each expanded person (depth first).
 * A list of siblings shows `shown.get(parentKey) ?? PAGE_SIZE` entries plus any pinned
 * ones beyond that (search results), then a "show more" row.
 */
export function visibleRows<P extends ChartInput>(
  chart: Chart<P>,
  expanded: ReadonlySet<string>,
  shown: ReadonlyMap<string, number>,
  pinned: ReadonlySet<string>,
): ChartRow[] {
  type Frame = { all: string[]; picked: number[]; index: number; parentId: string | null; level: number };
  const frame = (all: string[], parentId: string | null, level: number): Frame => {
    const limit = shown.get(parentId ?? ROOT_KEY) ?? PAGE_SIZE;
    const picked: number[] = [];
    for (let i = 0; i < all.length; i++) if (i < limit || pinned.has(all[i]!)) picked.push(i);
    return { all, picked, index: 0, parentId, level };
  };
  const rows: ChartRow[] = [];
  // An explicit stack of sibling lists keeps long report lines off the call stack.
  const stack: Frame[] = [frame(chart.roots, null, 1)];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.index < top.picked.length) {
      const position = top.picked[top.index++]!;
      const id = top.all[position]!;
      const node = chart.nodes.get(id)!;
      const isOpen = node.children.length > 0 && expanded.has(id);
      rows.push({
        kind: 'person',
        key: id,
        id,
        level: top.level,
        setSize: top.all.length,
        posInSet: position + 1,
        parentId: top.parentId,
        childCount: node.children.length,
        expanded: isOpen,
      });
      if (isOpen) stack.push(frame(node.children, id, top.level + 1));
      continue;
    }
    stack.pop();
    const hidden = top.all.length - top.picked.length;
    if (hidden > 0) {
      const parentKey = top.parentId ?? ROOT_KEY;
      rows.push({
        kind: 'more',
        key: `more:${parentKey}`,
        parentKey,
        level: top.level,
        remaining: hidden,
        setSize: top.all.length,
        posInSet: top.all.length,
        parentId: top.parentId,
      });
    }
  }
  return rows;
}
