/**
 * Fewer, larger chunks for the first load of a page (docs/decisions/0040). Rolldown's automatic
 * splitting gives every distinct set of importers its own chunk: 40+ files of a few hundred bytes
 * for a signed-in page, each a request (six at a time over HTTP/1.1) and a round trip on a phone.
 * Two groups instead:
 * - `boot`: everything index.html's entry imports statically, in one file;
 * - `app`: what the signed-in layout (routes/_app.tsx) imports statically and no page outside
 *   the signed-in area uses (the shell, its menus, notifications, live updates), in one file.
 * Pages keep their own chunks; sign-in and public pages never load `app`.
 */
import type { Plugin } from 'vite';

type ModuleGraph = { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null };

const SIGNED_IN_AREA = /[\\/]client[\\/]routes[\\/]_app[\\/.]/;
const SIGNED_IN_LAYOUT = /[\\/]client[\\/]routes[\\/]_app\.tsx\?tsr-split=/;
const ROUTE_SPLIT = /\?tsr-split=/;

export function chunkGroups(): { plugin: Plugin; groups: Array<{ name: string; tags?: ['$initial']; test?: (id: string) => boolean; priority: number }> } {
  const appShell = new Set<string>();
  const plugin: Plugin = {
    name: 'teamlens:chunk-groups',
    apply: 'build',
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      appShell.clear();
      const ids = [...graph.getModuleIds()];
      // The modules each lazily loaded chunk (a route split, an import()) reaches by static imports.
      const reachedBy = new Map<string, string[]>();
      for (const entry of ids.filter((id) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0)) {
        const seen = new Set<string>();
        const stack = [entry];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
        }
        for (const id of seen) reachedBy.set(id, [...(reachedBy.get(id) ?? []), entry]);
      }
      for (const [id, entries] of reachedBy) {
        // Route splits stay chunks of their own: the manifest keeps naming them (server/plugins/spa-preload.ts).
        if (ROUTE_SPLIT.test(id)) continue;
        if (entries.some((e) => SIGNED_IN_LAYOUT.test(e)) && entries.every((e) => SIGNED_IN_AREA.test(e))) appShell.add(id);
      }
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
