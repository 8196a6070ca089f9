import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp } from '../../test/helpers.js';
import { retroRow } from './retros.discuss.test-support.js';
import { newRetro, retroWorld, toPhase, type Caller, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let w: RetroWorld;

beforeAll(async () => {
  app = await createTestApp();
  w = await retroWorld(app);
});
afterAll(async () => app.close());

const ITEM = 'id retro_id retro_title team { name } group_id text owner { id full_name } due_on status done_at';
const ADD = `mutation($r: ID!, $i: RetroActionItemInput!) { addRetroActionItem(retro_id: $r, input: $i) { ${ITEM} } }`;
const UPDATE = `mutation($id: ID!, $i: RetroActionItemInput!) { updateRetroActionItem(id: $id, input: $i) { ${ITEM} } }`;
const DELETE = 'mutation($id: ID!) { deleteRetroActionItem(id: $id) }';
const LISTS = `query($id: ID!) { retro(id: $id) { version action_items { ${ITEM} } previous_action_items { ${ITEM} } } }`;
const MINE = `query($s: [RetroActionStatus!]) { myRetroActionItems(statuses: $s) { ${ITEM} } }`;

async function add(as: Caller, retroId: string, input: Record<string, unknown>) {
  const r = await as.gql(ADD, { r: retroId, i: input });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data!.addRetroActionItem as Record<string, any>;
}
const lists = async (as: Caller, id: string) =>
  (await as.gql(LISTS, { id })).data!.retro as { version: number; action_items: Array<Record<string, any>>; previous_action_items: Array<Record<string, any>> };
const itemCount = () => (app.services.db.$client.prepare('select count(*) as n from retro_action_items').get() as { n: number }).n;
const inApp = (userId: string) =>
  app.services.db.$client
    .prepare("select title, body, link from notifications where user_id = ? and kind = 'retros' order by created_at")
    .all(userId) as Array<{ title: string; body: string; link: string }>;

describe('action items carried over', () => {
  it('open items of the last retro appear in the next; a DONE one does not; a status set during REVIEW_ACTIONS shows in both, live', async () => {
    const [remy, pia, paz] = w.members as [Caller, Caller, Caller];
    const first = await newRetro(w.manager, w.team.id, { scheduled_at: '2026-11-02T09:00:00Z', title: 'Sprint 1 retro' });
    expect(codeOf(await w.manager.gql(ADD, { r: first.id, i: { text: 'Too early' } }))).toBe('CONFLICT');
    await toPhase(w.manager, first.id, 'REFLECT');
    const docs = await add(remy, first.id, { text: 'Write the deploy runbook', owner_id: pia.id, due_on: '2026-11-20' });
    expect(docs).toMatchObject({
      retro_title: 'Sprint 1 retro',
      team: { name: 'Core' },
      text: 'Write the deploy runbook',
      owner: { id: pia.id },
      due_on: '2026-11-20',
      status: 'OPEN',
      done_at: null,
    });
    const flaky = await add(remy, first.id, { text: 'Quarantine flaky tests', owner_id: paz.id });
    const pair = await add(remy, first.id, { text: 'Pair on the billing code' });
    const done = await paz.gql(UPDATE, { id: flaky.id, i: { status: 'DONE' } });
    expect(done.data!.updateRetroActionItem.status).toBe('DONE');
    expect(done.data!.updateRetroActionItem.done_at).toBeTruthy();
    await toPhase(w.manager, first.id, 'SUMMARY');

    const second = await newRetro(w.manager, w.team.id, { scheduled_at: '2026-11-16T09:00:00Z', title: 'Sprint 2 retro' });
    const moved = await toPhase(w.manager, second.id, 'REVIEW_ACTIONS');
    expect(moved.phases).toContain('REVIEW_ACTIONS');
    let now = await lists(remy, second.id);
    expect(now.action_items).toEqual([]);
    expect(now.previous_action_items.map((i) => [i.text, i.status, i.retro_title])).toEqual([
      ['Write the deploy runbook', 'OPEN', 'Sprint 1 retro'],
      ['Pair on the billing code', 'OPEN', 'Sprint 1 retro'],
    ]);

    // The owner updates the status in place: the running retro's version grows (its subscribers hear of it).
    const before = now.version;
    const progress = await pia.gql(UPDATE, { id: docs.id, i: { status: 'IN_PROGRESS' } });
    expect(progress.errors).toBeUndefined();
    now = await lists(remy, second.id);
    expect(now.version).toBeGreaterThan(before);
    expect(now.previous_action_items.find((i) => i.id === docs.id)!.status).toBe('IN_PROGRESS');
    expect((await lists(remy, first.id)).action_items.find((i) => i.id === docs.id)!.status).toBe('IN_PROGRESS');

    // Done during this retro: still in its list (with the new status), gone from the one after.
    await w.manager.gql(UPDATE, { id: pair.id, i: { status: 'DONE' } });
    now = await lists(remy, second.id);
    expect(now.previous_action_items.map((i) => [i.text, i.status])).toEqual([
      ['Write the deploy runbook', 'IN_PROGRESS'],
      ['Pair on the billing code', 'DONE'],
    ]);

    // An ended retro's items keep their text, owner and due date; they cannot be deleted.
    const edit = await remy.gql(UPDATE, { id: docs.id, i: { text: 'Changed' } });
    expect(codeOf(edit)).toBe('CONFLICT');
    expect(codeOf(await remy.gql(DELETE, { id: docs.id }))).toBe('CONFLICT');
    expect((await lists(remy, first.id)).action_items.find((i) => i.id === docs.id)!.text).toBe('Write the deploy runbook');

    // New items of the second retro; an outsider sees nothing of either.
    await toPhase(w.manager, second.id, 'REFLECT');
    const next = await add(paz, second.id, { text: 'Book the load test', owner_id: paz.id, due_on: '2026-12-01' });
    expect((await lists(remy, second.id)).action_items.map((i) => i.id)).toEqual([next.id]);
    expect(codeOf(await w.outsider.gql(UPDATE, { id: next.id, i: { status: 'DONE' } }))).toBe('NOT_FOUND');
    expect(codeOf(await w.otherAdmin.gql(UPDATE, { id: next.id, i: { status: 'DONE' } }))).toBe('NOT_FOUND');

    // While it runs: edited and deleted by the team.
    const edited = await remy.gql(UPDATE, { id: next.id, i: { text: 'Book the load test lab', due_on: null } });
    expect(edited.data!.updateRetroActionItem).toMatchObject({ text: 'Book the load test lab', due_on: null });
    const gone = await add(remy, second.id, { text: 'Duplicate' });
    expect((await remy.gql(DELETE, { id: gone.id })).data!.deleteRetroActionItem).toBe(true);
    expect((await lists(remy, second.id)).action_items.map((i) => i.text)).toEqual(['Book the load test lab']);
    await toPhase(w.manager, second.id, 'SUMMARY');

    // A third retro carries what is still open from both.
    const third = await newRetro(w.manager, w.team.id, { scheduled_at: '2026-11-30T09:00:00Z' });
    expect((await lists(remy, third.id)).previous_action_items.map((i) => i.text)).toEqual(['Write the deploy runbook', 'Book the load test lab']);
  });
});

describe('my action items', () => {
  it("lists only the viewer's own, open and in progress by default, due soonest first; other statuses on request", async () => {
    const [, , , pol] = w.members as [Caller, Caller, Caller, Caller];
    const retro = await newRetro(w.manager, w.team.id, { scheduled_at: '2026-12-20T09:00:00Z' });
    await toPhase(w.manager, retro.id, 'REFLECT');
    const late = await add(w.manager, retro.id, { text: 'Later one', owner_id: pol.id, due_on: '2027-02-01' });
    const soon = await add(w.manager, retro.id, { text: 'Soon one', owner_id: pol.id, due_on: '2027-01-05' });
    const undated = await add(w.manager, retro.id, { text: 'Whenever', owner_id: pol.id });
    const dropped = await add(w.manager, retro.id, { text: 'Dropped one', owner_id: pol.id, status: 'DROPPED' });
    await add(w.manager, retro.id, { text: "Someone else's", owner_id: w.members[0]!.id });
    const mine = (await pol.gql(MINE)).data!.myRetroActionItems as Array<Record<string, any>>;
    expect(mine.map((i) => i.id)).toEqual([soon.id, late.id, undated.id]);
    expect((await pol.gql(MINE, { s: ['DROPPED'] })).data!.myRetroActionItems.map((i: { id: string }) => i.id)).toEqual([dropped.id]);
    expect((await w.outsider.gql(MINE)).data!.myRetroActionItems).toEqual([]);
    expect(codeOf(await pol.gql(MINE, { s: ['NOPE'] }))).toBeTruthy();
  });

  it('the owner is told when an item is assigned to them (not when they assign it to themselves)', async () => {
    const [remy, pia] = w.members as [Caller, Caller];
    const retro = await newRetro(w.manager, w.team.id, { scheduled_at: '2026-12-27T09:00:00Z' });
    await toPhase(w.manager, retro.id, 'REFLECT');
    const before = inApp(pia.id).length;
    const item = await add(remy, retro.id, { text: 'Rotate the on-call calendar', owner_id: pia.id, due_on: '2027-01-10' });
    const told = inApp(pia.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('Rotate the on-call calendar');
    expect(told[0]!.body).toContain('Due Jan 10, 2027.');
    expect(told[0]!.link).toBe(`/professional-development/sprint-retro/review/${retro.id}`);
    const miaBefore = inApp(remy.id).length;
    await add(remy, retro.id, { text: 'My own', owner_id: remy.id });
    expect(inApp(remy.id)).toHaveLength(miaBefore);
    // Reassigned: the new owner is told.
    await pia.gql(UPDATE, { id: item.id, i: { owner_id: remy.id } });
    expect(
      inApp(remy.id)
        .slice(miaBefore)
        .map((n) => n.body),
    ).toEqual([expect.stringContaining('Rotate the on-call calendar')]);
  });
});

describe('bad input', () => {
  it('empty or too long text, an owner outside the team or organization, a date past 2099, a foreign group or retro: clear codes, nothing changes', async () => {
    const remy = w.members[0]!;
    const retro = await newRetro(w.manager, w.team.id, { scheduled_at: '2027-01-03T09:00:00Z' });
    await toPhase(w.manager, retro.id, 'REFLECT');
    const item = await add(remy, retro.id, { text: 'Keep me', owner_id: remy.id, due_on: '2027-01-20' });
    const foreign = await newRetro(w.otherAdmin, w.otherOrgTeam.id);
    await toPhase(w.otherAdmin, foreign.id, 'REFLECT');
    const count = itemCount();
    const version = retroRow(app, retro.id).version;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ text: '' }, 'BAD_USER_INPUT'],
      [{ text: '   ' }, 'BAD_USER_INPUT'],
      [{}, 'BAD_USER_INPUT'],
      [{ text: 'x'.repeat(501) }, 'BAD_USER_INPUT'],
      [{ text: 'Owner of another team', owner_id: w.outsider.id }, 'BAD_USER_INPUT'],
      [{ text: 'Owner of another organization', owner_id: w.otherOrgMember.id }, 'BAD_USER_INPUT'],
      [{ text: 'Unknown owner', owner_id: 'nobody' }, 'BAD_USER_INPUT'],
      [{ text: 'Too late', due_on: '2100-01-01' }, 'BAD_USER_INPUT'],
      [{ text: 'Not a date', due_on: '2027-02-30' }, 'BAD_USER_INPUT'],
      [{ text: 'Foreign group', group_id: 'no-such-group' }, 'BAD_USER_INPUT'],
    ];
    for (const [input, code] of cases) expect([input, codeOf(await remy.gql(ADD, { r: retro.id, i: input }))]).toEqual([input, code]);
    expect(codeOf(await remy.gql(ADD, { r: foreign.id, i: { text: 'Foreign retro' } }))).toBe('NOT_FOUND');
    expect(codeOf(await remy.gql(ADD, { r: 'no-such-retro', i: { text: 'Unknown retro' } }))).toBe('NOT_FOUND');
    expect(codeOf(await w.outsider.gql(ADD, { r: retro.id, i: { text: 'Not my team' } }))).toBe('NOT_FOUND');
    for (const input of [{ text: '' }, { text: 'y'.repeat(501) }, { owner_id: w.otherOrgMember.id }, { due_on: '2100-01-01' }, { status: 'LOST' }]) {
      expect([input, codeOf(await remy.gql(UPDATE, { id: item.id, i: input }))]).toEqual([input, 'BAD_USER_INPUT']);
    }
    expect(itemCount()).toBe(count);
    expect(retroRow(app, retro.id).version).toBe(version);
    expect((await lists(remy, retro.id)).action_items).toEqual([
      expect.objectContaining({ text: 'Keep me', owner: expect.objectContaining({ id: remy.id }), due_on: '2027-01-20', status: 'OPEN' }),
    ]);
    expect(codeOf(await remy.gql(UPDATE, { id: 'no-such-item', i: { status: 'DONE' } }))).toBe('NOT_FOUND');
    // 500 characters and 2099-12-31 are fine.
    expect((await remy.gql(ADD, { r: retro.id, i: { text: 'z'.repeat(500), due_on: '2099-12-31' } })).errors).toBeUndefined();
  });
});
