import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchedulerTestApp, type FakeClock } from '../../jobs/jobs.test-support.js';
import { codeOf } from '../../test/helpers.js';
import { addGroups, groupRow, retroRow } from './retros.discuss.test-support.js';
import { newRetro, retroWorld, toPhase, type RetroWorld } from './retros.test-support.js';

let app: FastifyInstance;
let clock: FakeClock;
let w: RetroWorld;

beforeAll(async () => {
  ({ app, clock } = await createSchedulerTestApp());
  w = await retroWorld(app);
});
afterAll(async () => app.close());

const DISCUSSION = 'discussion { group_id started_at elapsed_seconds topic_minutes }';
const readDiscussion = async (as: RetroWorld['members'][number], id: string) =>
  (await as.gql(`query($id: ID!) { retro(id: $id) { phase ${DISCUSSION} } }`, { id })).data!.retro;
const SET_TOPIC = `mutation($r: ID!, $g: ID!) { setRetroTopic(retro_id: $r, group_id: $g) { id ${DISCUSSION} } }`;

/** A retro in VOTE with three topics (B most voted), then moved to DISCUSS. */
async function discussing() {
  const retro = await newRetro(w.manager, w.team.id, { topic_minutes: 7 });
  await toPhase(w.manager, retro.id, 'VOTE');
  const [a, b, c] = addGroups(app, retro.id, [
    { title: 'Flaky CI', votes: 1 },
    { title: 'Release train', votes: 3 },
    { title: 'Pairing', votes: 0 },
  ]);
  await toPhase(w.manager, retro.id, 'DISCUSS');
  return { id: retro.id as string, a: a!, b: b!, c: c! };
}

describe('the discussion', () => {
  it('starts on the most voted topic; the timer runs on the server clock; switching adds the time to the previous topic; the end closes the running one', async () => {
    const r = await discussing();
    const remy = w.members[0]!;
    let d = await readDiscussion(remy, r.id);
    expect(d.phase).toBe('DISCUSS');
    expect(d.discussion).toMatchObject({ group_id: r.b, elapsed_seconds: 0, topic_minutes: 7 });
    expect(d.discussion.started_at).toBe(clock.iso());

    clock.advance(90_000);
    d = await readDiscussion(remy, r.id);
    expect(d.discussion).toMatchObject({ group_id: r.b, elapsed_seconds: 90 });

    const set = await w.manager.gql(SET_TOPIC, { r: r.id, g: r.a });
    expect(set.errors).toBeUndefined();
    expect(set.data!.setRetroTopic.discussion).toMatchObject({ group_id: r.a, elapsed_seconds: 0 });
    expect(groupRow(app, r.b).discussed_seconds).toBe(90);

    clock.advance(30_000);
    expect((await readDiscussion(remy, r.id)).discussion.elapsed_seconds).toBe(30);
    await w.manager.gql(SET_TOPIC, { r: r.id, g: r.b });
    expect(groupRow(app, r.a).discussed_seconds).toBe(30);
    clock.advance(20_000);

    await toPhase(w.manager, r.id, 'SUMMARY');
    expect(groupRow(app, r.b).discussed_seconds).toBe(110);
    expect(groupRow(app, r.a).discussed_seconds).toBe(30);
    expect(groupRow(app, r.c).discussed_seconds).toBe(0);
    // What the summary shows: topics by votes with the time each took.
    const shown = (await remy.gql('query($id: ID!) { retro(id: $id) { groups { id votes discussed_seconds } } }', { id: r.id })).data!.retro.groups;
    expect(shown).toEqual([
      { id: r.b, votes: 3, discussed_seconds: 110 },
      { id: r.a, votes: 1, discussed_seconds: 30 },
      { id: r.c, votes: 0, discussed_seconds: 0 },
    ]);
    d = await readDiscussion(remy, r.id);
    expect(d.discussion).toMatchObject({ group_id: null, started_at: null, elapsed_seconds: 0 });

    const late = await w.manager.gql(SET_TOPIC, { r: r.id, g: r.c });
    expect(codeOf(late)).toBe('CONFLICT');
  });

  it('only facilitators choose the topic; a group of another retro or an unknown one is NOT_FOUND; nothing changes', async () => {
    const r = await discussing();
    const other = await discussing();
    const before = retroRow(app, r.id);
    expect(codeOf(await w.members[1]!.gql(SET_TOPIC, { r: r.id, g: r.a }))).toBe('FORBIDDEN');
    expect(codeOf(await w.manager.gql(SET_TOPIC, { r: r.id, g: other.a }))).toBe('NOT_FOUND');
    expect(codeOf(await w.manager.gql(SET_TOPIC, { r: r.id, g: 'no-such-group' }))).toBe('NOT_FOUND');
    expect(codeOf(await w.outsider.gql(SET_TOPIC, { r: r.id, g: r.a }))).toBe('NOT_FOUND');
    expect(codeOf(await w.otherAdmin.gql(SET_TOPIC, { r: r.id, g: r.a }))).toBe('NOT_FOUND');
    const after = retroRow(app, r.id);
    expect([after.topic_group_id, after.topic_started_at, after.version]).toEqual([before.topic_group_id, before.topic_started_at, before.version]);
    // The facilitator, the team's manager or an admin may.
    expect((await w.admin.gql(SET_TOPIC, { r: r.id, g: r.c })).data!.setRetroTopic.discussion.group_id).toBe(r.c);
  });

  it('not before DISCUSS: choosing a topic in VOTE is CONFLICT', async () => {
    const retro = await newRetro(w.manager, w.team.id);
    await toPhase(w.manager, retro.id, 'VOTE');
    const [g] = addGroups(app, retro.id, [{ title: 'Too early' }]);
    expect(codeOf(await w.manager.gql(SET_TOPIC, { r: retro.id, g }))).toBe('CONFLICT');
    expect(retroRow(app, retro.id).topic_group_id).toBeNull();
  });
});
