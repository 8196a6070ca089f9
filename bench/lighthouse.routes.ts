/**
 * Every page of the web app, from its route tree (client/routes, as TanStack Router lists it in
 * client/routeTree.gen.ts), with the demo organization's ids filled in for the parameterised ones
 * (docs/decisions/0065). Used by the Lighthouse bench for its table of every route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
    const segments = id.split('/').filter((s) => s && !s.startsWith('_')).map((s) => s.replace(/_$/, ''));
    const pattern = `/${segments.join('/')}`;
    if (seen.has(pattern)) return [];
    seen.add(pattern);
    return [{ pattern, signedIn: id.startsWith('/_app/') }];
  });
}

/** Ids of the demo organization (as its admin sees them) for the parameterised routes. */
export type DemoIds = { team: string; person: string; retro: string; reviewCycle: string; goal: string; note: string };

/** Asks the app (GraphQL, the admin's access token) for one of each: the first team and its manager, an ended retro, an active review cycle, a goal, a note. */
export async function demoIds(url: string, accessToken: string): Promise<DemoIds> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      operationName: 'BenchDemoIds',
      query: 'query BenchDemoIds { teams { id name manager { id } } retros(team_id: null) { id phase } reviewCycles { id status } myGoals { id } goalTree(root_id: null, depth: 1) { id } notes { items { note { id } } } }',
    }),
  });
  type Answer = {
    teams: Array<{ id: string; name: string; manager: { id: string } | null }>; retros: Array<{ id: string; phase: string }>;
    reviewCycles: Array<{ id: string; status: string }>; myGoals: Array<{ id: string }>; goalTree: Array<{ id: string }>; notes: { items: Array<{ note: { id: string } }> };
  };
  const { data, errors } = (await res.json()) as { data?: Answer; errors?: unknown[] };
  if (!data) throw new Error(`demo ids: ${JSON.stringify(errors)}`);
  const team = [...data.teams].sort((a, b) => a.name.localeCompare(b.name)).find((t) => t.manager);
  const retro = data.retros.find((r) => r.phase === 'SUMMARY') ?? data.retros[0];
  const cycle = data.reviewCycles.find((c) => c.status === 'ACTIVE') ?? data.reviewCycles[0];
  const goal = data.myGoals[0] ?? data.goalTree[0];
  const note = data.notes.items[0]?.note;
  if (!team || !retro || !cycle || !goal || !note) throw new Error('demo ids: the demo organization lacks a team with a manager, a retro, a review cycle, a goal or a note');
  return { team: team.id, person: team.manager!.id, retro: retro.id, reviewCycle: cycle.id, goal: goal.id, note: note.id };
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

/** Every route with its demo ids: the signed-out pages first (in route-tree order), then the signed-in ones. */
export function appRoutes(ids: DemoIds, patterns = routePatterns()): AppRoute[] {
  const routes = patterns.map(({ pattern, signedIn }) => {
    const key = PARAMETER[pattern];
    if (pattern.includes('$') && !key) throw new Error(`lighthouse routes: no demo id for ${pattern} (add it to PARAMETER in bench/lighthouse.routes.ts)`);
    return { pattern, signedIn, path: key ? pattern.replace('$id', ids[key]) : pattern };
  });
  routes.push(...BY_SEARCH.map((s) => ({ pattern: s.pattern, signedIn: true, path: s.path(ids) })));
  return [...routes.filter((r) => !r.signedIn), ...routes.filter((r) => r.signedIn)];
}
