/**
 * Ids of the demo organization's records, as its admin sees them, for pages with an id in their
 * path: the browser tests and the Lighthouse bench (bench/lighthouse.routes.ts) open those pages.
 */
export type DemoIds = { team: string; person: string; retro: string; reviewCycle: string; goal: string; note: string };

/** Asks the app (GraphQL, the admin's access token) for one of each: the first team and its manager, an ended retro, an active review cycle, a goal, a note. */
export async function demoIds(url: string, accessToken: string): Promise<DemoIds> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      operationName: 'DemoIds',
      query:
        'query DemoIds { teams { id name manager { id } } retros(team_id: null) { id phase } reviewCycles { id status } myGoals { id } goalTree(root_id: null, depth: 1) { id } notes { items { note { id } } } }',
    }),
  });
  type Answer = {
    teams: Array<{ id: string; name: string; manager: { id: string } | null }>;
    retros: Array<{ id: string; phase: string }>;
    reviewCycles: Array<{ id: string; status: string }>;
    myGoals: Array<{ id: string }>;
    goalTree: Array<{ id: string }>;
    notes: { items: Array<{ note: { id: string } }> };
  };
  const { data, errors } = (await res.json()) as { data?: Answer; errors?: unknown[] };
  if (!data) throw new Error(`demo ids: ${JSON.stringify(errors)}`);
  const team = [...data.teams].sort((a, b) => a.name.localeCompare(b.name)).find((t) => t.manager);
  const retro = data.retros.find((r) => r.phase === 'SUMMARY') ?? data.retros[0];
  const cycle = data.reviewCycles.find((c) => c.status === 'ACTIVE') ?? data.reviewCycles[0];
  const goal = data.myGoals[0] ?? data.goalTree[0];
  const note = data.notes.items[0]?.note;
  if (!team || !retro || !cycle || !goal || !note)
    throw new Error('demo ids: the demo organization lacks a team with a manager, a retro, a review cycle, a goal or a note');
  return { team: team.id, person: team.manager!.id, retro: retro.id, reviewCycle: cycle.id, goal: goal.id, note: note.id };
}
