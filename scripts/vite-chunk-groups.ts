/**
 * Fewer, larger chunks for the first load of a page (docs/decisions/0040). Rolldown's automatic
 * splitting gives every distinct set of importers its own chunk: 40+ files of a few hundred bytes
 * for a signed-in page, each a request (six at a time over HTTP/1.1) and a round trip on a phone.
 * Two groups instead:
 * - `boot`: everything index.html's entry imports statically, in one file;
 * - `app`: what the signed-in layout (routes/_app.tsx) imports statically and no page outside
 *   the signed-in area uses (the shell, its menus, notifications, live updates), in one file;
 *   with it, what several signed-in pages share in pieces too small to be worth a request of
 *   their own (API modules, form parts, a feature's dashboard card and its styles): the dashboard
 *   asked for 20 scripts and 10 stylesheets, most under 2 kB (docs/decisions/0053).
 * Pages keep their own chunks; sign-in and public pages never load `app`.
 */
import type { Plugin } from 'vite';

type ModuleGraph = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { code?: string | null; isEntry: boolean; importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
};

const SIGNED_IN_AREA = /[\\/]client[\\/]routes[\\/]_app[\\/.]/;
const SIGNED_IN_LAYOUT = /[\\/]client[\\/]routes[\\/]_app\.tsx\?tsr-split=/;
/**
 * Code (as transformed, before minification) that the same set of signed-in pages shares, under
 * which it joins `app` rather than making a chunk (and a stylesheet) of its own: ~2 kB compressed.
 */
const SMALL_SHARED_CODE = 8_000;
const ROUTE_SPLIT = /\?tsr-split=/;
/** A module that imports zod (its schemas are built when the module is evaluated). */
const BUILDS_SCHEMAS = /\bfrom\s*["']zod["']/;
/** radix-ui's entry re-exports every primitive; a module that imports `{ Dialog }` from it uses only @radix-ui/react-dialog. */
const RADIX_BARREL = /[\\/]node_modules[\\/]radix-ui[\\/]/;
const RADIX_NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']radix-ui["']/g;
const radixPart = (name: string) =>
  `@radix-ui/react-${name.replace(/^unstable_/, '').replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`)}`;

/**
 * The modules a module imports statically. An import of radix-ui's entry counts as an import of
 * the primitives the module names, not of all of them: otherwise the signed-in shell, which uses
 * Dialog and Popover, would take every primitive any signed-in page uses (menus, tabs, radio
 * groups) into the `app` chunk that every signed-in page loads.
 */
function staticImports(graph: ModuleGraph, id: string): string[] {
  const info = graph.getModuleInfo(id);
  if (!info) return [];
  const barrel = info.importedIds.find((dep) => RADIX_BARREL.test(dep));
  if (!barrel || RADIX_BARREL.test(id) || typeof info.code !== 'string') return [...info.importedIds];
  const parts = [...info.code.matchAll(RADIX_NAMED_IMPORT)]
    .flatMap((m) =>
      m[1]!
        .split(',')
        .map((n) => n.trim().split(/\s+as\s+/)[0]!)
        .filter(Boolean),
    )
    .map(radixPart);
  const barrelDeps = graph.getModuleInfo(barrel)?.importedIds ?? [];
  const used = barrelDeps.filter((dep) => parts.some((part) => dep.includes(`/node_modules/${part}/`)));
  // Names that match no primitive (a namespace import, a new export): keep the whole entry.
  if (used.length < parts.length || parts.length === 0) return [...info.importedIds];
  return [...info.importedIds.filter((dep) => dep !== barrel), ...used];
}

/** The modules some modules reach by static imports (themselves included). */
function reachable(graph: ModuleGraph, from: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...staticImports(graph, id));
  }
  return seen;
}

export function chunkGroups(): { plugin: Plugin; groups: Array<{ name: string; tags?: ['$initial']; test?: (id: string) => boolean; priority: number }> } {
  const appShell = new Set<string>();
  const plugin: Plugin = {
    name: 'teamlens:chunk-groups',
    apply: 'build',
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      appShell.clear();
      // Modules shared by the same set of signed-in pages: the chunk rolldown would make of them.
      const sharedSets = new Map<string, { ids: string[]; size: number }>();
      const ids = [...graph.getModuleIds()];
      // The modules each lazily loaded chunk (a route split, an import()) reaches by static imports.
      const reachedBy = new Map<string, string[]>();
      for (const entry of ids.filter((id) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0)) {
        for (const id of reachable(graph, [entry])) reachedBy.set(id, [...(reachedBy.get(id) ?? []), entry]);
      }
      for (const [id, entries] of reachedBy) {
        // Route splits stay chunks of their own: the manifest keeps naming them (server/plugins/spa-preload.ts).
        if (ROUTE_SPLIT.test(id)) continue;
        if (entries.some((e) => SIGNED_IN_LAYOUT.test(e)) && entries.every((e) => SIGNED_IN_AREA.test(e))) appShell.add(id);
        else if (entries.length >= 2 && entries.every((e) => SIGNED_IN_AREA.test(e) && ROUTE_SPLIT.test(e))) {
          const key = [...entries].sort().join('|');
          const set = sharedSets.get(key) ?? { ids: [], size: 0 };
          set.ids.push(id);
          set.size += graph.getModuleInfo(id)?.code?.length ?? 0;
          sharedSets.set(key, set);
        }
      }
      // A group takes its modules' imports with it (rolldown's includeDependenciesRecursively): a
      // small shared module that imports code another page needs (a form helper the sign-in page
      // uses too) would make that page load `app`. A small module joins only when everything it
      // imports is in the entry or in `app` already, and so, in turn, for the modules importing it.
      // A module that builds zod schemas as it loads stays out (docs/decisions/0077): in `app`, every
      // signed-in page would build them at start, not only the forms' pages that use them.
      const small = new Set(
        [...sharedSets.values()]
          .filter((set) => set.size < SMALL_SHARED_CODE)
          .flatMap((set) => set.ids)
          .filter((id) => !BUILDS_SCHEMAS.test(graph.getModuleInfo(id)?.code ?? '')),
      );
      const boot = reachable(
        graph,
        ids.filter((id) => graph.getModuleInfo(id)?.isEntry),
      );
      for (let changed = true; changed;) {
        changed = false;
        for (const id of small) {
          if (staticImports(graph, id).some((dep) => !boot.has(dep) && !appShell.has(dep) && !small.has(dep))) {
            small.delete(id);
            changed = true;
          }
        }
      }
      small.forEach((id) => appShell.add(id));
    },
  };
  return {
    plugin,
    groups: [
      { name: 'boot', tags: ['$initial'], priority: 2 },
      { name: 'app', test: (id) => appShell.has(id), priority: 1 },
    ],
  };
}
