/** Action items and the discussion over real graphql-ws clients: what one person changes, everyone in the meeting sees. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../graphql/subscriptions.test-support.js';
import { createTestApp } from '../../test/helpers.js';
import { addGroups } from './retros.discuss.test-support.js';
import { liveClient, newRetro, retroWorld, toPhase, type LiveClient, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let url: string;
let w: RetroWorld;
const open: LiveClient[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  w = await retroWorld(app);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.dispose()));
  await app.close();
});

const FIELDS = 'id version phase action_items { id text status owner { id } } previous_action_items { id text status } discussion { group_id elapsed_seconds }';
async function client(caller: { token: string }, retroId: string) {
  const c = await liveClient(url, caller, retroId, FIELDS);
  open.push(c);
  return c;
}
const ADD = 'mutation($r: ID!, $i: RetroActionItemInput!) { addRetroActionItem(retro_id: $r, input: $i) { id } }';
const UPDATE = 'mutation($id: ID!, $i: RetroActionItemInput!) { updateRetroActionItem(id: $id, input: $i) { id status } }';

describe('live action items', () => {
  it("a status set on the last retro's item, a new item and a new topic reach every client of the running retro", async () => {
    const [remy, pia] = w.members as [RetroWorld['members'][number], RetroWorld['members'][number]];
    const first = await newRetro(w.manager, w.team.id, { scheduled_at: '2026-10-01T09:00:00Z' });
    await toPhase(w.manager, first.id, 'REFLECT');
    const item = (await remy.gql(ADD, { r: first.id, i: { text: 'Fix the staging data', owner_id: pia.id } })).data!.addRetroActionItem as { id: string };
    await toPhase(w.manager, first.id, 'SUMMARY');

    const second = await newRetro(w.manager, w.team.id, { scheduled_at: '2026-10-15T09:00:00Z' });
    await toPhase(w.manager, second.id, 'REVIEW_ACTIONS');
    const watchers = [await client(remy, second.id), await client(w.members[2]!, second.id)];
    for (const c of watchers)
      await c.waitFor((r) => r.previous_action_items.some((i: { id: string; status: string }) => i.id === item.id && i.status === 'OPEN'));

    expect((await pia.gql(UPDATE, { id: item.id, i: { status: 'IN_PROGRESS' } })).errors).toBeUndefined();
    for (const c of watchers)
      await c.waitFor((r) => r.previous_action_items.some((i: { id: string; status: string }) => i.id === item.id && i.status === 'IN_PROGRESS'));

    const added = (await pia.gql(ADD, { r: second.id, i: { text: 'Clean staging weekly', owner_id: remy.id } })).data!.addRetroActionItem as { id: string };
    for (const c of watchers) await c.waitFor((r) => r.action_items.some((i: { id: string }) => i.id === added.id));

    await toPhase(w.manager, second.id, 'VOTE');
    const [low, high] = addGroups(app, second.id, [
      { title: 'Staging', votes: 1 },
      { title: 'Releases', votes: 2 },
    ]);
    await toPhase(w.manager, second.id, 'DISCUSS');
    for (const c of watchers) await c.waitFor((r) => r.discussion.group_id === high);
    await w.manager.gql('mutation($r: ID!, $g: ID!) { setRetroTopic(retro_id: $r, group_id: $g) { id } }', { r: second.id, g: low });
    for (const c of watchers) {
      await c.waitFor((r) => r.discussion.group_id === low);
      expect(c.events.every((e, i) => i === 0 || e.version > c.events[i - 1]!.version)).toBe(true);
      expect(c.errors).toEqual([]);
    }
  });
});
