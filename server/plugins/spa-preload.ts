/**
 * What a page needs before the web app boots, from the Vite manifest (docs/decisions/0040): the
 * route chunks TanStack Router split out of the page's route files (the page and its layouts),
 * their static imports and styles, and, for signed-in pages, the GraphQL client that their first
 * query imports. index.html announces them so that they download beside the entry instead of
 * after it (entry -> session -> route chunk -> GraphQL client -> query).
 */
import { pageOpenedBy } from '../../shared/page-redirects.js';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };
export type ViteManifest = Record<string, Chunk>;

/** A route file (`routes/_app/home/dashboard.tsx`): its place in the route tree and the URL segments it matches. */
type RouteFile = { file: string; tree: string[]; url: string[]; keys: string[] };

/** The signed-in area: its pages query GraphQL as soon as the session is known. */
const SIGNED_IN_LAYOUT = '_app';
const GRAPHQL_CLIENT = /(^|\/)node_modules\/graphql-request\//;

/**
 * TanStack Router's file conventions: `a.b` nests like `a/b`; `_x` is a pathless layout, `(x)` a
 * group; `index` is the parent's own page; `$x` a parameter; a trailing `_` un-nests (`users_.import`
 * is /users/import but not inside users.tsx).
 */
function parseRouteFile(file: string): { tree: string[]; url: string[] } {
  const tree = file.replace(/\.(tsx|ts)$/, '').split(/[/.]/);
  const url = tree
    .filter((s) => !(s.startsWith('_') || (s.startsWith('(') && s.endsWith(')')) || s === 'index'))
    .map((s) => (s.startsWith('$') ? '$' : s.replace(/_$/, '')));
  return { tree, url };
}

function routeFiles(manifest: ViteManifest): RouteFile[] {
  const byFile = new Map<string, RouteFile>();
  for (const key of Object.keys(manifest)) {
    // The split that holds the page (component and loader), not the error/not-found components.
    const match = /^routes\/(.+)\?tsr-split=(.*component.*)$/.exec(key);
    if (!match || match[1] === '__root.tsx') continue;
    const file = match[1]!;
    const route = byFile.get(file) ?? { file, ...parseRouteFile(file), keys: [] };
    route.keys.push(key);
    byFile.set(file, route);
  }
  return [...byFile.values()];
}

/** The route file a path shows: static segments win over parameters, an index page over its layout. */
function leafRoute(routes: RouteFile[], pathname: string): RouteFile | undefined {
  const parts = pathname.split('/').filter(Boolean);
  const rank = (r: RouteFile) => r.url.filter((s) => s !== '$').length * 100 + r.tree.length;
  return routes.filter((r) => r.url.length === parts.length && r.url.every((s, i) => s === '$' || s === parts[i])).sort((a, b) => rank(b) - rank(a))[0];
}

export type PagePreloads = { modules: string[]; laterModules: string[]; styles: string[] };

export type SpaPreloader = {
  /** The files (URLs under /) a page path needs beyond what index.html already loads. */
  preloadsFor: (pathname: string) => PagePreloads;
  /** index.html for a page path, with its preloads in <head>. */
  htmlFor: (pathname: string) => string;
};

export function createSpaPreloader(manifest: ViteManifest, indexHtml: string): SpaPreloader {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const routes = routeFiles(manifest);
  const byTree = new Map(routes.map((r) => [r.tree.join('/'), r]));
  const graphqlClient = Object.keys(manifest).find((k) => GRAPHQL_CLIENT.test(k));

  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key]!.imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return seen;
  };
  const inEntry = closure([entryKey]);
  const entryCss = new Set([...inEntry].flatMap((k) => manifest[k]!.css ?? []));

  // A path that only redirects (shared/page-redirects.ts) preloads the page it opens.
  const preloadsFor = (pathname: string): PagePreloads => {
    const leaf = leafRoute(routes, pageOpenedBy(pathname));
    if (!leaf) return { modules: [], laterModules: [], styles: [] };
    // The page and the layouts above it (`_app`, `_app/admin`, ...), each with its own chunk.
    const chain = leaf.tree.map((_, i) => byTree.get(leaf.tree.slice(0, i + 1).join('/'))).filter((r): r is RouteFile => r !== undefined);
    const needed = [...closure(chain.flatMap((r) => r.keys))].filter((k) => !inEntry.has(k));
    // The GraphQL client runs only after the page's code: it comes last (fetchpriority=low).
    const later = leaf.tree[0] === SIGNED_IN_LAYOUT && graphqlClient ? [...closure([graphqlClient])].filter((k) => !inEntry.has(k) && !needed.includes(k)) : [];
    return {
      modules: needed.map((k) => `/${manifest[k]!.file}`),
      laterModules: later.map((k) => `/${manifest[k]!.file}`),
      styles: [...new Set(needed.flatMap((k) => manifest[k]!.css ?? []))].filter((c) => !entryCss.has(c)).map((c) => `/${c}`),
    };
  };

  const cache = new Map<string, string>();
  const htmlFor = (pathname: string): string => {
    const leaf = leafRoute(routes, pageOpenedBy(pathname))?.file ?? '';
    let html = cache.get(leaf);
    if (html === undefined) {
      const { modules, laterModules, styles } = preloadsFor(pathname);
      const links = [
        ...modules.map((m) => `<link rel="modulepreload" crossorigin href="${m}">`),
        ...laterModules.map((m) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${m}">`),
        ...styles.map((s) => `<link rel="stylesheet" crossorigin href="${s}">`),
      ];
      html = links.length ? indexHtml.replace(/\n?\s*<\/head>/, `\n${links.map((l) => `    ${l}\n`).join('')}  </head>`) : indexHtml;
      cache.set(leaf, html);
    }
    return html;
  };

  return { preloadsFor, htmlFor };
}
