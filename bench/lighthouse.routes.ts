/**
 * Every page of the web app, from its route tree (client/routes, as TanStack Router lists it in
 * client/routeTree.gen.ts), with the demo organization's ids filled in for the parameterised ones
 * (docs/decisions/0065). Used by the Lighthouse bench for its table of every route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoIds } from '../e2e/demo-ids.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `signedIn`: the page is under the signed-in layout (`_app`); the others are measured signed out. */
export type AppRoute = { path: string; pattern: string; signedIn: boolean };

/**
 * The route ids of client/routeTree.gen.ts (`/_app/admin/settings/users`, `/_public/`...) that are
 * pages, not only layouts, turned into URL patterns by TanStack Router's file conventions: `_x`
 * segments are pathless layouts, a trailing `/` is the parent's index page, a trailing `_`
 * un-nests (`users_/import` is /users/import). An id ending in `/` (an index page) is always a page.
 */
export function routePatterns(routeTree = fs.readFileSync(path.join(root, 'client/routeTree.gen.ts'), 'utf8')): Array<{ pattern: string; signedIn: boolean }> {
  const block = /export interface FileRoutesById \{([\s\S]*?)\n\}/.exec(routeTree)?.[1];
  if (!block) throw new Error('client/routeTree.gen.ts has no FileRoutesById');
  const ids = [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!).filter((id) => id !== '__root__');
  // A layout is an id that another id continues (`/_app/admin` before `/_app/admin/dashboard`).
  const pages = ids.filter((id) => id.endsWith('/') || !ids.some((other) => other.startsWith(`${id}/`)));
  const seen = new Set<string>();
  return pages.flatMap((id) => {
    const segments = id
      .split('/')
      .filter((s) => s && !s.startsWith('_'))
      .map((s) => s.replace(/_$/, ''));
    const pattern = `/${segments.join('/')}`;
    if (seen.has(pattern)) return [];
    seen.add(pattern);
    return [{ pattern, signedIn: id.startsWith('/_app/') }];
  });
}

/** What each parameterised route's `$id` is. */
const PARAMETER: Record<string, keyof DemoIds> = {
  '/admin/individual-insights/$id': 'person',
  '/admin/team-insights/$id': 'team',
  '/admin/profile/team/$id': 'team',
  '/admin/profile/user-profile/$id': 'person',
  '/goals/my-goals/$id': 'goal',
  '/insights/individual/$id': 'person',
  '/insights/team-insights/$id': 'team',
  '/notes/my-notes/$id': 'note',
  '/professional-development/sprint-retro/review/$id': 'retro',
  '/professional-development/sprint-retro/team-progress/$id': 'team',
  '/profile/team/$id': 'team',
  '/profile/user-profile/$id': 'person',
};

/** Pages that a search parameter makes another screen: one review cycle. */
const BY_SEARCH: Array<{ pattern: string; path: (ids: DemoIds) => string }> = [
  { pattern: '/reviews?id=$cycle', path: (ids) => `/reviews?id=${ids.reviewCycle}` },
];

/** Every route with its demo ids: the signed-out pages first, then the signed-in ones, each in the order of their paths. */
export function appRoutes(ids: DemoIds, patterns = routePatterns()): AppRoute[] {
  const routes = patterns.map(({ pattern, signedIn }) => {
    const key = PARAMETER[pattern];
    if (pattern.includes('$') && !key) throw new Error(`lighthouse routes: no demo id for ${pattern} (add it to PARAMETER in bench/lighthouse.routes.ts)`);
    return { pattern, signedIn, path: key ? pattern.replace('$id', ids[key]) : pattern };
  });
  routes.push(...BY_SEARCH.map((s) => ({ pattern: s.pattern, signedIn: true, path: s.path(ids) })));
  const byPattern = (a: AppRoute, b: AppRoute) => a.pattern.localeCompare(b.pattern);
  return [...routes.filter((r) => !r.signedIn).sort(byPattern), ...routes.filter((r) => r.signedIn).sort(byPattern)];
}
